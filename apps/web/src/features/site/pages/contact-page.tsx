import { CONTACT_CONTENT_MAX_LENGTH } from '@postflow/contract/client';
import { contactRequestSchema } from '../../../lib/form-schemas';
import { useState, type FocusEvent, type FormEvent } from 'react';
import { Link } from 'react-router';
import { Alert } from '../../../components/ui/alert';
import { Button } from '../../../components/ui/button';
import { TextArea } from '../../../components/ui/text-area';
import { TextField } from '../../../components/ui/text-field';
import { isApiError } from '../../../lib/api-client';
import { useSendContact, useSiteInfo } from '../api/site-api';
import { ClockIcon, MailIcon } from '../components/site-icons';
import { textLinkClass } from '../components/site-links';
import { SitePage } from '../components/site-page';

/** docs/product.md, Public site · Contact. */
export const SUPPORT_HOURS = 'Monday to Friday 9AM to 6PM and weekends 10AM to 4PM (UTC+8)';
export const CONTACT_SUCCESS = 'Thank you! Your message has been sent successfully.';
export const CONTACT_FAILURE = 'Something went wrong. Please try again later.';

type Field = 'name' | 'email' | 'subject' | 'message';
const FIELDS: readonly Field[] = ['name', 'email', 'subject', 'message'];
/** The form says "subject" and "message"; the call says `title` and `content`. */
const wireName = { name: 'name', email: 'email', subject: 'title', message: 'content' } as const satisfies Record<Field, string>;
const formName: Record<string, Field> = { name: 'name', email: 'email', title: 'subject', content: 'message' };
const empty: Record<Field, string> = { name: '', email: '', subject: '', message: '' };

function fieldError(field: Field, value: string): string | undefined {
  const result = contactRequestSchema.shape[wireName[field]].safeParse(value);
  return result.success ? undefined : result.error.issues[0]?.message;
}

function formErrors(values: Record<Field, string>): Partial<Record<Field, string>> {
  const errors: Partial<Record<Field, string>> = {};
  for (const field of FIELDS) errors[field] = fieldError(field, values[field]);
  return errors;
}

/** The server's own words for a refusal it explained (4xx); anything else gets the generic sentence. */
function failureMessage(error: unknown): string {
  return isApiError(error) && error.status >= 400 && error.status < 500 ? error.message : CONTACT_FAILURE;
}

/** docs/product.md, Public site · Contact: name, email, subject and message, all required; support hours and address. */
export function ContactPage() {
  const [values, setValues] = useState(empty);
  const [errors, setErrors] = useState<Partial<Record<Field, string>>>({});
  const send = useSendContact();

  function validate(field: Field, value: string) {
    setErrors((current) => ({ ...current, [field]: fieldError(field, value) }));
  }

  function onChange(field: Field, value: string) {
    setValues((current) => ({ ...current, [field]: value }));
    if (errors[field]) validate(field, value);
  }

  function onBlur(field: Field, event: FocusEvent<HTMLInputElement | HTMLTextAreaElement>) {
    if (event.target.value !== '' || errors[field]) validate(field, event.target.value);
  }

  function onSubmit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    const found = formErrors(values);
    setErrors(found);
    const firstInvalid = FIELDS.find((field) => found[field]);
    if (firstInvalid) {
      event.currentTarget.querySelector<HTMLElement>(`[name="${firstInvalid}"]`)?.focus();
      return;
    }
    send.mutate(
      { name: values.name, email: values.email, type: 'CONTACT', title: values.subject, content: values.message },
      {
        onSuccess: () => {
          setValues(empty);
          setErrors({});
        },
        onError: (error) => {
          if (!isApiError(error)) return;
          const fromServer: Partial<Record<Field, string>> = {};
          for (const [name, message] of Object.entries(error.fields)) {
            const field = formName[name];
            if (field) fromServer[field] = message;
          }
          setErrors(fromServer);
        },
      },
    );
  }

  const common = (field: Field) => ({
    name: field,
    value: values[field],
    error: errors[field],
    onChange: (event: { target: { value: string } }) => onChange(field, event.target.value),
    onBlur: (event: FocusEvent<HTMLInputElement | HTMLTextAreaElement>) => onBlur(field, event),
  });

  return (
    <SitePage
      title="Contact"
      width="wide"
      lead="Questions, ideas or something not working? Write to us and we will get back to you by email."
    >
      <div className="mt-10 grid gap-10 lg:grid-cols-[2fr_1fr]">
        <form noValidate onSubmit={onSubmit} aria-label="Contact form" className="flex flex-col gap-5">
          {send.isSuccess && <Alert variant="success">{CONTACT_SUCCESS}</Alert>}
          {send.isError && <Alert variant="error">{failureMessage(send.error)}</Alert>}
          <div className="grid gap-5 sm:grid-cols-2">
            <TextField label="Name" autoComplete="name" maxLength={100} {...common('name')} />
            <TextField label="Email" type="email" inputMode="email" autoComplete="email" maxLength={254} {...common('email')} />
          </div>
          <TextField label="Subject" maxLength={200} {...common('subject')} />
          <TextArea
            label="Message"
            rows={8}
            hint={`${values.message.length.toLocaleString('en-US')} / ${CONTACT_CONTENT_MAX_LENGTH.toLocaleString('en-US')} characters`}
            {...common('message')}
          />
          <div>
            <Button type="submit" size="lg" busy={send.isPending} busyLabel="Sending...">
              Send message
            </Button>
          </div>
        </form>
        <SupportDetails />
      </div>
    </SitePage>
  );
}

function SupportDetails() {
  const info = useSiteInfo();
  const supportEmail = info.data?.supportEmail;
  return (
    <aside aria-labelledby="support-details" className="h-fit rounded-2xl bg-slate-50 p-6 ring-1 ring-slate-200">
      <h2 id="support-details" className="text-lg font-semibold text-slate-900">
        Support
      </h2>
      <ul className="mt-4 flex flex-col gap-5 text-sm">
        <li className="flex gap-3">
          <ClockIcon className="text-brand" />
          <p className="text-slate-700">
            <strong className="block font-medium text-slate-900">Support hours</strong>
            {SUPPORT_HOURS}
          </p>
        </li>
        <li className="flex gap-3">
          <MailIcon className="text-brand" />
          <p className="min-w-0 break-words text-slate-700">
            <strong className="block font-medium text-slate-900">Email</strong>
            {info.isPending ? (
              'Loading…'
            ) : supportEmail ? (
              <a href={`mailto:${supportEmail}`} className={textLinkClass}>
                {supportEmail}
              </a>
            ) : (
              'This server has no public support address. Use the form: it reaches the people who run it.'
            )}
          </p>
        </li>
      </ul>
      <p className="mt-6 text-sm text-slate-700">
        Many answers are already in the{' '}
        <Link to="/guides" className={textLinkClass}>
          guides
        </Link>
        .
      </p>
    </aside>
  );
}

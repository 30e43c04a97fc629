import type { UpdateProfileRequest, User } from '@postflow/contract';
import { BIO_MAX_LENGTH, PROFILE_NAME_MAX_LENGTH } from '@postflow/contract/client';
import { updateProfileRequestSchema } from '../../../lib/form-schemas';
import { useId, useState, type FormEvent } from 'react';
import { Alert } from '../../../components/ui/alert';
import { Button } from '../../../components/ui/button';
import { cx } from '../../../components/ui/cx';
import { Dialog } from '../../../components/ui/dialog';
import { useToast } from '../../../components/ui/toast';
import { TextField } from '../../../components/ui/text-field';
import { isApiError } from '../../../lib/api-client';
import { displayName } from '../../../lib/user-display';
import { useUpdateProfile } from '../api/use-update-profile';
import { useUploadProfileImage, type ProfileImageKind } from '../api/use-upload-profile-image';
import { CoverImage } from './cover-image';
import { checkImageFile, ImageUploadField } from './image-upload-field';
import { ProfileAvatar } from '../../../components/ui/initials-avatar';

export const PROFILE_UPDATE_FAILED = 'Failed to update profile. Please try again.';

type Form = Required<
  Pick<UpdateProfileRequest, 'firstName' | 'lastName' | 'email' | 'username' | 'bio' | 'location' | 'website' | 'currentPassword'>
>;
type FieldErrors = Partial<Record<keyof Form, string>>;

/** The form's starting values; someone who only gave a full name at sign-up gets it split into first and last. */
export function initialForm(user: User): Form {
  const [first = '', ...rest] = user.name.trim().split(/\s+/);
  return {
    firstName: user.firstName ?? first,
    lastName: user.lastName ?? rest.join(' '),
    email: user.email ?? '',
    username: user.username ?? '',
    bio: user.bio ?? '',
    location: user.location ?? '',
    website: user.website ?? '',
    currentPassword: '',
  };
}

/** A new address needs the current password (decision 108); the same one in another case does not. */
export function changesEmail(user: User, email: string): boolean {
  return email.trim().toLowerCase() !== (user.email ?? '').trim().toLowerCase();
}

/** The same rules and words as the server (one schema in the contract), so most mistakes are caught before sending. */
export function validateProfile(form: Form): FieldErrors {
  const parsed = updateProfileRequestSchema.safeParse(form);
  if (parsed.success) return {};
  const errors: FieldErrors = {};
  for (const issue of parsed.error.issues) {
    const field = issue.path[0] as keyof Form;
    errors[field] ??= issue.message;
  }
  return errors;
}

const textAreaClasses =
  'w-full rounded-lg border bg-white px-3 py-2 text-base text-slate-900 shadow-sm focus:outline-2 focus:outline-offset-0 focus:outline-brand sm:text-sm disabled:bg-slate-50';

/**
 * Said as soon as a name is over the limit, instead of the field silently refusing the rest of a paste
 * (docs/product.md, Profile · Edit profile).
 */
export function nameTooLong(value: string): string | undefined {
  const length = value.trim().length;
  if (length <= PROFILE_NAME_MAX_LENGTH) return undefined;
  return `Names can be up to ${PROFILE_NAME_MAX_LENGTH} characters; this one has ${length}.`;
}

/**
 * docs/product.md, Profile · Edit profile: cover and avatar uploads, username, bio, first and last name,
 * email (plus location and website, which the header shows). Rendered only while open, so closing
 * drops its error and saving state.
 */
export function EditProfileModal({ user, onClose }: { user: User; onClose: () => void }) {
  const update = useUpdateProfile();
  const toast = useToast();
  const avatarUpload = useUploadProfileImage('avatar');
  const coverUpload = useUploadProfileImage('cover');
  const [form, setForm] = useState<Form>(() => initialForm(user));
  const [fieldErrors, setFieldErrors] = useState<FieldErrors>({});
  const [error, setError] = useState<{ title: string; detail?: string } | null>(null);
  const formId = useId();
  const bioId = useId();
  const saving = update.isPending;
  const uploading = avatarUpload.isPending || coverUpload.isPending;

  function set<K extends keyof Form>(field: K, value: Form[K]) {
    setForm((current) => ({ ...current, [field]: value }));
    setFieldErrors(({ [field]: _cleared, ...rest }) => rest);
  }

  function close() {
    update.reset();
    onClose();
  }

  function uploadImage(kind: ProfileImageKind, file: File) {
    const problem = checkImageFile(file);
    if (problem) {
      setError({ title: problem });
      return;
    }
    setError(null);
    (kind === 'avatar' ? avatarUpload : coverUpload).mutate(file, {
      onError: (failure) =>
        setError({
          title: isApiError(failure) && failure.status < 500 ? failure.message : 'Failed to upload the image. Please try again.',
        }),
    });
  }

  function submit(event: FormEvent) {
    event.preventDefault();
    if (saving) return;
    const invalid = validateProfile(form);
    setFieldErrors(invalid);
    if (Object.keys(invalid).length > 0) {
      setError(null);
      return;
    }
    setError(null);
    const { currentPassword, ...fields } = form;
    update.mutate(changesEmail(user, form.email) && currentPassword ? { ...fields, currentPassword } : fields, {
      onSuccess: ({ user: saved }) => {
        const emailChanged = changesEmail(user, saved.email ?? '');
        toast({
          variant: 'success',
          title: 'Profile saved',
          message: emailChanged
            ? `You now sign in with ${saved.email}; your old address was told about the change.`
            : 'Your profile and the header show the changes.',
        });
        onClose();
      },
      onError: (failure) => {
        const fields = isApiError(failure) ? (failure.fields as FieldErrors) : {};
        setFieldErrors(fields);
        setError({ title: PROFILE_UPDATE_FAILED, detail: Object.values(fields)[0] });
      },
    });
  }

  const name = displayName(user);
  const busy = saving || uploading;

  return (
    <Dialog
      open
      title="Edit Profile"
      onClose={close}
      dismissible={!saving}
      actions={
        <>
          <Button variant="secondary" onClick={close} disabled={saving}>
            Cancel
          </Button>
          <Button type="submit" form={formId} busy={saving} busyLabel="Saving..." disabled={uploading}>
            Save Changes
          </Button>
        </>
      }
    >
      <form id={formId} noValidate onSubmit={submit} className="-mx-1 max-h-[60vh] overflow-y-auto px-1">
        <fieldset disabled={saving} className="flex flex-col gap-4">
          <ImageUploadField
            label="Cover image"
            buttonLabel="Change cover"
            preview={<CoverImage src={user.coverURL} className="h-24 rounded-lg" />}
            uploading={coverUpload.isPending}
            disabled={busy}
            onFile={(file) => uploadImage('cover', file)}
          />
          <ImageUploadField
            label="Profile picture"
            buttonLabel="Change photo"
            preview={<ProfileAvatar name={name} src={user.avatarURL} className="size-16 text-xl" />}
            uploading={avatarUpload.isPending}
            disabled={busy}
            onFile={(file) => uploadImage('avatar', file)}
          />
          <TextField
            label="Username"
            required
            value={form.username}
            error={fieldErrors.username}
            onChange={(event) => set('username', event.target.value)}
            autoComplete="username"
          />
          <div className="flex flex-col gap-1.5">
            <label htmlFor={bioId} className="text-sm font-medium text-slate-800">
              Bio
            </label>
            <textarea
              id={bioId}
              rows={3}
              value={form.bio}
              onChange={(event) => set('bio', event.target.value)}
              aria-invalid={fieldErrors.bio ? true : undefined}
              aria-describedby={`${bioId}-count`}
              className={cx(textAreaClasses, fieldErrors.bio ? 'border-red-500' : 'border-slate-300')}
            />
            <p
              id={`${bioId}-count`}
              className={cx(
                'self-end text-xs tabular-nums',
                form.bio.length > BIO_MAX_LENGTH ? 'font-semibold text-red-700' : 'text-slate-500',
              )}
            >
              {form.bio.length}/{BIO_MAX_LENGTH}
            </p>
            {fieldErrors.bio && <p className="text-sm text-red-700">{fieldErrors.bio}</p>}
          </div>
          <div className="grid gap-4 sm:grid-cols-2">
            <TextField
              label="First name"
              required
              value={form.firstName}
              error={fieldErrors.firstName ?? nameTooLong(form.firstName)}
              onChange={(event) => set('firstName', event.target.value)}
              autoComplete="given-name"
            />
            <TextField
              label="Last name"
              required
              value={form.lastName}
              error={fieldErrors.lastName ?? nameTooLong(form.lastName)}
              onChange={(event) => set('lastName', event.target.value)}
              autoComplete="family-name"
            />
          </div>
          <TextField
            label="Email"
            type="email"
            required
            value={form.email}
            error={fieldErrors.email}
            onChange={(event) => set('email', event.target.value)}
            autoComplete="email"
          />
          {changesEmail(user, form.email) && (
            <TextField
              label="Current password"
              type="password"
              hint="Needed to change your email. No password (you sign in with X or LinkedIn)? Leave it empty: it works within 10 minutes of signing in."
              value={form.currentPassword}
              error={fieldErrors.currentPassword}
              onChange={(event) => set('currentPassword', event.target.value)}
              autoComplete="current-password"
            />
          )}
          <TextField
            label="Location"
            value={form.location}
            error={fieldErrors.location}
            onChange={(event) => set('location', event.target.value)}
          />
          <TextField
            label="Website"
            type="url"
            placeholder="https://"
            value={form.website}
            error={fieldErrors.website}
            onChange={(event) => set('website', event.target.value)}
            autoComplete="url"
          />
          {error && (
            <Alert variant="error" title={error.title}>
              {error.detail}
            </Alert>
          )}
        </fieldset>
      </form>
    </Dialog>
  );
}

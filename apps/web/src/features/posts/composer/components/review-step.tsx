import type { Network } from '@postflow/contract';
import { X_MAX_WEIGHTED_LENGTH } from '@postflow/contract/client';
import { useId } from 'react';
import { Link } from 'react-router';
import { TimeZoneNote } from '../../../../components/time-zone-note';
import { Alert } from '../../../../components/ui/alert';
import { PlatformIcon, WarningIcon } from '../../../../components/ui/icons';
import { TextField } from '../../../../components/ui/text-field';
import { xCount, xWeightNote } from '../counters';
import { ComposerPreviews, type ChannelPreview, type ComposerPreviewsProps, type NetworkExtras } from '../previews/composer-previews';
import type { PreviewAttachments } from '../previews/preview-attachments';
import { BOTH_NEEDED_MESSAGE, describeSchedule, scheduledInstant } from '../schedule';
import { NETWORK_NAMES } from '../wizard';

export const PUBLISH_FAILED_MESSAGE = 'Failed to create post. Please try again.';

export interface ReviewStepProps {
  platforms: readonly Network[];
  texts: Record<string, string>;
  /** The first attached image, shown with the text. */
  image: { previewUrl: string } | null;
  /** Who the LinkedIn post goes out as, e.g. 'Ada Lovelace (personal profile)'; null when channels say it. */
  linkedInAs: string | null;
  /** The files the previews draw. */
  previewAttachments: PreviewAttachments;
  /** The link card a copy with this text shows on this network. */
  linkCardFor: ComposerPreviewsProps['linkCardFor'];
  /** With channels chosen, the previews follow them. */
  previewChannels?: readonly ChannelPreview[] | undefined;
  /** X's thread as it goes out, with the server's words about its posts (docs/product.md, Composer · Threads). */
  xThread?: { texts: readonly string[]; problems: Readonly<Record<number, string>> } | null;
  /** LinkedIn's first comment, when there is one. */
  firstComment?: string | null;
  /** X's thread and LinkedIn's first comment, for the previews. */
  previewExtras?: NetworkExtras;
  date: string;
  time: string;
  onDateChange: (date: string) => void;
  onTimeChange: (time: string) => void;
  /** Today in the person's zone: the date input's minimum. */
  minDate: string;
  timeZone: string;
  /** 'Scheduled time must be in the future' (or the both-needed message) after Schedule. */
  scheduleError: string | null;
  /** The publish call's failure: the server's own words when it gave some. */
  publishError: string | null;
}

/** docs/product.md, Composer · Review and schedule: what will go out where, and when. */
export function ReviewStep(props: ReviewStepProps) {
  const { platforms, texts, image, linkedInAs, date, time, onDateChange, onTimeChange, minDate, timeZone, scheduleError, publishError } =
    props;
  const scheduleMessageId = useId();
  const instant = scheduledInstant(date, time, timeZone);
  const when = instant ? describeSchedule(instant, timeZone) : null;
  // The button is disabled until both are set; with one set, say why.
  const message = scheduleError ?? (Boolean(date) !== Boolean(time) ? BOTH_NEEDED_MESSAGE : null);
  const fieldProps = { 'aria-describedby': message ? scheduleMessageId : undefined, 'aria-invalid': scheduleError ? true : undefined };

  return (
    <div className="flex flex-col gap-6">
      <ul aria-label="What will be posted" className="grid gap-4 lg:grid-cols-2">
        {platforms.map((platform) => {
          const text = texts[platform] ?? '';
          const thread = platform === 'x' ? props.xThread : null;
          const over = platform === 'x' && !thread ? -xCount(text).remaining : 0;
          const comment = platform === 'linkedin' ? props.firstComment?.trim() : undefined;
          return (
            <li key={platform} className="flex min-w-0 flex-col gap-3 rounded-xl bg-white p-4 shadow-sm ring-1 ring-slate-200">
              <div className="flex items-center gap-2">
                <PlatformIcon provider={platform} className="size-5" />
                <h3 className="font-semibold text-slate-900">{NETWORK_NAMES[platform].name}</h3>
              </div>
              {platform === 'linkedin' && linkedInAs && <p className="text-sm text-slate-600">Posting as {linkedInAs}</p>}
              {thread ? <ThreadList texts={thread.texts} problems={thread.problems} /> : <PostText text={text} />}
              {image && (
                <img
                  src={image.previewUrl}
                  alt={`Image attached to the ${NETWORK_NAMES[platform].short} post`}
                  className="max-h-48 w-full rounded-lg bg-slate-100 object-contain"
                />
              )}
              {over > 0 && (
                <p className="flex items-start gap-2 rounded-lg bg-amber-50 p-2 text-sm text-amber-900 ring-1 ring-amber-200 ring-inset">
                  <WarningIcon className="mt-px size-4" />
                  <span>
                    {xCount(text).used} of {X_MAX_WEIGHTED_LENGTH} characters: {over} over X&apos;s limit{xWeightNote(text)}. X will refuse
                    it; go back and shorten it.
                  </span>
                </p>
              )}
              {comment && (
                <p className="border-t border-slate-200 pt-2 text-sm break-words whitespace-pre-wrap text-slate-700">
                  <span className="font-medium text-slate-900">First comment: </span>
                  {comment}
                </p>
              )}
            </li>
          );
        })}
      </ul>

      <ComposerPreviews
        platforms={platforms}
        texts={texts}
        attachments={props.previewAttachments}
        linkCardFor={props.linkCardFor}
        channels={props.previewChannels}
        extras={props.previewExtras}
      />

      <fieldset className="flex flex-col gap-3 rounded-xl bg-white p-4 shadow-sm ring-1 ring-slate-200">
        <legend className="float-left text-sm font-semibold text-slate-900">Schedule for later</legend>
        <p className="clear-left text-sm text-slate-600">Pick a date and time in your time zone, or post it now.</p>
        <TimeZoneNote timeZone={timeZone} />
        <div className="grid gap-3 sm:grid-cols-2">
          <TextField
            label="Date"
            type="date"
            min={minDate}
            value={date}
            onChange={(event) => onDateChange(event.target.value)}
            {...fieldProps}
          />
          <TextField label="Time" type="time" value={time} onChange={(event) => onTimeChange(event.target.value)} {...fieldProps} />
        </div>
        {when && (
          <p className="text-sm font-medium text-slate-800">
            {when.local} · {when.utc}
          </p>
        )}
        {message && (
          <p
            id={scheduleMessageId}
            role={scheduleError ? 'alert' : undefined}
            className={scheduleError ? 'text-sm text-red-700' : 'text-sm text-slate-600'}
          >
            {message}
          </p>
        )}
      </fieldset>

      <p className="text-sm text-slate-600">
        Add to queue gives each account its next free posting time.{' '}
        <Link to="/queue" className="font-medium text-brand underline">
          Set up posting times
        </Link>
      </p>

      {publishError !== null && (
        <Alert variant="error" title={PUBLISH_FAILED_MESSAGE}>
          {publishError || undefined}
        </Alert>
      )}
    </div>
  );
}

function PostText({ text }: { text: string }) {
  return <p className="text-sm break-words whitespace-pre-wrap text-slate-800">{text}</p>;
}

/** An X thread on Review: each post with its count, and what the server said about it. */
function ThreadList({ texts, problems }: { texts: readonly string[]; problems: Readonly<Record<number, string>> }) {
  return (
    <ol aria-label={`X thread of ${texts.length} posts`} className="flex flex-col gap-2">
      {texts.map((text, index) => {
        const count = xCount(text);
        return (
          <li key={index} className="flex flex-col gap-1 border-l-2 border-slate-300 pl-3">
            <span className="text-xs font-medium text-slate-600">
              Post {index + 1} of {texts.length} · {count.used} / {X_MAX_WEIGHTED_LENGTH}
            </span>
            <PostText text={text} />
            {count.remaining < 0 && (
              <p className="text-sm text-amber-900">
                {-count.remaining} over X&apos;s limit{xWeightNote(text)}: go back and shorten it.
              </p>
            )}
            {problems[index] && (
              <p role="alert" className="text-sm text-red-700">
                {problems[index]}
              </p>
            )}
          </li>
        );
      })}
    </ol>
  );
}

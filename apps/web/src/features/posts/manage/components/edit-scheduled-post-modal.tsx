import { LINKEDIN_COMMENT_MAX_LENGTH, MEDIA_LIMITS } from '@postflow/contract/client';
import { useId, useState, type FormEvent } from 'react';
import { Alert } from '../../../../components/ui/alert';
import { approvalNote } from '../../../../lib/post-status';
import { Button } from '../../../../components/ui/button';
import { cx } from '../../../../components/ui/cx';
import { Dialog } from '../../../../components/ui/dialog';
import { isApiError } from '../../../../lib/api-client';
import { useUpdatePost } from '../api/use-post-actions';
import { editLimit, toEditPlatform, type DisplayPost, type EditPlatform } from '../lib/post-display';
import { toLocalInputValue } from '../lib/schedule-time';
import { useNow } from '../lib/use-now';
import { useToast } from '../../../../components/ui/toast';
import { formatWhen } from '../../../../lib/date-time';
import { networkLabel } from '../lib/post-words';
import { AltTextField } from '../../composer/components/alt-text-field';
import { FirstCommentField } from '../../composer/thread/first-comment-field';
import { ThreadEditor } from '../../composer/thread/thread-editor';
import { outgoingText, outgoingTexts } from '../../composer/thread/thread-parts';
import { NETWORK_COMMENT, NETWORK_THREAD, useComposerThreads } from '../../composer/thread/use-composer-threads';
import { useMediaUploads } from '../../composer/use-media-attachments';
import { asPublishFields, partOneHoldsFiles, savedThreadsOf } from '../lib/edit-thread';

export const UPDATE_FAILED = 'Failed to update post. Please try again.';
/** docs/product.md, Profile · Edit scheduled post: the datetime input's minimum is one minute from now. */
const MIN_LEAD_MS = 60_000;

const fieldClasses =
  'w-full rounded-lg border border-slate-300 bg-white px-3 text-base text-slate-900 shadow-sm focus:outline-2 focus:outline-offset-0 focus:outline-brand sm:text-sm disabled:bg-slate-50';

/** The messages of docs/product.md, Profile · Edit scheduled post, in the order the messages apply. */
export function validatePostEdit(input: { text: string; when: string }, now: number): string | null {
  if (!input.text.trim()) return 'Post content cannot be empty';
  if (!input.when) return 'Schedule time is required';
  const when = new Date(input.when).getTime();
  if (Number.isNaN(when)) return 'Schedule time is required';
  if (when <= now) return 'Schedule time must be in the future';
  return null;
}

/** The moment of a save, read when the person saves (never while rendering). */
const submittedAt = () => Date.now();

/** The server's own words when it explains a refusal (docs/product.md, Profile · Scheduled posts); ours otherwise. */
function updateError(error: unknown): string {
  if (isApiError(error) && [400, 404, 409].includes(error.status)) return error.message;
  return UPDATE_FAILED;
}

/** How a file is named in the modal, which has its address but not its name. */
const attachmentName = (index: number, count: number) => (count > 1 ? `attachment ${index + 1}` : 'the attachment');

/**
 * docs/product.md, Profile · Edit scheduled post: platform, text with a counter against the platform's
 * limit, time, each file with its alt text (or a document's title). Rendered only while open, so
 * closing drops its error and saving state. An edit keeps what it does not change
 * (docs/decisions/152-channel-picker-and-kept-attachments.md). An X thread is edited part by part in
 * the composer's thread editor, and a LinkedIn post's first comment in its field
 * (docs/decisions/155-threads.md, Editing).
 */
export function EditScheduledPostModal({ post, onClose }: { post: DisplayPost; onClose: () => void }) {
  const now = useNow();
  const update = useUpdatePost();
  const toast = useToast();
  const [platform, setPlatform] = useState<EditPlatform>(toEditPlatform(post.platform));
  const [text, setText] = useState(post.content);
  const [when, setWhen] = useState(() => (post.scheduledFor ? toLocalInputValue(new Date(post.scheduledFor)) : ''));
  const [alts, setAlts] = useState(post.mediaAlts);
  const [documentTitle, setDocumentTitle] = useState(post.documentTitle);
  const [error, setError] = useState<string | null>(null);
  const uploads = useMediaUploads();
  const [saved] = useState(() => savedThreadsOf(post));
  const threads = useComposerThreads(uploads, saved);
  const xThread = platform === 'twitter' ? threads.networkThread(['x']) : undefined;
  // Part 1 shows the post's images as its own while the thread it was opened with is edited.
  const filesInPartOne = Boolean(xThread && saved.threads && partOneHoldsFiles(post));
  const comment = threads.comments[NETWORK_COMMENT] ?? '';
  const formId = useId();
  const counterId = useId();
  const { limit, length } = editLimit(platform);
  const used = length(text);
  const altLimit = MEDIA_LIMITS[platform === 'linkedin' ? 'linkedin' : 'x'].altTextLength;
  const over =
    (xThread ? outgoingTexts(xThread).some((part) => length(part) > limit) : used > limit) ||
    (!filesInPartOne && alts.some((alt) => alt.length > altLimit)) ||
    (platform === 'linkedin' && comment.length > LINKEDIN_COMMENT_MAX_LENGTH);
  const saving = update.isPending;
  const joinedParts = () => xThread?.parts.map((part) => part.text.trim()).join('\n\n') ?? text;

  /** What the edit says about the thread and comment: the parts as they stand, one text again, or a changed comment (null removes it). */
  function chainFields() {
    if (platform === 'linkedin') {
      // Left out when untouched, so the call says only what the person changed.
      if (comment === (saved.firstComments?.[NETWORK_COMMENT] ?? '')) return {};
      return { firstComment: threads.publishFields(['linkedin'], []).firstComment?.linkedin ?? null };
    }
    if (xThread) return { thread: threads.publishFields(['x'], []).thread?.x ?? [] };
    // A thread made one post again: its later parts go.
    return saved.threads ? { thread: [text] } : {};
  }

  // Editing a field clears the error.
  function edited<T>(set: (value: T) => void) {
    return (value: T) => {
      set(value);
      setError(null);
    };
  }

  function close() {
    update.reset();
    onClose();
  }

  function submit(event: FormEvent) {
    event.preventDefault();
    if (over || saving || threads.uploading) return;
    const invalid = validatePostEdit({ text: xThread ? outgoingText(xThread, 0) : text, when }, submittedAt());
    if (invalid) {
      setError(invalid);
      return;
    }
    update.mutate(
      {
        id: post.id,
        // linkedin_org_id is sent empty (the server keeps the one chosen when composing).
        body: {
          // With a thread, part 1 is the text.
          ...(xThread ? {} : { text }),
          platform,
          scheduled_for: new Date(when).toISOString(),
          media_urls: filesInPartOne ? [] : post.mediaUrls,
          ...(post.mediaUrls.length && !filesInPartOne ? { media: alts.map((alt) => ({ alt })) } : {}),
          ...chainFields(),
          ...(documentTitle !== null ? { document: { title: documentTitle } } : {}),
          linkedin_org_id: '',
        },
      },
      {
        onSuccess: ({ post: saved }) => {
          toast({
            variant: 'success',
            title: 'Changes saved',
            message:
              saved.status === 'pending_approval'
                ? `Sent for approval; once approved it goes out ${saved.scheduled_for ? formatWhen(saved.scheduled_for) : 'at its time'} on ${networkLabel(saved.platform)}.`
                : saved.scheduled_for
                  ? `Scheduled for ${formatWhen(saved.scheduled_for)} on ${networkLabel(saved.platform)}.`
                  : `Saved for ${networkLabel(saved.platform)}.`,
          });
          onClose();
        },
        onError: (failure) => {
          setError(updateError(failure));
          // A refusal naming a part or the comment is also shown under it.
          if (isApiError(failure)) threads.showProblems(asPublishFields(failure.fields));
        },
      },
    );
  }

  return (
    <Dialog
      open
      title="Edit Scheduled Post"
      onClose={close}
      wide={Boolean(xThread)}
      dismissible={!saving}
      actions={
        <>
          <Button variant="secondary" onClick={close} disabled={saving}>
            Cancel
          </Button>
          <Button type="submit" form={formId} busy={saving} busyLabel="Saving..." disabled={over || threads.uploading}>
            Save Changes
          </Button>
        </>
      }
    >
      <form id={formId} noValidate onSubmit={submit}>
        <fieldset disabled={saving} className="flex flex-col gap-4">
          {approvalNote({ status: post.status, failure_reason: post.failureReason }) && (
            <Alert variant={post.status === 'rejected' ? 'error' : 'warning'}>
              {approvalNote({ status: post.status, failure_reason: post.failureReason })}
            </Alert>
          )}
          <label className="flex flex-col gap-1.5 text-sm font-medium text-slate-800">
            Platform
            <select
              value={platform}
              onChange={(event) => edited(setPlatform)(event.target.value as EditPlatform)}
              className={cx(fieldClasses, 'h-11')}
            >
              <option value="linkedin">LinkedIn</option>
              <option value="twitter">X (Twitter)</option>
            </select>
          </label>
          {!xThread && (
            <div className="flex flex-col gap-1.5">
              <label className="flex flex-col gap-1.5 text-sm font-medium text-slate-800">
                Content
                <textarea
                  value={text}
                  onChange={(event) => edited(setText)(event.target.value)}
                  rows={6}
                  aria-describedby={counterId}
                  aria-invalid={over || undefined}
                  className={cx(fieldClasses, 'py-2', over && 'border-red-500')}
                />
              </label>
              <p
                id={counterId}
                data-over={over}
                className={cx('self-end text-xs tabular-nums', over ? 'font-semibold text-red-700' : 'text-slate-500')}
              >
                {used}/{limit}
                {over && <span className="sr-only"> (over the limit)</span>}
              </p>
            </div>
          )}
          {platform === 'twitter' && (
            <ThreadEditor
              title="Thread on X"
              controller={threads.controller(NETWORK_THREAD)}
              onSplit={(numbered) => threads.split(NETWORK_THREAD, joinedParts(), numbered)}
              onStop={() => {
                // Nothing written is lost: the parts become the one text.
                setText(joinedParts());
                threads.stop(NETWORK_THREAD);
              }}
              canSplit={joinedParts().trim() !== ''}
              errors={threads.partProblems[NETWORK_THREAD]}
              threadHint="“Split again” joins the posts and splits them anew; “Post one text instead” joins them into one text."
            />
          )}
          {platform === 'linkedin' && (
            <FirstCommentField
              value={comment}
              onChange={(next) => threads.setComment(NETWORK_COMMENT, next)}
              error={threads.commentProblems[NETWORK_COMMENT]}
            />
          )}
          <label className="flex flex-col gap-1.5 text-sm font-medium text-slate-800">
            Schedule time
            <input
              type="datetime-local"
              value={when}
              min={toLocalInputValue(new Date(now + MIN_LEAD_MS))}
              onChange={(event) => edited(setWhen)(event.target.value)}
              className={cx(fieldClasses, 'h-11')}
            />
          </label>
          {documentTitle !== null ? (
            <label className="flex flex-col gap-1.5 text-sm font-medium text-slate-800">
              Document title
              <input
                type="text"
                value={documentTitle}
                onChange={(event) => edited(setDocumentTitle)(event.target.value)}
                className={cx(fieldClasses, 'h-11')}
              />
            </label>
          ) : (
            post.mediaUrls.length > 0 &&
            !filesInPartOne && (
              <fieldset className="flex flex-col gap-3">
                <legend className="mb-1.5 text-sm font-medium text-slate-800">Media</legend>
                {post.mediaUrls.map((url, index) => (
                  <div key={url} className="flex flex-col gap-2 rounded-lg p-2 ring-1 ring-slate-200 ring-inset">
                    <img
                      src={url}
                      alt={alts[index] || `Attached image${post.mediaUrls.length > 1 ? ` ${index + 1}` : ''}`}
                      className="max-h-40 w-full rounded-lg bg-slate-100 object-cover"
                    />
                    <AltTextField
                      label={`Alt text for ${attachmentName(index, post.mediaUrls.length)}`}
                      value={alts[index] ?? ''}
                      limit={altLimit}
                      onChange={(alt) => {
                        setAlts((current) => current.map((value, at) => (at === index ? alt : value)));
                        setError(null);
                      }}
                    />
                  </div>
                ))}
              </fieldset>
            )
          )}
          {error && <Alert variant="error">{error}</Alert>}
        </fieldset>
      </form>
    </Dialog>
  );
}

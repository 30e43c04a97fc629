import { THREAD_MAX_PARTS } from '@postflow/contract/client';
import { useId, useState } from 'react';
import { Button } from '../../../../components/ui/button';
import { addProblem, outgoingText } from './thread-parts';
import { ThreadPartEditor, type PartFocus } from './thread-part-editor';
import type { ThreadController } from './use-threads';

export interface ThreadEditorProps {
  /** 'Thread on X', or 'Thread for {channel}' for a channel's own. */
  title: string;
  /** The thread, or null while the channel posts a single text. */
  controller: ThreadController | null;
  /** Splits the written text into a new thread (docs/product.md, Composer · Threads). */
  onSplit: (numbered: boolean) => void;
  /** Posts a single text again (or, for a channel, the network's thread). */
  onStop: () => void;
  stopLabel?: string;
  /** Whether there is a text to split. */
  canSplit: boolean;
  /** The server's words about each post, by its position, after a refused publish. */
  errors?: Readonly<Record<number, string>>;
  /** What is said under the title once there is a thread, when 'Split again' starts from something else than the text above. */
  threadHint?: string;
}

/**
 * An X thread (docs/product.md, Composer · Threads): one long text split at paragraphs and sentences
 * (and at the person's '---' lines), or post by post with 'Add post'; each post with its own count
 * and images, moved, removed, and numbered 'k/n' if the person wants.
 */
export function ThreadEditor({
  title,
  controller,
  onSplit,
  onStop,
  stopLabel = 'Post one text instead',
  canSplit,
  errors = {},
  threadHint = 'Changing the text above no longer changes them; “Split again” starts over from it.',
}: ThreadEditorProps) {
  const titleId = useId();
  const hintId = useId();
  const fullId = useId();
  const [numberedBefore, setNumberedBefore] = useState(false);
  const [focus, setFocus] = useState<{ key: string; on: PartFocus } | null>(null);
  const [said, setSaid] = useState('');
  const thread = controller?.thread;
  const numbered = thread ? thread.numbered : numberedBefore;
  const full = thread ? addProblem(thread) : null;

  function move(key: string, index: number, by: -1 | 1) {
    if (!controller || !thread) return;
    controller.move(key, by);
    const to = index + by;
    // The button pressed stays under focus, unless it can no longer move that way.
    const edge = to === 0 || to === thread.parts.length - 1;
    setFocus({ key, on: edge ? (by === -1 ? 'down' : 'up') : by === -1 ? 'up' : 'down' });
    setSaid(`Post ${index + 1} moved ${by === -1 ? 'up' : 'down'}: it is now post ${to + 1} of ${thread.parts.length}.`);
  }

  function remove(key: string, index: number) {
    if (!controller || !thread) return;
    const neighbour = thread.parts[index === 0 ? 1 : index - 1];
    controller.remove(key);
    if (neighbour) setFocus({ key: neighbour.key, on: 'text' });
    setSaid(`Post ${index + 1} removed: the thread has ${thread.parts.length - 1} posts.`);
  }

  function addAfter(index: number) {
    if (!controller) return;
    controller.addAfter(index);
    // The new post's key is not known yet: focus follows it once it renders (see below).
    setFocus({ key: `after:${index}`, on: 'text' });
    setSaid(`Post ${index + 2} added.`);
  }

  const focusFor = (key: string, index: number): PartFocus | null => {
    if (!focus) return null;
    if (focus.key === key) return focus.on;
    return focus.key === `after:${index - 1}` ? 'text' : null;
  };

  return (
    <section aria-labelledby={titleId} className="flex flex-col gap-3 rounded-lg bg-slate-50 p-3 ring-1 ring-slate-200 ring-inset">
      <h3 id={titleId} className="text-sm font-semibold text-slate-900">
        {title}
      </h3>
      <p id={hintId} className="text-xs text-slate-600">
        {thread
          ? `${thread.parts.length} ${thread.parts.length === 1 ? 'post' : 'posts'}, up to ${THREAD_MAX_PARTS}: each goes out as a reply to the one before. ${threadHint}`
          : 'Split the text into posts of up to 280 characters each, at paragraphs and sentences, never inside a word or link. A line with only --- splits it where you want.'}
      </p>
      <label className="flex items-center gap-2 text-sm text-slate-800">
        <input
          type="checkbox"
          checked={numbered}
          onChange={(event) => (controller ? controller.setNumbered(event.target.checked) : setNumberedBefore(event.target.checked))}
          className="size-4 rounded border-slate-300"
        />
        Number the posts (1/n)
      </label>
      {thread && controller && (
        <ol aria-label={`Posts of the ${title.toLowerCase()}`} className="flex flex-col gap-3">
          {thread.parts.map((part, index) => (
            <ThreadPartEditor
              key={part.key}
              part={part}
              index={index}
              count={thread.parts.length}
              numbered={thread.numbered}
              outgoing={outgoingText(thread, index)}
              error={errors[index]}
              addProblem={full}
              addProblemId={fullId}
              focus={focusFor(part.key, index)}
              onFocused={() => setFocus(null)}
              onText={(text) => controller.setText(part.key, text)}
              onMove={(by) => move(part.key, index, by)}
              onRemove={() => remove(part.key, index)}
              onAddAfter={() => addAfter(index)}
              images={controller.media(part.key)}
            />
          ))}
        </ol>
      )}
      {full && (
        <p id={fullId} className="text-sm text-amber-800">
          {full}
        </p>
      )}
      <p role="status" className="sr-only">
        {said}
      </p>
      <div className="flex flex-wrap gap-2">
        <Button
          variant="secondary"
          size="sm"
          disabled={!canSplit}
          aria-describedby={hintId}
          onClick={() => {
            onSplit(numbered);
            setSaid('The text was split into a thread.');
          }}
        >
          {thread ? 'Split again' : 'Split into thread'}
        </Button>
        {thread && (
          <Button variant="ghost" size="sm" onClick={onStop}>
            {stopLabel}
          </Button>
        )}
      </div>
    </section>
  );
}

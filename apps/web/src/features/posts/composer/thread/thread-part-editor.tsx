import { isBlankText } from '@postflow/contract/client';
import { useEffect, useId, useRef } from 'react';
import { Button } from '../../../../components/ui/button';
import { cx } from '../../../../components/ui/cx';
import { CharacterCounter } from '../components/character-counter';
import { FieldProblem, writingFieldClass } from '../components/writing-field';
import { xCount, xCounterText } from '../counters';
import { PartImages } from './part-images';
import { numberSuffix, type ThreadPart } from './thread-parts';

/** Which control of a post should take focus after a change moved or removed the one that had it. */
export type PartFocus = 'text' | 'up' | 'down';

export interface ThreadPartEditorProps {
  part: ThreadPart;
  index: number;
  count: number;
  numbered: boolean;
  /** The text as it goes out (with ' k/n' when numbered), which the counter counts. */
  outgoing: string;
  /** The server's words about this post, after a refused publish. */
  error: string | undefined;
  /** Why no post can be added (the thread is full), or null. */
  addProblem: string | null;
  addProblemId: string;
  focus: PartFocus | null;
  onFocused: () => void;
  onText: (text: string) => void;
  onMove: (by: -1 | 1) => void;
  onRemove: () => void;
  onAddAfter: () => void;
  images: Parameters<typeof PartImages>[0]['actions'];
}

/** One post of a thread: its own text and X counter, its images, and its place in the thread. */
export function ThreadPartEditor(props: ThreadPartEditorProps) {
  const { part, index, count, numbered, outgoing, error, addProblem, focus } = props;
  const textId = useId();
  const counterId = useId();
  const errorId = useId();
  const textRef = useRef<HTMLTextAreaElement>(null);
  const upRef = useRef<HTMLButtonElement>(null);
  const downRef = useRef<HTMLButtonElement>(null);
  const name = `Post ${index + 1} of ${count}`;
  const x = xCount(outgoing);
  const blank = isBlankText(part.text);

  useEffect(() => {
    if (!focus) return;
    ({ text: textRef, up: upRef, down: downRef })[focus].current?.focus();
    props.onFocused();
  });

  return (
    <li className="flex flex-col gap-2 rounded-lg bg-white p-3 ring-1 ring-slate-200 ring-inset">
      <div className="flex flex-wrap items-center justify-between gap-2">
        <label htmlFor={textId} className="text-sm font-medium text-slate-800">
          {name}
        </label>
        <span className="flex flex-wrap gap-1">
          <Button ref={upRef} variant="ghost" size="sm" disabled={index === 0} onClick={() => props.onMove(-1)}>
            Move up <span className="sr-only">post {index + 1}</span>
          </Button>
          <Button ref={downRef} variant="ghost" size="sm" disabled={index === count - 1} onClick={() => props.onMove(1)}>
            Move down <span className="sr-only">post {index + 1}</span>
          </Button>
          <Button variant="ghost" size="sm" disabled={count === 1} onClick={props.onRemove}>
            Remove <span className="sr-only">post {index + 1}</span>
          </Button>
        </span>
      </div>
      <textarea
        ref={textRef}
        id={textId}
        value={part.text}
        onChange={(event) => props.onText(event.target.value)}
        rows={4}
        aria-invalid={error || x.tone === 'danger' ? true : undefined}
        aria-describedby={cx(error && errorId, counterId) || undefined}
        className={writingFieldClass(Boolean(error))}
      />
      {error && <FieldProblem id={errorId}>{error}</FieldProblem>}
      <CharacterCounter id={counterId} tone={blank ? 'warning' : x.tone}>
        {xCounterText(outgoing)}
        {numbered && !blank && ` · ends with “${numberSuffix(index, count).trim()}”`}
        {blank && ' · empty: write something or remove it'}
        {x.tone === 'danger' && <span className="sr-only"> (too long for X)</span>}
      </CharacterCounter>
      <PartImages label={`Images for post ${index + 1}`} items={part.media} actions={props.images} />
      <Button
        variant="secondary"
        size="sm"
        className="self-start"
        aria-disabled={addProblem ? true : undefined}
        aria-describedby={addProblem ? props.addProblemId : undefined}
        onClick={() => {
          if (!addProblem) props.onAddAfter();
        }}
      >
        Add post <span className="sr-only">after post {index + 1}</span>
      </Button>
    </li>
  );
}

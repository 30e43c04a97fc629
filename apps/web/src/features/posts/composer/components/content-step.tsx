import type { Network } from '@postflow/contract';
import { POST_MAX_LENGTH } from '@postflow/contract/client';
import { useId, type ReactNode, type Ref } from 'react';
import { cx } from '../../../../components/ui/cx';
import { formatCount, lengthTone, tooLongMessage, xCount, xCounterText, xWeightNote } from '../counters';
import { CharacterCounter } from './character-counter';
import { SkipAiSwitch } from './skip-ai-switch';
import { FieldProblem, writingFieldClass } from './writing-field';

export interface ContentStepProps {
  platforms: readonly Network[];
  text: string;
  onTextChange: (text: string) => void;
  /** 'Post content cannot be empty' after Next with a blank text. */
  textError: string | null;
  textAreaRef: Ref<HTMLTextAreaElement>;
  /** The media picker (docs/product.md, Composer · Media). */
  media: ReactNode;
  /** The previews as written, behind 'Show preview'. */
  previews: ReactNode;
  /** X's thread editor (docs/product.md, Composer · Threads), shown with X chosen. */
  xThread?: ReactNode;
  /** How many posts X's thread has; 0 when X posts the text itself. */
  xThreadParts?: number;
  /** LinkedIn's first comment field, shown with LinkedIn chosen. */
  firstComment?: ReactNode;
  skipAi: boolean;
  onSkipAiChange: (on: boolean) => void;
}

/**
 * docs/product.md, Composer · Content: the text, its counters, optional media and the AI switch. Who
 * posts (a LinkedIn page included) is chosen on the first step (docs/decisions/152-channel-picker-and-kept-attachments.md).
 */
export function ContentStep({
  platforms,
  text,
  onTextChange,
  textError,
  textAreaRef,
  media,
  previews,
  xThread,
  xThreadParts = 0,
  firstComment,
  skipAi,
  onSkipAiChange,
}: ContentStepProps) {
  const textId = useId();
  const counterId = useId();
  const xCounterId = useId();
  const errorId = useId();
  // X's counter is about the text X posts; a thread's posts have their own.
  const hasX = platforms.includes('x') && xThreadParts === 0;
  const x = xCount(text);

  return (
    <div className="flex flex-col gap-6">
      <div className="flex flex-col gap-1.5">
        <label htmlFor={textId} className="text-sm font-medium text-slate-800">
          Post content
        </label>
        <textarea
          ref={textAreaRef}
          id={textId}
          value={text}
          // No maxLength: a paste longer than the limit would be cut without a word; it is kept and the overflow is said.
          onChange={(event) => onTextChange(event.target.value)}
          rows={8}
          placeholder="What do you want to share?"
          aria-invalid={textError ? true : undefined}
          aria-describedby={cx(textError && errorId, counterId, hasX && xCounterId) || undefined}
          className={writingFieldClass(Boolean(textError))}
        />
        {textError && <FieldProblem id={errorId}>{textError}</FieldProblem>}
        {text.length > POST_MAX_LENGTH && !textError && <p className="text-sm text-red-700">{tooLongMessage(text.length)}</p>}
        <div className="flex flex-wrap justify-between gap-x-4 gap-y-1">
          <CharacterCounter id={counterId} tone={lengthTone(text.length)}>
            {formatCount(text.length)} / {formatCount(POST_MAX_LENGTH)} characters
          </CharacterCounter>
          {hasX && (
            <CharacterCounter id={xCounterId} tone={x.tone}>
              {xCounterText(text)}
              {x.tone === 'danger' && <span className="sr-only"> (too long for X)</span>}
            </CharacterCounter>
          )}
        </div>
        {hasX && x.tone === 'danger' && (
          <p className="text-xs text-slate-600">
            {skipAi
              ? `X refuses posts over 280${xWeightNote(text)}. Shorten it, or turn off "Post as written" to let AI fit it.`
              : `Too long for X${xWeightNote(text)}; the next step fits it for X.`}
          </p>
        )}
      </div>

      {platforms.includes('x') && xThread}

      {media}

      {platforms.includes('linkedin') && firstComment}

      <SkipAiSwitch on={skipAi} onChange={onSkipAiChange} />

      {previews}
    </div>
  );
}

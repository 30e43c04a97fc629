import { LINKEDIN_COMMENT_MAX_LENGTH } from '@postflow/contract/client';
import { useId } from 'react';
import { cx } from '../../../../components/ui/cx';
import { CharacterCounter } from '../components/character-counter';
import { FieldProblem, writingFieldClass } from '../components/writing-field';
import { formatCount, lengthTone } from '../counters';

/** The first comment's counter words: '120 / 1,250 characters', with what is over said. */
export function firstCommentCount(text: string) {
  // Counted as the server counts a comment (UTF-16 units), so the counter and the refusal agree.
  const used = text.length;
  const over = used - LINKEDIN_COMMENT_MAX_LENGTH;
  return {
    tone: lengthTone(used, LINKEDIN_COMMENT_MAX_LENGTH),
    words: `${formatCount(used)} / ${formatCount(LINKEDIN_COMMENT_MAX_LENGTH)} characters${over > 0 ? ` · ${formatCount(over)} over` : ''}`,
  };
}

/**
 * A LinkedIn post's optional first comment (docs/product.md, Composer · Threads): posted under the
 * post as soon as it is out, where a link does not cut the post's reach. Nothing typed is cut: over
 * LinkedIn's limit the counter says so and the server refuses it, naming the comment.
 */
export function FirstCommentField({
  label = 'First comment on LinkedIn',
  value,
  onChange,
  error,
}: {
  label?: string;
  value: string;
  onChange: (text: string) => void;
  error?: string | undefined;
}) {
  const fieldId = useId();
  const hintId = useId();
  const counterId = useId();
  const errorId = useId();
  const count = firstCommentCount(value);
  return (
    <div className="flex flex-col gap-1.5">
      <label htmlFor={fieldId} className="text-sm font-medium text-slate-800">
        {label} <span className="font-normal text-slate-500">(optional)</span>
      </label>
      <p id={hintId} className="text-xs text-slate-600">
        Posted as your own comment under the post right after it goes out: a good place for a link.
      </p>
      <textarea
        id={fieldId}
        value={value}
        onChange={(event) => onChange(event.target.value)}
        rows={3}
        aria-invalid={error || count.tone === 'danger' ? true : undefined}
        aria-describedby={cx(hintId, error && errorId, counterId)}
        className={writingFieldClass(Boolean(error))}
      />
      {error && <FieldProblem id={errorId}>{error}</FieldProblem>}
      <CharacterCounter id={counterId} tone={count.tone}>
        {count.words}
      </CharacterCounter>
    </div>
  );
}

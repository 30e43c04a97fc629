import { useId, useState } from 'react';
import { Button } from '../../../../components/ui/button';
import { xCount, xCounterText } from '../counters';
import { CharacterCounter } from './character-counter';

/**
 * The thread the AI offers beside an X version that had to leave part of the text out
 * (docs/product.md, Composer · Enhance): the whole text, split into posts, each with its counter
 * and a copy button; "Use this thread" makes it X's thread in the composer.
 */
export function ThreadProposal({ parts, onUse }: { parts: readonly string[]; onUse?: ((parts: readonly string[]) => void) | undefined }) {
  const titleId = useId();
  const [copied, setCopied] = useState<number | null>(null);
  const copy = (index: number) => {
    void navigator.clipboard
      ?.writeText(parts[index] ?? '')
      .then(() => setCopied(index))
      .catch(() => setCopied(null));
  };
  return (
    <section aria-labelledby={titleId} className="flex flex-col gap-2 rounded-lg bg-slate-50 p-3 ring-1 ring-slate-200">
      <h4 id={titleId} className="text-sm font-semibold text-slate-900">
        Post as a thread ({parts.length} parts)
      </h4>
      <p className="text-sm text-slate-600">
        Your text does not fit one post without leaving some of it out. Here it is whole, as a thread: post each part as a reply to the one
        before.
      </p>
      <ol className="flex flex-col gap-2">
        {parts.map((part, index) => (
          <ThreadPart key={index} index={index} total={parts.length} part={part} onCopy={() => copy(index)} />
        ))}
      </ol>
      {onUse && (
        <Button size="sm" className="self-start" onClick={() => onUse(parts)}>
          Use this thread on X
        </Button>
      )}
      <p role="status" className="text-xs text-slate-600">
        {copied === null ? '' : `Part ${copied + 1} copied.`}
      </p>
    </section>
  );
}

function ThreadPart({ index, total, part, onCopy }: { index: number; total: number; part: string; onCopy: () => void }) {
  const counterId = useId();
  return (
    <li aria-label={`Part ${index + 1} of ${total}`} aria-describedby={counterId} className="rounded-md bg-white p-2 ring-1 ring-slate-200">
      <p className="whitespace-pre-wrap break-words text-sm text-slate-900">{part}</p>
      <div className="mt-1 flex items-center justify-between gap-2">
        <CharacterCounter id={counterId} tone={xCount(part).tone}>
          {xCounterText(part)}
        </CharacterCounter>
        <Button variant="secondary" size="sm" onClick={onCopy}>
          Copy part {index + 1}
        </Button>
      </div>
    </li>
  );
}

import { useId, useState } from 'react';
import { collapseText } from '../lib/post-display';

/** A post's text, cut after `limit` characters with a toggle (See more/See less, Show more/Show less; docs/product.md, Profile · Post lists). */
export function CollapsibleText({ text, limit, labels }: { text: string; limit: number; labels: { more: string; less: string } }) {
  const [expanded, setExpanded] = useState(false);
  const textId = useId();
  const { collapsible, short } = collapseText(text, limit);
  return (
    <div className="text-sm text-slate-800">
      <p id={textId} className="break-words whitespace-pre-line">
        {collapsible && !expanded ? short : text}
      </p>
      {collapsible && (
        <button
          type="button"
          aria-expanded={expanded}
          aria-controls={textId}
          onClick={() => setExpanded((value) => !value)}
          className="mt-1 text-sm font-medium text-brand hover:underline focus-visible:outline-2 focus-visible:outline-brand"
        >
          {expanded ? labels.less : labels.more}
        </button>
      )}
    </div>
  );
}

import { useRef, useState } from 'react';
import { HashtagText } from './hashtag-text';
import { foldLinkedInText } from './linkedin-fold';

/** LinkedIn's text in the feed: folded after about three lines with '…see more', which opens the rest in place. */
export function LinkedInPostText({ text }: { text: string }) {
  const [open, setOpen] = useState(false);
  const textRef = useRef<HTMLParagraphElement>(null);
  const fold = foldLinkedInText(text);
  const folded = fold.folded && !open;
  return (
    <p ref={textRef} tabIndex={-1} className="text-sm leading-5 break-words whitespace-pre-wrap text-slate-900 focus:outline-none">
      <HashtagText text={folded ? fold.shown : text.trimEnd()} />
      {folded && (
        <button
          type="button"
          aria-expanded={false}
          onClick={() => {
            setOpen(true);
            // The button goes away: the reader carries on from the text it opened.
            queueMicrotask(() => textRef.current?.focus());
          }}
          className="ml-1 text-slate-500 hover:text-sky-700 hover:underline focus-visible:outline-2 focus-visible:outline-brand"
        >
          …see more
        </button>
      )}
    </p>
  );
}

import { X_MAX_WEIGHTED_LENGTH } from '@postflow/contract/client';
import { cx } from '../../../../components/ui/cx';
import { formatCount, xCount } from '../counters';
import { HashtagText } from './hashtag-text';
import { xDisplayUrl, xTextPieces } from './x-text';

/** The post's text as X draws it: links shortened and blue, what is past 280 weighted characters marked. */
export function XPostText({ text }: { text: string }) {
  const pieces = xTextPieces(text);
  const firstOver = pieces.findIndex((piece) => piece.over);
  return (
    <p className="text-[15px] leading-5 break-words whitespace-pre-wrap text-slate-900">
      {pieces.map((piece, index) => {
        const content =
          piece.kind === 'url' ? (
            <span className="text-sky-700" title={piece.text}>
              {xDisplayUrl(piece.text)}
            </span>
          ) : (
            <HashtagText text={piece.text} />
          );
        if (!piece.over) return <span key={index}>{content}</span>;
        return (
          <mark key={index} className="rounded-sm bg-red-100 text-red-900">
            {index === firstOver && <span className="sr-only">Past X&apos;s limit: </span>}
            {content}
          </mark>
        );
      })}
    </p>
  );
}

/** X's count under the post: links 23, emoji and CJK 2 (docs/networks.md, X · Post text). */
export function XCounter({ text }: { text: string }) {
  const { used, remaining, tone } = xCount(text);
  return (
    <p
      className={cx(
        'text-xs tabular-nums',
        tone === 'danger' ? 'font-semibold text-red-700' : tone === 'warning' ? 'text-amber-800' : 'text-slate-500',
      )}
    >
      {formatCount(used)} / {X_MAX_WEIGHTED_LENGTH}
      {remaining < 0 && ` · ${formatCount(-remaining)} over: the marked part will not fit`}
    </p>
  );
}

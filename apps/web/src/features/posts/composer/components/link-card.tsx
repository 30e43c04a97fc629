import type { LinkPreview } from '@postflow/contract';
import { Button } from '../../../../components/ui/button';
import { domainOf } from '../../../../lib/link-domain';
import type { LinkCardPanelEntry } from '../use-link-cards';

function Card({ preview, label }: { preview: LinkPreview; label: string }) {
  return (
    <article aria-label={label} className="max-w-md overflow-hidden rounded-lg bg-white ring-1 ring-slate-200 ring-inset">
      {preview.imageUrl && <img src={preview.imageUrl} alt="" className="aspect-[1.91/1] w-full bg-slate-100 object-cover" />}
      <div className="flex flex-col gap-0.5 p-3 text-sm">
        <p className="font-semibold text-slate-900">{preview.title}</p>
        <p className="text-slate-500">{preview.siteName ? `${preview.siteName} · ${domainOf(preview.url)}` : domainOf(preview.url)}</p>
        {preview.description && <p className="line-clamp-2 text-slate-700">{preview.description}</p>}
      </div>
    </article>
  );
}

/**
 * The card a link in the text makes (docs/decisions/149-link-cards.md): on LinkedIn the post goes
 * out with it as an article share unless the person removes it; on X, X makes its own card from the
 * page, so this only shows what to expect. One panel per address the copies link to
 * (docs/decisions/152-channel-picker-and-kept-attachments.md).
 */
export function LinkCardPanel({
  entry,
  several,
  withPicture,
  onRemove,
  onRestore,
}: {
  entry: LinkCardPanelEntry;
  /** Other copies link elsewhere: the panel names its address. */
  several: boolean;
  /** A picture is attached: LinkedIn shows it instead of a card. */
  withPicture: boolean;
  onRemove: () => void;
  onRestore: () => void;
}) {
  const { networks: platforms, state, removed } = entry;
  const onLinkedIn = platforms.includes('linkedin');
  const onX = platforms.includes('x');
  if (!onLinkedIn && !onX) return null;
  const { preview } = state;
  const title = several ? `Link preview: ${domainOf(entry.url)}` : 'Link preview';

  let linkedIn;
  if (withPicture) {
    linkedIn = <p className="text-sm text-slate-600">LinkedIn shows your picture, so this post goes out without a link card.</p>;
  } else if (removed) {
    linkedIn = (
      <div className="flex flex-wrap items-center gap-2 text-sm text-slate-600">
        <span>No link card on LinkedIn: the link goes out as text.</span>
        <Button variant="ghost" size="sm" onClick={onRestore}>
          Add the link card back
        </Button>
      </div>
    );
  } else if (preview) {
    linkedIn = (
      <div className="flex flex-col gap-2">
        <Card preview={preview} label="LinkedIn link card" />
        <div>
          <Button variant="secondary" size="sm" onClick={onRemove}>
            Remove link card
          </Button>
        </div>
      </div>
    );
  }

  return (
    <section aria-label={title} className="flex flex-col gap-3">
      <h3 className="text-sm font-medium text-slate-800">{title}</h3>
      {state.loading && (
        <p role="status" className="text-sm text-slate-600">
          Reading the page for its link card…
        </p>
      )}
      {state.error && (
        <p role="status" className="text-sm text-slate-600">
          No link card for this address: {state.error}
        </p>
      )}
      {onLinkedIn && linkedIn}
      {onX && preview && (
        <div className="flex flex-col gap-1">
          <Card preview={preview} label="X's preview" />
          <p className="text-xs text-slate-500">
            X makes its own card from the page when the post goes out; this is what it will likely show.
          </p>
        </div>
      )}
    </section>
  );
}

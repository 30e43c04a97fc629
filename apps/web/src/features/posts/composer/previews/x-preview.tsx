import { extractUrls } from '@postflow/contract/client';
import { Svg } from '../../../../components/ui/svg-icon';
import { atHandle, previewLabel } from './channel-names';
import { PreviewAvatar } from './preview-avatar';
import { VideoPlaceholder } from './video-placeholder';
import { XLinkCard } from './x-link-card';
import { XMediaGrid } from './x-media-grid';
import { XCounter, XPostText } from './x-post-text';
import type { PostPreviewProps, PreviewLinkCard } from './types';

/**
 * The card X shows under a post: only when it has a link and no media. The caller's page data when
 * it has some (link-cards, issue 21); otherwise the last link's domain alone.
 */
function cardFor(text: string, linkCard: PreviewLinkCard | null | undefined, hasMedia: boolean): PreviewLinkCard | null {
  if (hasMedia) return null;
  if (linkCard) return linkCard;
  const url = extractUrls(text).at(-1);
  return url ? { url, title: '' } : null;
}

function XActions() {
  // Reply, repost, like, views: drawn for the look, not for use.
  return (
    <div aria-hidden="true" className="flex max-w-sm justify-between pt-1 text-slate-400">
      <Svg className="size-4">
        <path d="M4 5h16v10H9l-5 4z" />
      </Svg>
      <Svg className="size-4">
        <path d="M7 7h10v6M17 17H7v-6M4 10l3-3 3 3M14 14l3 3 3-3" />
      </Svg>
      <Svg className="size-4">
        <path d="M12 20s-7-4.5-7-10a4 4 0 0 1 7-2.5A4 4 0 0 1 19 10c0 5.5-7 10-7 10z" />
      </Svg>
      <Svg className="size-4">
        <path d="M5 20V11M10 20V5M15 20v-7M20 20V9" />
      </Svg>
    </div>
  );
}

/**
 * A post as X's timeline draws it (docs/decisions/150-composer-previews.md): avatar, name, @handle,
 * the text with X's weighted count and what is past the limit marked, then the images (1–4), the
 * video or the link card; a thread's replies follow, joined by a line.
 */
export function XPreview({ channel, text, images = [], video, linkCard, thread = [] }: PostPreviewProps) {
  const handle = atHandle(channel);
  const parts = [{ text, images }, ...thread.map((part) => (typeof part === 'string' ? { text: part, images: [] } : part))];
  return (
    <figure aria-label={previewLabel('X', channel)} className="rounded-2xl border border-slate-200 bg-white px-4 pt-3 font-sans">
      {parts.map((part, index) => {
        const first = index === 0;
        // Each post of a thread gets its own card; the page data the caller read is the first post's link's.
        const card = first
          ? cardFor(text, linkCard, images.length > 0 || Boolean(video))
          : cardFor(part.text, null, Boolean(part.images?.length));
        const joined = index < parts.length - 1;
        return (
          <article key={index} aria-label={parts.length > 1 ? `Post ${index + 1} of ${parts.length}` : undefined} className="flex gap-3">
            <div className="flex shrink-0 flex-col items-center">
              <PreviewAvatar channel={channel} className="size-10" />
              {joined && <span aria-hidden="true" data-thread-line className="mt-1 w-0.5 grow bg-slate-300" />}
            </div>
            <div className="flex min-w-0 flex-1 flex-col gap-2 pb-3">
              <p className="flex min-w-0 items-baseline gap-1 text-[15px]">
                <span className="truncate font-bold text-slate-900">{channel.name}</span>
                {handle && <span className="truncate text-slate-500">{handle}</span>}
                <span className="text-slate-500" aria-hidden="true">
                  ·
                </span>
                <span className="shrink-0 text-slate-500">now</span>
              </p>
              <XPostText text={part.text} />
              {part.images && part.images.length > 0 && <XMediaGrid images={part.images} />}
              {first && images.length === 0 && video && <VideoPlaceholder video={video} className="rounded-2xl" />}
              {card && <XLinkCard card={card} />}
              <XCounter text={part.text} />
              <XActions />
            </div>
          </article>
        );
      })}
    </figure>
  );
}

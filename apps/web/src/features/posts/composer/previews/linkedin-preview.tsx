import { GlobeIcon } from '../../../../components/ui/icons';
import { previewLabel } from './channel-names';
import { LinkedInDocumentCard } from './linkedin-document-card';
import { LinkedInLinkCard } from './linkedin-link-card';
import { LinkedInMediaGrid } from './linkedin-media-grid';
import { LinkedInFirstComment } from './linkedin-first-comment';
import { LinkedInPostText } from './linkedin-post-text';
import { PreviewAvatar } from './preview-avatar';
import { VideoPlaceholder } from './video-placeholder';
import type { PostPreviewProps } from './types';

function LinkedInActions() {
  // Drawn for the look, not for use.
  return (
    <p aria-hidden="true" className="flex justify-around border-t border-slate-200 py-2 text-xs font-semibold text-slate-500">
      <span>Like</span>
      <span>Comment</span>
      <span>Repost</span>
      <span>Send</span>
    </p>
  );
}

/**
 * A post as LinkedIn's feed draws it (docs/decisions/150-composer-previews.md): avatar, name and a
 * subtitle, the text folded behind '…see more', then one attachment: images, else the video, else
 * the document, else the article card; a first comment under it. LinkedIn has no threads, so
 * `thread` is not drawn here.
 */
export function LinkedInPreview({ channel, text, images = [], video, document, linkCard, firstComment }: PostPreviewProps) {
  let attachment = null;
  if (images.length > 0) attachment = <LinkedInMediaGrid images={images} />;
  else if (video) attachment = <VideoPlaceholder video={video} />;
  else if (document) attachment = <LinkedInDocumentCard document={document} />;
  else if (linkCard) attachment = <LinkedInLinkCard card={linkCard} />;
  return (
    <figure aria-label={previewLabel('LinkedIn', channel)} className="overflow-hidden rounded-lg border border-slate-200 bg-white">
      <article className="flex flex-col gap-2">
        <div className="flex gap-2 px-4 pt-3">
          <PreviewAvatar channel={channel} className="size-12" />
          <div className="flex min-w-0 flex-col">
            <span className="truncate text-sm font-semibold text-slate-900">{channel.name}</span>
            <span className="truncate text-xs text-slate-500">{channel.kind === 'page' ? 'Company page' : 'Personal profile'}</span>
            <span className="flex items-center gap-1 text-xs text-slate-500">
              now · <GlobeIcon label="Anyone can see it" className="size-3" />
            </span>
          </div>
        </div>
        <div className="px-4">
          <LinkedInPostText text={text} />
        </div>
        {attachment}
        <LinkedInActions />
      </article>
      {firstComment?.trim() && <LinkedInFirstComment channel={channel} text={firstComment} />}
    </figure>
  );
}

import { HashtagText } from './hashtag-text';
import { PreviewAvatar } from './preview-avatar';
import type { PreviewChannel } from './types';

/** The first comment under a LinkedIn post: the post's own author, marked 'Author' as LinkedIn marks it, then the text. */
export function LinkedInFirstComment({ channel, text }: { channel: PreviewChannel; text: string }) {
  return (
    <section aria-label="First comment" className="flex gap-2 border-t border-slate-200 px-4 py-3">
      <PreviewAvatar channel={channel} className="size-8" />
      <div className="flex min-w-0 flex-1 flex-col gap-0.5 rounded-lg bg-slate-100 px-3 py-2">
        <p className="flex items-baseline gap-1 text-xs">
          <span className="truncate font-semibold text-slate-900">{channel.name}</span>
          <span className="shrink-0 rounded bg-slate-600 px-1 text-[10px] font-semibold text-white">Author</span>
        </p>
        <p className="text-sm break-words whitespace-pre-wrap text-slate-900">
          <HashtagText text={text.trim()} />
        </p>
      </div>
    </section>
  );
}

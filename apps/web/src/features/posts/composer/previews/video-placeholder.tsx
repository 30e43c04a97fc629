import { Svg } from '../../../../components/ui/svg-icon';
import { cx } from '../../../../components/ui/cx';
import { formatDuration, spokenDuration } from './duration';
import type { PreviewVideo } from './types';

/** A still of the video (its poster, or a dark frame) with a play mark and its length, as both networks show it before it plays. */
export function VideoPlaceholder({ video, className }: { video: PreviewVideo; className?: string }) {
  return (
    <div
      role="img"
      aria-label={`Video, ${spokenDuration(video.durationMs)}`}
      className={cx('relative flex aspect-video w-full items-center justify-center overflow-hidden bg-slate-900', className)}
    >
      {video.posterUrl && <img src={video.posterUrl} alt="" className="absolute inset-0 size-full object-cover" />}
      <span className="relative flex size-14 items-center justify-center rounded-full bg-black/60 text-white">
        <Svg filled className="size-7">
          <path d="M8 5.5v13l11-6.5z" />
        </Svg>
      </span>
      <span
        className="absolute bottom-2 left-2 rounded bg-black/70 px-1.5 py-0.5 text-xs font-semibold text-white tabular-nums"
        aria-hidden="true"
      >
        {formatDuration(video.durationMs)}
      </span>
    </div>
  );
}

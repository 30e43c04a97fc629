import { cx } from '../../../../components/ui/cx';
import { ImageTile } from './preview-image';
import type { PreviewImage } from './types';

/** X takes up to four images in a post (docs/networks.md, X · Media limits). */
export const X_MAX_IMAGES = 4;

// How X arranges 1–4 images, in words for those who cannot see the grid, and as grid classes.
const LAYOUTS = {
  1: { words: '1 image, full width', grid: 'grid-cols-1', first: '' },
  2: { words: '2 images side by side', grid: 'grid-cols-2', first: '' },
  3: { words: '3 images: one tall on the left, two stacked on the right', grid: 'grid-cols-2 grid-rows-2', first: 'row-span-2' },
  4: { words: '4 images in a 2 by 2 grid', grid: 'grid-cols-2 grid-rows-2', first: '' },
} as const;

/** X's image grid: 1 full, 2 side by side, 3 one tall and two stacked, 4 a 2×2 grid; 'ALT' on each described image. */
export function XMediaGrid({ images }: { images: readonly PreviewImage[] }) {
  const shown = images.slice(0, X_MAX_IMAGES);
  if (shown.length === 0) return null;
  const layout = LAYOUTS[shown.length as keyof typeof LAYOUTS];
  const left = images.length - shown.length;
  return (
    <div className="flex flex-col gap-1">
      <div
        role="group"
        aria-label={layout.words}
        className={cx('grid aspect-video gap-0.5 overflow-hidden rounded-2xl border border-slate-200', layout.grid)}
      >
        {shown.map((image, index) => (
          <div key={`${index}-${image.url}`} className={cx('relative min-h-0', index === 0 && layout.first)}>
            <ImageTile image={image} index={index} />
            {image.alt.trim() && (
              <span aria-hidden="true" className="absolute bottom-2 left-2 rounded bg-black/75 px-1 text-[11px] font-bold text-white">
                ALT
              </span>
            )}
          </div>
        ))}
      </div>
      {left > 0 && (
        <p className="text-xs text-amber-800">
          X shows at most {X_MAX_IMAGES} images: {left === 1 ? 'the last one is' : `the last ${left} are`} left out here.
        </p>
      )}
    </div>
  );
}

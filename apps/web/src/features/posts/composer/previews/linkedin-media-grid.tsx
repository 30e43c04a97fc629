import { cx } from '../../../../components/ui/cx';
import { ImageTile } from './preview-image';
import type { PreviewImage } from './types';

/** Below the big first image LinkedIn shows at most three small ones; the last says how many more there are. */
const SMALL_TILES = 3;

function layoutWords(count: number): string {
  if (count === 1) return '1 image, full width';
  if (count === 2) return '2 images side by side';
  if (count === 3) return '3 images: one large on top, two below';
  if (count === 4) return '4 images: one large on top, three below';
  return `${count} images: one large on top, three below, the last marked +${count - 1 - SMALL_TILES}`;
}

/** LinkedIn's image layouts: 1 full, 2 side by side, 3+ one large with smaller ones below, '+N' on the last tile from 5. */
export function LinkedInMediaGrid({ images }: { images: readonly PreviewImage[] }) {
  if (images.length === 0) return null;
  const [first, ...rest] = images as [PreviewImage, ...PreviewImage[]];
  const words = layoutWords(images.length);
  if (images.length <= 2) {
    return (
      <div role="group" aria-label={words} className={cx('grid gap-0.5', images.length === 2 && 'aspect-[2/1] grid-cols-2')}>
        {images.map((image, index) => (
          <ImageTile key={`${index}-${image.url}`} image={image} index={index} className={images.length === 1 ? 'max-h-[28rem]' : ''} />
        ))}
      </div>
    );
  }
  const small = rest.slice(0, SMALL_TILES);
  const more = images.length - 1 - small.length;
  return (
    <div role="group" aria-label={words} className="flex flex-col gap-0.5">
      <ImageTile image={first} index={0} className="aspect-[16/10]" />
      <div className={cx('grid gap-0.5', small.length === 2 ? 'grid-cols-2' : 'grid-cols-3')}>
        {small.map((image, index) => {
          const last = index === small.length - 1 && more > 0;
          return (
            <div key={`${index}-${image.url}`} className={cx('relative', small.length === 2 ? 'aspect-[4/3]' : 'aspect-square')}>
              <ImageTile image={image} index={index + 1} />
              {last && (
                <span className="absolute inset-0 flex items-center justify-center bg-black/55 text-2xl font-semibold text-white">
                  +{more}
                  <span className="sr-only"> more images</span>
                </span>
              )}
            </div>
          );
        })}
      </div>
    </div>
  );
}

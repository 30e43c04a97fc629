import { cx } from '../../../../components/ui/cx';
import type { PreviewImage } from './types';

/** An image still says what it shows: its own description, or that it has none yet (which both networks then lack too). */
export function imageAlt(image: PreviewImage, index: number): string {
  return image.alt.trim() || `Image ${index + 1}, no description yet`;
}

/** One tile of an image grid, cropped to fill its cell as the feeds do. */
export function ImageTile({ image, index, className }: { image: PreviewImage; index: number; className?: string }) {
  return <img src={image.url} alt={imageAlt(image, index)} className={cx('size-full bg-slate-100 object-cover', className)} />;
}

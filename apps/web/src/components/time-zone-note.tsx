import { Link } from 'react-router';
import { cx } from './ui/cx';
import { personTimeZone } from '../lib/person-time-zone';

/** Where the person changes their zone: the profile's time zone card. */
export const TIME_ZONE_SETTING_PATH = '/profile#time-zone';

/**
 * "Times in Europe/Berlin · Change": said once on every screen that shows times
 * (docs/product.md, Shared rules · Time zone), with the way to change it.
 */
export function TimeZoneNote({
  className,
  timeZone,
}: {
  className?: string;
  /** A screen's own pinned zone (the composer's); the person's by default. */ timeZone?: string;
}) {
  return (
    <p className={cx('text-xs text-slate-500', className)}>
      Times in {timeZone ?? personTimeZone()} ·{' '}
      <Link to={TIME_ZONE_SETTING_PATH} className="font-medium text-brand underline-offset-2 hover:underline">
        Change time zone
      </Link>
    </p>
  );
}

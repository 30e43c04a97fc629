export interface HourFigure {
  hour: number;
  posts: number;
  median_engagement_rate: number;
}

/** The `count` hours with the highest median engagement rate; more posts break a tie. */
export function topHours(hours: readonly HourFigure[], count = 3): HourFigure[] {
  return [...hours].sort((a, b) => b.median_engagement_rate - a.median_engagement_rate || b.posts - a.posts).slice(0, count);
}

const hourFormat = new Intl.DateTimeFormat(undefined, { hour: 'numeric', minute: '2-digit', timeZone: 'UTC' });

function formatHour(hour: number): string {
  return hourFormat.format(new Date(Date.UTC(2000, 0, 1, hour)));
}

/** The hour as a one-hour window in the reader's clock style: '9:00 AM – 10:00 AM' (or '09:00 – 10:00'). */
export function hourWindow(hour: number): string {
  return `${formatHour(hour)} – ${formatHour((hour + 1) % 24)}`;
}

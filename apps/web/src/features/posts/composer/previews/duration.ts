/** A video's length as the networks print it on the player: '0:42', '12:05', '1:02:09'. */
export function formatDuration(durationMs: number): string {
  const total = Math.max(0, Math.round(durationMs / 1000));
  const hours = Math.floor(total / 3600);
  const minutes = Math.floor((total % 3600) / 60);
  const seconds = String(total % 60).padStart(2, '0');
  return hours > 0 ? `${hours}:${String(minutes).padStart(2, '0')}:${seconds}` : `${minutes}:${seconds}`;
}

/** The same length in words, for a screen reader: '42 seconds', '1 minute 5 seconds'. */
export function spokenDuration(durationMs: number): string {
  const total = Math.max(0, Math.round(durationMs / 1000));
  const parts: string[] = [];
  const add = (value: number, unit: string) => value > 0 && parts.push(`${value} ${unit}${value === 1 ? '' : 's'}`);
  add(Math.floor(total / 3600), 'hour');
  add(Math.floor((total % 3600) / 60), 'minute');
  add(total % 60, 'second');
  return parts.length > 0 ? parts.join(' ') : '0 seconds';
}

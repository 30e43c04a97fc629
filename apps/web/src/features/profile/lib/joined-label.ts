/** docs/product.md, Profile · Page: the joined date is a month and year; 'January 2023' when the profile has none. */
export function joinedLabel(createdAt: string | null | undefined, options: { locale?: string; timeZone?: string } = {}): string {
  const date = createdAt ? new Date(createdAt) : null;
  if (!date || Number.isNaN(date.getTime())) return 'January 2023';
  return date.toLocaleDateString(options.locale ?? 'en-US', { month: 'long', year: 'numeric', timeZone: options.timeZone });
}

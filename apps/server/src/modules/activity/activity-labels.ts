/** How a subject is named in the log, fixed when the entry is written (docs/decisions/131-activity-log.md). */

/** A post's label: its opening, cut at a word and marked with an ellipsis when there is more. */
export const POST_LABEL_MAX = 60;

export function postLabel(text: string, max = POST_LABEL_MAX): string {
  const flat = text.replace(/\s+/g, ' ').trim();
  if (flat.length <= max) return flat;
  const cut = flat.slice(0, max);
  const lastSpace = cut.lastIndexOf(' ');
  // A first word longer than the whole label is cut where it stands rather than dropped.
  const words = lastSpace > max / 3 ? cut.slice(0, lastSpace) : cut;
  return `${words.replace(/[\s.,;:!?…-]+$/u, '')}…`;
}

/** An account's label: its handle, or its display name where the network has no handle. */
export function accountLabel(account: { username: string | null; displayName: string | null }): string {
  if (account.username) return `@${account.username}`;
  return account.displayName ?? 'an account';
}

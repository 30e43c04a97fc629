import { networkName, type Network, type PostAuthor } from '@postflow/contract';

/**
 * Who a target is shown as, for every list that shows posts; `t` is post_targets, `a` its account
 * (LEFT JOIN social_accounts a ON a.id = t.account_id). A post as the account itself shows the
 * account as it is now, as the network does; once the account is disconnected, as it was when the
 * post was composed or went out (migration 0020). A page post shows the page as stored, with its
 * channel's logo as last read from LinkedIn (docs/decisions/151-channels-in-every-view.md).
 */
const live = 't.linkedin_org_id IS NULL AND a.id IS NOT NULL';
const pageLogo = '(SELECT logo.avatar_url FROM channels logo WHERE logo.id = t.channel_id)';
export const AUTHOR_COLUMNS = `CASE WHEN ${live} THEN coalesce(a.display_name, a.username) ELSE t.author_name END AS "authorName",
  CASE WHEN ${live} THEN a.username ELSE t.author_handle END AS "authorHandle",
  CASE WHEN ${live} THEN a.avatar_url WHEN t.linkedin_org_id IS NOT NULL THEN coalesce(${pageLogo}, t.author_avatar_url)
    ELSE t.author_avatar_url END AS "authorAvatarUrl", t.channel_id AS "channelId"`;

export interface AuthorFields {
  network: Network;
  linkedinOrgId: string | null;
  authorName: string | null;
  authorHandle: string | null;
  authorAvatarUrl: string | null;
  /** The channel it went to (migration 0034); null for targets whose account was gone before channels existed. */
  channelId: string | null;
}

/**
 * Who the post goes (or went) out as: the network account, or the LinkedIn page
 * (docs/decisions/124-one-identity-per-post.md). Targets older than that record, whose account is
 * gone, still get a name that says where they went.
 */
export function toPostAuthor(row: AuthorFields): PostAuthor {
  const kind = row.linkedinOrgId ? 'page' : 'account';
  return {
    kind,
    name: row.authorName?.trim() || (kind === 'page' ? 'LinkedIn page' : `${networkName(row.network)} account`),
    handle: row.authorHandle?.trim() || null,
    avatar_url: row.authorAvatarUrl,
    channel_id: row.channelId,
  };
}

/**
 * Each attached file's kind, in the order of `media_ids` ('image' for a file no longer stored), so
 * lists draw a video or a document as one (docs/decisions/152-channel-picker-and-kept-attachments.md).
 */
export const MEDIA_KINDS_COLUMN = `ARRAY(SELECT coalesce(m.kind, 'image') FROM unnest(t.media_ids) WITH ORDINALITY AS f(id, n)
  LEFT JOIN media m ON m.id = f.id ORDER BY f.n) AS "mediaKinds"`;

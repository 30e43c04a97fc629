import type { ActivityEntry } from '@postflow/contract';
import { networkName } from '@postflow/contract/client';

/** Who an entry says did it: the person, Postflow for what the publisher did, or someone who has since left Postflow. */
export function actorName(entry: ActivityEntry): string {
  if (entry.actor) return entry.actor.name;
  return entry.action === 'post.published' || entry.action === 'post.failed' ? 'Postflow' : 'A former member';
}

/** 'X', 'X and LinkedIn'. */
function networksOf(entry: ActivityEntry): string {
  const names = (entry.details.networks ?? []).map(networkName);
  return names.length > 1 ? `${names.slice(0, -1).join(', ')} and ${names[names.length - 1]}` : (names[0] ?? 'its network');
}

const withArticle = (role: string) => `${/^[aeiou]/.test(role) ? 'an' : 'a'} ${role}`;

/**
 * An entry as one sentence, as the log reads ('Ada Lovelace approved “Launch day…” for X',
 * 'Grace joined as editor'), from what the server stored when it happened (docs/decisions/131-activity-log.md).
 */
export function activitySentence(entry: ActivityEntry): string {
  const who = actorName(entry);
  const { label } = entry.subject;
  const post = `“${label}”`;
  const on = networksOf(entry);
  const role = entry.details.role ?? 'member';
  switch (entry.action) {
    case 'account.connected':
      return `${who} ${entry.details.reconnected ? 'reconnected' : 'connected'} ${label} on ${on}`;
    case 'account.disconnected':
      return `${who} disconnected ${label} on ${on}`;
    case 'post.created':
      return `${who} created ${post} for ${on}`;
    case 'post.edited':
      if (entry.details.publishNow) return `${who} sent ${post} to ${on} to publish now`;
      return entry.details.rescheduledFrom ? `${who} moved ${post} for ${on} to another time` : `${who} edited ${post} for ${on}`;
    case 'post.deleted':
      return `${who} deleted ${post} for ${on}`;
    case 'post.published':
      return `${who} published ${post} on ${on}`;
    case 'post.failed':
      return `${who} could not publish ${post} on ${on}`;
    case 'post.approved':
      return `${who} approved ${post} for ${on}`;
    case 'post.rejected':
      return `${who} rejected ${post} for ${on}`;
    case 'member.invited':
      return `${who} invited ${label} as ${role}`;
    case 'member.joined':
      return `${label || who} joined as ${role}`;
    case 'member.role_changed':
      return `${who} made ${label} ${withArticle(role)}`;
    case 'member.removed':
      return `${who} removed ${label}`;
    case 'member.left':
      return `${label || who} left the workspace`;
    case 'workspace.created':
      return `${who} created the workspace “${label}”`;
    case 'workspace.renamed':
      return `${who} renamed the workspace from “${entry.details.previousName ?? ''}” to “${label}”`;
    case 'workspace.approval_changed':
      return `${who} turned approvals ${entry.details.requireApproval ? 'on' : 'off'}`;
    case 'api_key.created':
      return `${who} created the API key “${label}” (${(entry.details.scopes ?? []).join(', ')})`;
    case 'api_key.revoked':
      return `${who} revoked the API key “${label}”`;
  }
}

/** What an entry adds beneath its sentence: why a post failed or was rejected. */
export function activityNote(entry: ActivityEntry): string | undefined {
  return entry.action === 'post.failed' || entry.action === 'post.rejected' ? entry.details.reason : undefined;
}

import type { WebhookEventType } from '@postflow/contract';

/** Each event as the settings page names it (docs/webhooks.md, Events). */
export const webhookEventLabels: Record<WebhookEventType, string> = {
  'post.published': 'Post published',
  'post.failed': 'Post failed',
  'post.missed': 'Post missed',
  'post.partially_published': 'Thread partly published',
  'account.needs_reconnect': 'Account needs reconnecting',
  'approval.requested': 'Approval requested',
};

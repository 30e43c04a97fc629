/** The events a webhook endpoint may subscribe to (docs/webhooks.md, Events): plain data, so the browser loads it without zod. */
export const webhookEventTypes = [
  'post.published',
  'post.failed',
  'post.missed',
  'post.partially_published',
  'account.needs_reconnect',
  'approval.requested',
] as const;
export type WebhookEventType = (typeof webhookEventTypes)[number];

/** What the test ping is called; it is sent on request only, never subscribed to. */
export const WEBHOOK_TEST_EVENT = 'webhook.test';

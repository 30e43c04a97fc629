import { z } from 'zod';
import { endpoints } from './endpoints';
import { isoDateTimeSchema, uuidSchema } from './fields';
import { defineRoute, emptyResponseSchema } from './http';
import { webhookEventTypes, type WebhookEventType } from './webhook-events';

/**
 * Signed webhooks (docs/webhooks.md, docs/decisions/163-webhooks.md): a workspace's admins name
 * an https address and the events it wants; Postflow POSTs each event there, signed as the Standard
 * Webhooks specification says, and retries for a day.
 */

export const WEBHOOK_LIMITS = { url: 2_000, description: 200 } as const;

const isEventType = (value: string): value is WebhookEventType => (webhookEventTypes as readonly string[]).includes(value);

const eventsSchema = z
  .array(z.string({ error: 'Each event must be text' }), { error: 'events must be a list of event names' })
  .min(1, 'Choose at least one event')
  .max(webhookEventTypes.length * 2, 'events lists each event once')
  .superRefine((events, ctx) => {
    events.forEach((event, index) => {
      if (!isEventType(event))
        ctx.addIssue({
          code: 'custom',
          path: [index],
          message: `"${event.slice(0, 60)}" is not an event Postflow sends. Use one of: ${webhookEventTypes.join(', ')}.`,
        });
    });
  })
  .transform((events) => [...new Set(events)] as WebhookEventType[]);

/** An address as typed; whether Postflow may call it (https, not private) is the server's check. */
const urlSchema = z
  .string({ error: 'url must be a web address' })
  .trim()
  .min(1, 'url must be a web address, like https://example.com/hooks/postflow')
  .max(WEBHOOK_LIMITS.url, `url can be up to ${WEBHOOK_LIMITS.url} characters`)
  .pipe(z.url({ protocol: /^https?$/i, error: 'url must be a web address starting with https://' }));

const descriptionSchema = z
  .string({ error: 'description must be text' })
  .trim()
  .max(WEBHOOK_LIMITS.description, `description can be up to ${WEBHOOK_LIMITS.description} characters`);

export const createWebhookRequestSchema = z.object({
  url: urlSchema,
  events: eventsSchema,
  description: descriptionSchema.optional(),
});
export type CreateWebhookRequest = z.input<typeof createWebhookRequestSchema>;

export const updateWebhookRequestSchema = z
  .object({
    url: urlSchema.optional(),
    events: eventsSchema.optional(),
    description: descriptionSchema.optional(),
    enabled: z.boolean({ error: 'enabled must be true or false' }).optional(),
  })
  .refine((change) => Object.values(change).some((value) => value !== undefined), 'Send at least one of url, events, description, enabled');
export type UpdateWebhookRequest = z.input<typeof updateWebhookRequestSchema>;

/** An endpoint as listed: never its secret, which is shown once when created or rotated. */
export const webhookSchema = z.object({
  id: z.uuid(),
  url: z.string(),
  description: z.string(),
  events: z.array(z.enum(webhookEventTypes)),
  enabled: z.boolean(),
  /** Why Postflow turned it off (a 410 answer, a day of failures); null when on or turned off by a person. */
  disabledReason: z.string().nullable(),
  createdAt: isoDateTimeSchema,
});
export type Webhook = z.infer<typeof webhookSchema>;

/** The answer to creating an endpoint or rotating its secret: the secret, this once. */
export const webhookWithSecretSchema = webhookSchema.extend({
  /** `whsec_` and the base64 key; keep it where your receiver can read it. */
  secret: z.string(),
});
export type WebhookWithSecret = z.infer<typeof webhookWithSecretSchema>;

export const webhooksResponseSchema = z.object({ webhooks: z.array(webhookSchema) });

export const webhookDeliveryStatuses = ['pending', 'succeeded', 'failed'] as const;

export const webhookDeliverySchema = z.object({
  id: z.uuid(),
  /** The `webhook-id` header: the same on every retry and redelivery. */
  messageId: z.string(),
  type: z.string(),
  status: z.enum(webhookDeliveryStatuses),
  attempts: z.number().int(),
  /** The receiver's last HTTP status; null before the first attempt, or when it never answered. */
  lastStatus: z.number().int().nullable(),
  /** Why the last attempt failed, in words (a timeout, a refused connection, a status). */
  lastError: z.string().nullable(),
  /** The start of the receiver's last answer. */
  lastResponse: z.string().nullable(),
  lastAttemptAt: isoDateTimeSchema.nullable(),
  /** When the next retry goes; null once it succeeded or failed for good. */
  nextAttemptAt: isoDateTimeSchema.nullable(),
  createdAt: isoDateTimeSchema,
});
export type WebhookDelivery = z.infer<typeof webhookDeliverySchema>;

export const webhookDeliveriesResponseSchema = z.object({ deliveries: z.array(webhookDeliverySchema) });

export const webhookParamsSchema = z.object({ id: uuidSchema });
export const webhookDeliveryParamsSchema = z.object({ id: uuidSchema, deliveryId: uuidSchema });

export const webhooksRoutes = {
  create: defineRoute({
    ...endpoints.webhooks.create,
    tag: 'webhooks',
    summary: 'Adds an endpoint for the events chosen; answers its signing secret, shown this once',
    status: 201,
    body: createWebhookRequestSchema,
    response: webhookWithSecretSchema,
  }),
  list: defineRoute({
    ...endpoints.webhooks.list,
    tag: 'webhooks',
    summary: "The workspace's webhook endpoints (never their secrets)",
    response: webhooksResponseSchema,
  }),
  update: defineRoute({
    ...endpoints.webhooks.update,
    tag: 'webhooks',
    summary: "Changes an endpoint's address, events or description, or turns it on or off",
    params: webhookParamsSchema,
    body: updateWebhookRequestSchema,
    response: webhookSchema,
  }),
  remove: defineRoute({
    ...endpoints.webhooks.remove,
    tag: 'webhooks',
    summary: 'Deletes an endpoint and its delivery log',
    status: 204,
    params: webhookParamsSchema,
    response: emptyResponseSchema,
  }),
  rotateSecret: defineRoute({
    ...endpoints.webhooks.rotateSecret,
    tag: 'webhooks',
    summary: 'A new signing secret; the old one keeps signing alongside for 24 hours',
    params: webhookParamsSchema,
    response: webhookWithSecretSchema,
  }),
  test: defineRoute({
    ...endpoints.webhooks.test,
    tag: 'webhooks',
    summary: 'Sends a webhook.test ping, delivered and retried like any event',
    status: 202,
    params: webhookParamsSchema,
    response: webhookDeliverySchema,
  }),
  deliveries: defineRoute({
    ...endpoints.webhooks.deliveries,
    tag: 'webhooks',
    summary: "An endpoint's latest deliveries, newest first",
    params: webhookParamsSchema,
    response: webhookDeliveriesResponseSchema,
  }),
  redeliver: defineRoute({
    ...endpoints.webhooks.redeliver,
    tag: 'webhooks',
    summary: 'Sends a delivery again, with the same webhook-id, retried for another day if it fails',
    status: 202,
    params: webhookDeliveryParamsSchema,
    response: webhookDeliverySchema,
  }),
} as const;

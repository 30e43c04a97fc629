import { z } from 'zod';
import { apiKeyScopes, endpoints } from './endpoints';
import { idParamsSchema, isoDateTimeSchema } from './fields';
import { defineRoute, emptyResponseSchema } from './http';

/*
 * Personal API keys (docs/decisions/162-api-keys.md): a person makes one for the workspace they are
 * in, with the scopes it needs; the key acts as that person, in that workspace only, and never with
 * more than the person's role there allows.
 */

export const API_KEY_NAME_MAX_LENGTH = 60;
/** Every key starts with this, so a leaked one is recognisable to people and secret scanners. */
export const API_KEY_PREFIX = 'pf_ak_';

export const apiKeyScopeSchema = z.enum(apiKeyScopes, {
  error: `A scope is one of ${apiKeyScopes.map((scope) => `'${scope}'`).join(', ')}`,
});

export const createApiKeyRequestSchema = z.object({
  name: z
    .string({ error: 'Give the key a name, like "n8n" or "CMS"' })
    .trim()
    .min(1, 'Give the key a name, like "n8n" or "CMS"')
    .max(API_KEY_NAME_MAX_LENGTH, `A key's name can be up to ${API_KEY_NAME_MAX_LENGTH} characters`),
  scopes: z
    .array(apiKeyScopeSchema, { error: 'scopes must be a list, like ["posts:read"]' })
    .min(1, 'Choose at least one scope')
    .max(apiKeyScopes.length)
    .refine((scopes) => new Set(scopes).size === scopes.length, 'Each scope can be chosen once'),
});
export type CreateApiKeyRequest = z.infer<typeof createApiKeyRequestSchema>;

export const apiKeySchema = z.object({
  id: z.uuid(),
  name: z.string(),
  scopes: z.array(apiKeyScopeSchema),
  /** The key's last four characters, to tell keys apart; the key itself is shown once, at creation. */
  hint: z.string(),
  createdAt: isoDateTimeSchema,
  /** Null until the key's first call; updated at most once a minute. */
  lastUsedAt: isoDateTimeSchema.nullable(),
  createdBy: z.object({ id: z.uuid(), name: z.string() }),
  /** Whether the caller made it (admins see and may revoke everyone's keys in the workspace). */
  mine: z.boolean(),
});
export type ApiKey = z.infer<typeof apiKeySchema>;

export const createdApiKeySchema = apiKeySchema.extend({
  /** The key, shown this once: only its hash is kept. */
  key: z.string(),
});
export type CreatedApiKey = z.infer<typeof createdApiKeySchema>;

export const apiKeysResponseSchema = z.object({ apiKeys: z.array(apiKeySchema) });

export const apiKeyRoutes = {
  list: defineRoute({
    ...endpoints.apiKeys.list,
    tag: 'api-keys',
    summary: "The workspace's API keys: the caller's own, and everyone's for owners and admins. Never the keys themselves",
    response: apiKeysResponseSchema,
  }),
  create: defineRoute({
    ...endpoints.apiKeys.create,
    tag: 'api-keys',
    summary: 'Create an API key for the current workspace; the answer is the only time the key is shown',
    body: createApiKeyRequestSchema,
    status: 201,
    response: createdApiKeySchema,
  }),
  revoke: defineRoute({
    ...endpoints.apiKeys.revoke,
    tag: 'api-keys',
    summary: 'Revoke a key at once (its maker, or an owner or admin of the workspace)',
    params: idParamsSchema,
    status: 204,
    response: emptyResponseSchema,
  }),
} as const;

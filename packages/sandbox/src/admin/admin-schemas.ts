import { z } from 'zod';
import { faultRuleSchema } from '../faults';

export const xTokensRequestSchema = z.object({
  username: z.string().regex(/^@?[A-Za-z0-9_]{1,15}$/, 'X usernames are 1 to 15 letters, digits or underscores'),
  name: z.string().min(1).max(50).optional(),
  scopes: z.array(z.string().min(1)).min(1).optional(),
  clientId: z.string().min(1).optional(),
});

export const linkedInTokensRequestSchema = z.object({
  name: z.string().trim().min(1).max(100),
  scopes: z.array(z.string().min(1)).min(1).optional(),
  clientId: z.string().min(1).optional(),
});

export const faultsRequestSchema = z.object({
  rules: z.array(faultRuleSchema),
  seed: z.union([z.string(), z.number()]).optional(),
});

export const clockRequestSchema = z.object({ advanceMs: z.number().int().min(0) });

/** How much past activity to give a persona. */
export const historyRequestSchema = z.object({
  days: z.number().int().min(1).max(365).default(90),
  postsPerDay: z.number().min(0.1).max(10).default(1.2),
  seed: z.string().max(100).optional(),
});
export const xHistoryRequestSchema = historyRequestSchema.extend({ username: xTokensRequestSchema.shape.username });
export const linkedInHistoryRequestSchema = historyRequestSchema.extend({ name: linkedInTokensRequestSchema.shape.name });

import { z } from 'zod';
import { defineRoute } from './http';
import { endpoints, type Endpoint } from './endpoints';
import { feedbackTypes } from './vocabulary';

/** POST /api/feedback/ (docs/product.md, Dashboard · Quick actions and PRO prompt): the PRO prompt sends a feature request. */
export const feedbackRequestSchema = z.object({
  type: z.enum(feedbackTypes, { error: "type must be 'feature_request', 'bug_report' or 'general'" }),
  title: z.string({ error: 'Enter a title' }).trim().min(1, 'Enter a title').max(200, 'The title must be at most 200 characters'),
  content: z
    .string({ error: 'Enter your message' })
    .trim()
    .min(1, 'Enter your message')
    .max(5000, 'The message must be at most 5000 characters'),
});
export type FeedbackRequest = z.infer<typeof feedbackRequestSchema>;

export const feedbackResponseSchema = z.object({ ok: z.literal(true) });

const feedbackRoute = (endpoint: Endpoint, summary: string) =>
  defineRoute({ ...endpoint, tag: 'feedback', summary, body: feedbackRequestSchema, status: 201, response: feedbackResponseSchema });

export const feedbackRoutes = {
  send: feedbackRoute(endpoints.feedback.send, 'Send feedback or a feature request (the PRO prompt uses it)'),
  /** The same call without the trailing slash, for clients that drop it. */
  sendWithoutSlash: feedbackRoute(endpoints.feedback.sendWithoutSlash, 'Send feedback or a feature request (same as /api/feedback/)'),
} as const;

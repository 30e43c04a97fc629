import { z } from 'zod';

/** X's answers, as docs/networks.md (X) describes them. Unknown fields are ignored. */

const xId = z.string().regex(/^[0-9]{1,19}$/, 'expected a numeric id string');

/** docs/networks.md, X · Token exchange, Token refresh: the token endpoint (code exchange and refresh). */
export const xTokenResponseSchema = z.object({
  token_type: z.string().optional(),
  expires_in: z.number().positive().optional(),
  access_token: z.string().min(1),
  scope: z.string().optional(),
  refresh_token: z.string().min(1).optional(),
});

/** docs/networks.md, X · Account profile: GET /2/users/me with user.fields=profile_image_url,public_metrics. */
export const xUserMeSchema = z.object({
  data: z.object({
    id: xId,
    name: z.string(),
    username: z.string(),
    profile_image_url: z.string().optional(),
    public_metrics: z.object({ followers_count: z.number().int().nonnegative() }).optional(),
  }),
});

/** docs/networks.md, X · Creating and deleting posts: POST /2/tweets → 201. */
export const xTweetCreatedSchema = z.object({
  data: z.object({ id: xId, text: z.string() }),
});

/** docs/networks.md, X · Creating and deleting posts: DELETE /2/tweets/:id → 200. */
export const xTweetDeletedSchema = z.object({
  data: z.object({ deleted: z.boolean() }),
});

const processingInfoSchema = z.object({
  state: z.enum(['pending', 'in_progress', 'succeeded', 'failed']),
  check_after_secs: z.number().nonnegative().optional(),
  progress_percent: z.number().optional(),
  error: z.object({ code: z.number().optional(), name: z.string().optional(), message: z.string().optional() }).optional(),
});

/** docs/networks.md, X · Media upload: INIT, FINALIZE, STATUS and the one-shot upload all answer with `data.id` (a string). */
export const xMediaSchema = z.object({
  data: z.object({
    id: xId,
    media_key: z.string().optional(),
    processing_info: processingInfoSchema.optional(),
  }),
});
export type XMedia = z.infer<typeof xMediaSchema>['data'];

const publicMetricsSchema = z.object({
  retweet_count: z.number().int().nonnegative(),
  reply_count: z.number().int().nonnegative(),
  like_count: z.number().int().nonnegative(),
  quote_count: z.number().int().nonnegative().optional(),
  bookmark_count: z.number().int().nonnegative().optional(),
  impression_count: z.number().int().nonnegative().optional(),
});

const privateMetricsSchema = z.object({
  impression_count: z.number().int().nonnegative().optional(),
  url_link_clicks: z.number().int().nonnegative().optional(),
  user_profile_clicks: z.number().int().nonnegative().optional(),
});

export const xTweetSchema = z.object({
  id: xId,
  text: z.string(),
  created_at: z.iso.datetime({ offset: true }).optional(),
  public_metrics: publicMetricsSchema.optional(),
  non_public_metrics: privateMetricsSchema.optional(),
  organic_metrics: privateMetricsSchema.optional(),
  // Asked with tweet.fields=attachments; absent when the post has none (docs/networks.md, X · Reading posts and metrics, `expansions=attachments.media_keys`).
  attachments: z.object({ media_keys: z.array(z.string()).optional() }).optional(),
  // Asked with tweet.fields=referenced_tweets: a thread part names its parent as `replied_to` (docs/networks.md, X · Threads).
  referenced_tweets: z.array(z.object({ type: z.string(), id: z.string() })).optional(),
});
export type XTweet = z.infer<typeof xTweetSchema>;

/** docs/networks.md, X · Partial errors: partial errors beside `data` in a 200 answer. */
const partialErrorSchema = z.object({
  type: z.string().optional(),
  resource_id: z.string().optional(),
  value: z.string().optional(),
  detail: z.string().optional(),
  field: z.string().optional(),
  section: z.string().optional(),
});
export type XPartialError = z.infer<typeof partialErrorSchema>;

/** docs/networks.md, X · Reading posts and metrics: GET /2/tweets?ids=… and GET /2/users/:id/tweets (`data` is absent when nothing matched). */
export const xTweetListSchema = z.object({
  data: z.array(xTweetSchema).optional(),
  errors: z.array(partialErrorSchema).optional(),
  meta: z.object({ result_count: z.number().int().nonnegative().optional(), next_token: z.string().optional() }).optional(),
});

/** docs/networks.md, X · Errors: problem JSON (every field may be missing; 400s carry `errors[].message`). */
export const xProblemSchema = z.object({
  type: z.string().optional(),
  title: z.string().optional(),
  detail: z.string().optional(),
  status: z.number().optional(),
  reason: z.string().optional(),
  errors: z
    .array(
      z.object({
        message: z.string().optional(),
        detail: z.string().optional(),
        type: z.string().optional(),
        // A 400's `{field: [values]}`, naming what was refused (docs/networks.md, X · Errors).
        parameters: z.record(z.string(), z.array(z.unknown())).optional(),
      }),
    )
    .optional(),
});
export type XProblem = z.infer<typeof xProblemSchema>;

import { z } from 'zod';

/** LinkedIn's answers, as social-apis.md part B documents them. Unknown fields are ignored. */

/** B1.2/B1.3: `/oauth/v2/accessToken`. */
export const linkedInTokenResponseSchema = z.object({
  access_token: z.string().min(1),
  expires_in: z.number().positive(),
  // Documented space-delimited, observed comma-separated (B1.2): parsed as either.
  scope: z.string().optional(),
  token_type: z.string().optional(),
  id_token: z.string().optional(),
  refresh_token: z.string().min(1).optional(),
  refresh_token_expires_in: z.number().positive().optional(),
});

/** B9: the error envelope; any field may be missing. */
export const linkedInErrorSchema = z.object({
  status: z.number().optional(),
  serviceErrorCode: z.number().optional(),
  code: z.string().optional(),
  message: z.string().optional(),
});
export type LinkedInErrorBody = z.infer<typeof linkedInErrorSchema>;

/** B2: `/v2/userinfo` (`locale` is a string in the docs, an object in live answers). */
export const linkedInUserInfoSchema = z.object({
  sub: z.string().min(1),
  name: z.string().optional(),
  given_name: z.string().optional(),
  family_name: z.string().optional(),
  picture: z.string().optional(),
  email: z.string().optional(),
  // Standard OIDC says boolean; LinkedIn's id_token carries the string "true".
  email_verified: z.union([z.boolean(), z.enum(['true', 'false'])]).optional(),
  locale: z.union([z.string(), z.object({ country: z.string().optional(), language: z.string().optional() })]).optional(),
});

/** B5: `POST /rest/images?action=initializeUpload`. */
export const linkedInImageUploadSchema = z.object({
  value: z.object({
    uploadUrl: z.url({ protocol: /^https?$/ }),
    image: z.string().regex(/^urn:li:image:\S+$/, 'expected an image urn'),
    uploadUrlExpiresAt: z.number().optional(),
  }),
});

/** B4.1: the id of a created post, from the `x-restli-id` header of the empty 201. */
export const linkedInPostUrnSchema = z.string().regex(/^urn:li:(?:share|ugcPost):\S+$/, 'expected a share or ugcPost urn in x-restli-id');

const postSchema = z.object({
  id: z.string().min(1),
  author: z.string().optional(),
  commentary: z.string().optional(),
  createdAt: z.number().optional(),
  publishedAt: z.number().optional(),
  lifecycleState: z.string().optional(),
  // B4.1/B4.2: one image (or a video, a document) in `content.media`, 2–20 images in
  // `content.multiImage`. Other content (article, poll…) is no media. Only their presence matters,
  // so their shape is not checked: one odd post must not make a whole page of posts unreadable.
  content: z
    .object({
      media: z.unknown().optional(),
      multiImage: z.unknown().optional(),
    })
    .nullish()
    .catch(undefined),
});

/** B4.2: the `q=author` finder. */
export const linkedInPostListSchema = z.object({ elements: z.array(postSchema) });

/** B3: BATCH_GET answers: `results` keyed by id (as sent, possibly still encoded). */
export const batchSchema = <T extends z.ZodType>(value: T) =>
  z.object({
    results: z.record(z.string(), value),
    statuses: z.record(z.string(), z.number()).optional(),
    errors: z.record(z.string(), z.unknown()).optional(),
  });

export const linkedInPostAuthorSchema = z.object({ author: z.string() });

const countSchema = z.number().int().nonnegative();

/** B7.2: `reactionSummaries` is a map in LinkedIn's sample and an array in one mock: both are read. */
export const linkedInSocialMetadataSchema = z.object({
  reactionSummaries: z
    .union([z.record(z.string(), z.object({ count: countSchema })), z.array(z.object({ count: countSchema }))])
    .optional(),
  commentSummary: z.object({ count: countSchema }).optional(),
});

/** B7.1: `organizationalEntityShareStatistics` per post. */
export const linkedInShareStatisticsSchema = z.object({
  elements: z.array(
    z.object({
      share: z.string().optional(),
      ugcPost: z.string().optional(),
      totalShareStatistics: z.object({
        impressionCount: countSchema.optional(),
        clickCount: countSchema.optional(),
        shareCount: countSchema.optional(),
      }),
    }),
  ),
});

/**
 * B7.3: `memberCreatorPostAnalytics` with `aggregation=TOTAL`: one element (one metric per call)
 * whose `count` is the post's lifetime total. `metricType` and `dateRange` are not needed.
 */
export const linkedInMemberPostAnalyticsSchema = z.object({
  elements: z.array(z.object({ count: countSchema })),
});

/** B6.1 */
export const linkedInOrganizationAclsSchema = z.object({
  elements: z.array(z.object({ organization: z.string(), role: z.string().optional(), state: z.string().optional() })),
});

/** B6.2 */
export const linkedInOrganizationSchema = z.object({
  id: z.union([z.number(), z.string()]),
  localizedName: z.string().optional(),
  vanityName: z.string().optional(),
  name: z.object({ localized: z.record(z.string(), z.string()).optional() }).optional(),
});

/** B6.3 */
export const linkedInNetworkSizeSchema = z.object({ firstDegreeSize: countSchema });

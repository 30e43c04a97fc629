import { z } from 'zod';

/** LinkedIn's answers, as docs/networks.md (LinkedIn) describes them. Unknown fields are ignored. */

/** docs/networks.md, LinkedIn · Token exchange, Token refresh: `/oauth/v2/accessToken`. */
export const linkedInTokenResponseSchema = z.object({
  access_token: z.string().min(1),
  expires_in: z.number().positive(),
  // Documented space-delimited, observed comma-separated (docs/networks.md, LinkedIn · Token exchange): parsed as either.
  scope: z.string().optional(),
  token_type: z.string().optional(),
  id_token: z.string().optional(),
  refresh_token: z.string().min(1).optional(),
  refresh_token_expires_in: z.number().positive().optional(),
});

/** docs/networks.md, LinkedIn · Errors: the error envelope; any field may be missing. */
export const linkedInErrorSchema = z.object({
  status: z.number().optional(),
  serviceErrorCode: z.number().optional(),
  code: z.string().optional(),
  message: z.string().optional(),
});
export type LinkedInErrorBody = z.infer<typeof linkedInErrorSchema>;

/** docs/networks.md, LinkedIn · Member profile: `/v2/userinfo` (`locale` is a string in the docs, an object in live answers). */
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

/** docs/networks.md, LinkedIn · Image upload: `POST /rest/images?action=initializeUpload`. */
export const linkedInImageUploadSchema = z.object({
  value: z.object({
    uploadUrl: z.url({ protocol: /^https?$/ }),
    image: z.string().regex(/^urn:li:image:\S+$/, 'expected an image urn'),
    uploadUrlExpiresAt: z.number().optional(),
  }),
});

/** docs/networks.md, LinkedIn · Video upload: `POST /rest/videos?action=initializeUpload`. */
export const linkedInVideoUploadSchema = z.object({
  value: z.object({
    video: z.string().regex(/^urn:li:video:\S+$/, 'expected a video urn'),
    uploadInstructions: z
      .array(
        z.object({
          uploadUrl: z.url({ protocol: /^https?$/ }),
          firstByte: z.number().int().nonnegative(),
          lastByte: z.number().int().nonnegative(),
        }),
      )
      .min(1),
    uploadToken: z.string().optional(),
    uploadUrlsExpireAt: z.number().optional(),
  }),
});

/** docs/networks.md, LinkedIn · Document upload: `POST /rest/documents?action=initializeUpload`. */
export const linkedInDocumentUploadSchema = z.object({
  value: z.object({
    uploadUrl: z.url({ protocol: /^https?$/ }),
    document: z.string().regex(/^urn:li:document:\S+$/, 'expected a document urn'),
    uploadUrlExpiresAt: z.number().optional(),
  }),
});

/** docs/networks.md, LinkedIn · Video upload, Document upload: `GET /rest/videos/{urn}` and `/rest/documents/{urn}`. */
export const linkedInMediaStatusSchema = z.object({
  status: z.enum(['WAITING_UPLOAD', 'PROCESSING', 'PROCESSING_FAILED', 'AVAILABLE']),
  processingFailureReason: z.string().optional(),
});

/** docs/networks.md, LinkedIn · Creating a post: the id of a created post, from the `x-restli-id` header of the empty 201. */
export const linkedInPostUrnSchema = z.string().regex(/^urn:li:(?:share|ugcPost):\S+$/, 'expected a share or ugcPost urn in x-restli-id');

const postSchema = z.object({
  id: z.string().min(1),
  author: z.string().optional(),
  commentary: z.string().optional(),
  createdAt: z.number().optional(),
  publishedAt: z.number().optional(),
  lifecycleState: z.string().optional(),
  // docs/networks.md, LinkedIn · Creating a post, Reading posts: one image (or a video, a document) in `content.media`, 2–20 images in
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

/** docs/networks.md, LinkedIn · Reading posts: the `q=author` finder. */
export const linkedInPostListSchema = z.object({ elements: z.array(postSchema) });

/**
 * docs/networks.md, LinkedIn · Comments: a comment as the create answer's body and the list's elements carry it. Only
 * what identifies it is required, and even that may come from `x-restli-id` instead, so every field is optional here.
 */
export const linkedInCommentSchema = z.object({
  id: z.union([z.string(), z.number()]).transform(String).optional(),
  commentUrn: z.string().optional(),
  actor: z.string().optional(),
  message: z.object({ text: z.string().optional() }).optional(),
  created: z.object({ time: z.number().optional() }).optional(),
});

/** docs/networks.md, LinkedIn · Comments: `GET /rest/socialActions/{urn}/comments`. */
export const linkedInCommentListSchema = z.object({ elements: z.array(linkedInCommentSchema) });

/** docs/networks.md, LinkedIn · Comments: `urn:li:comment:(<the thread's urn>,<id>)`. */
export const linkedInCommentUrnSchema = z
  .string()
  .regex(/^urn:li:comment:\(.+,[^,()]+\)$/, 'expected a comment urn (commentUrn or x-restli-id)');

/** docs/networks.md, LinkedIn · Rest.li conventions: BATCH_GET answers: `results` keyed by id (as sent, possibly still encoded). */
export const batchSchema = <T extends z.ZodType>(value: T) =>
  z.object({
    results: z.record(z.string(), value),
    statuses: z.record(z.string(), z.number()).optional(),
    errors: z.record(z.string(), z.unknown()).optional(),
  });

export const linkedInPostAuthorSchema = z.object({ author: z.string() });

const countSchema = z.number().int().nonnegative();

/** docs/networks.md, LinkedIn · Reactions and comments: `reactionSummaries` is a map in LinkedIn's sample and an array in one mock: both are read. */
export const linkedInSocialMetadataSchema = z.object({
  reactionSummaries: z
    .union([z.record(z.string(), z.object({ count: countSchema })), z.array(z.object({ count: countSchema }))])
    .optional(),
  commentSummary: z.object({ count: countSchema }).optional(),
});

/** docs/networks.md, LinkedIn · Organisation post statistics: `organizationalEntityShareStatistics` per post. */
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
 * docs/networks.md, LinkedIn · Member post analytics: `memberCreatorPostAnalytics` with `aggregation=TOTAL`: one element (one metric per call)
 * whose `count` is the post's lifetime total. `metricType` and `dateRange` are not needed.
 */
export const linkedInMemberPostAnalyticsSchema = z.object({
  elements: z.array(z.object({ count: countSchema })),
});

/** docs/networks.md, LinkedIn · Organisation pages */
export const linkedInOrganizationAclsSchema = z.object({
  elements: z.array(z.object({ organization: z.string(), role: z.string().optional(), state: z.string().optional() })),
});

/** docs/networks.md, LinkedIn · Organisation pages; `logoV2` holds media urns (docs/networks.md, LinkedIn · Page logos). */
export const linkedInOrganizationSchema = z.object({
  id: z.union([z.number(), z.string()]),
  localizedName: z.string().optional(),
  vanityName: z.string().optional(),
  name: z.object({ localized: z.record(z.string(), z.string()).optional() }).optional(),
  logoV2: z.object({ original: z.string().optional(), cropped: z.string().optional() }).optional(),
});

/** docs/networks.md, LinkedIn · Page logos: an image of the Images API, with where to download it while it is available. */
export const linkedInImageSchema = z.object({
  status: z.string().optional(),
  downloadUrl: z.string().optional(),
});

/** docs/networks.md, LinkedIn · Organisation pages */
export const linkedInNetworkSizeSchema = z.object({ firstDegreeSize: countSchema });

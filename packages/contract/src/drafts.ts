import { z } from 'zod';
import { networkSchema } from './accounts';
import { channelIdSchema } from './channels';
import { draftFirstCommentsSchema, draftThreadsSchema } from './draft-threads';
import { endpoints } from './endpoints';
import { idParamsSchema, isoDateTimeSchema, uuidSchema } from './fields';
import { defineRoute, emptyResponseSchema, errorResponseSchema } from './http';
import { DRAFT_IMAGE_FIELD, DRAFTS_PER_WORKSPACE } from './limits';
import { mediaDetailsSchema, uploadedMediaSchema } from './media';
import { MEDIA_LIMITS } from './media-limits';
import { timeZoneSchema } from './posts';
import { LINK_CARD_LIMITS, linkCardSchema } from './link-preview';
import { POST_MAX_LENGTH } from './text/limits';

/**
 * Drafts (docs/product.md, Drafts; docs/decisions/141-drafts.md): what a person is writing, saved as
 * they type. A draft is allowed to be unfinished (no text, no network yet) and never publishes.
 */

const draftText = z
  .string({ error: 'text must be a string' })
  .max(POST_MAX_LENGTH, `A draft can be up to ${POST_MAX_LENGTH} characters, as a post can`);

const draftPlatforms = z
  .array(networkSchema, { error: "platforms must be a list of 'x' and 'linkedin'" })
  .max(2, "platforms can hold 'x' and 'linkedin' once each")
  .refine((platforms) => new Set(platforms).size === platforms.length, 'Each platform can be chosen once');

/** Each network's own text, when the person tailored one. */
export const draftPerPlatformSchema = z.object({ x: draftText.optional(), linkedin: draftText.optional() });

/** A web address as the text links to it (a link card's own `url` may be the page's canonical one). */
const draftLink = z.string().max(LINK_CARD_LIMITS.url, `A link can be up to ${LINK_CARD_LIMITS.url} characters`);

/** The rest of the composer's state: shown back when the draft is opened, never trusted to publish. */
export const draftDetailsSchema = z.object({
  /** 'personal', or the id of the LinkedIn page to post as. */
  linkedInTarget: z.string().max(40, 'linkedInTarget can be up to 40 characters').optional(),
  /** "Post as written": the AI step was skipped. */
  skipAi: z.boolean().optional(),
  /** The text the per-network versions were tailored from; they are stale once the text differs. */
  tailoredFrom: draftText.optional(),
  /** The link card shown for the text's link; null: the person removed it (docs/decisions/149-link-cards.md). Older drafts; see `linkCards`. */
  linkCard: linkCardSchema.nullable().optional(),
  /**
   * Every link card the person saw, by the address the texts link to, restored as they were rather
   * than read again (docs/decisions/152-channel-picker-and-kept-attachments.md).
   */
  linkCards: z
    .array(z.object({ link: draftLink, card: linkCardSchema }))
    .max(50, 'A draft can keep up to 50 link cards')
    .optional(),
  /** The addresses whose LinkedIn link cards the person removed. */
  removedLinkCards: z.array(draftLink).max(50, 'A draft can keep up to 50 removed link cards').optional(),
  /** A LinkedIn document post's title, as typed so far. */
  documentTitle: z.string().max(MEDIA_LIMITS.linkedin.documentTitleLength).optional(),
  /** X threads, each part with its text and images (`threadMedia` names the files); see draft-threads.ts. */
  threads: draftThreadsSchema.optional(),
  /** LinkedIn first comments, as written so far. */
  firstComments: draftFirstCommentsSchema.optional(),
});

const mostFiles = Math.max(MEDIA_LIMITS.x.images, MEDIA_LIMITS.linkedin.images);

/** A draft's files in order, each with its alt text as typed so far. */
const draftMediaSchema = z
  .array(z.object({ id: uuidSchema, alt: mediaDetailsSchema.shape.alt }))
  .max(mostFiles, `A draft can hold up to ${mostFiles} files, as a post can`);
/** The chosen channels (docs/product.md, Channels), kept as chosen; publishing checks them again. */
const draftChannels = z
  .array(channelIdSchema)
  .max(50, 'A draft can keep up to 50 channels')
  .refine((ids) => new Set(ids).size === ids.length, 'Each channel can be chosen once');
/** Each chosen channel's own text. */
export const draftPerChannelSchema = z.record(channelIdSchema, draftText);

const draftFields = {
  text: draftText,
  platforms: draftPlatforms,
  perPlatform: draftPerPlatformSchema.optional(),
  /** Left out: keeps the draft's channels. */
  channels: draftChannels.optional(),
  perChannel: draftPerChannelSchema.optional(),
  details: draftDetailsSchema.optional(),
  /** An image of this workspace (the one uploaded to the draft); null removes it. `media` replaces it when given. */
  mediaId: uuidSchema.nullable().optional(),
  /** Files of this workspace (POST /api/v1/media) in order, with alt texts; null or [] removes them all. */
  media: draftMediaSchema.nullable().optional(),
  /** The moment the person has in mind; null clears it. */
  scheduledAt: isoDateTimeSchema.nullable().optional(),
  timeZone: timeZoneSchema.nullable().optional(),
};

/** POST /api/v1/drafts. */
export const createDraftRequestSchema = z.object(draftFields);
export type CreateDraftRequest = z.infer<typeof createDraftRequestSchema>;

/**
 * PUT /api/v1/drafts/:id: the text and networks as they are now, and the revision the change was
 * made on. An optional field left out keeps what the draft has; null clears it.
 */
export const updateDraftRequestSchema = z.object({
  ...draftFields,
  revision: z
    .number({ error: 'revision must be the number the last save answered' })
    .int('revision must be the number the last save answered')
    .min(1, 'revision must be the number the last save answered')
    .max(2_147_483_647, 'revision must be the number the last save answered'),
});
export type UpdateDraftRequest = z.infer<typeof updateDraftRequestSchema>;

/** What a save answers: the draft's new revision, to send with the next save. */
export const draftSavedSchema = z.object({ id: z.uuid(), revision: z.number().int(), updatedAt: isoDateTimeSchema });
export type DraftSaved = z.infer<typeof draftSavedSchema>;

/** A file a draft shows, as the composer draws it. */
const draftFileSchema = uploadedMediaSchema.pick({
  id: true,
  kind: true,
  mimeType: true,
  fileName: true,
  url: true,
  durationMs: true,
  pages: true,
});

export const draftSchema = z.object({
  id: z.uuid(),
  text: z.string(),
  platforms: z.array(networkSchema),
  perPlatform: draftPerPlatformSchema,
  /** Optional only so that clients' own draft objects need not invent them; the server always sends both. */
  channels: z.array(z.uuid()).optional(),
  perChannel: draftPerChannelSchema.optional(),
  details: draftDetailsSchema,
  /** The first file, as drafts with one image showed it. */
  image: z.object({ id: z.uuid(), url: z.string() }).nullable(),
  /** Every file in order, with its alt text. */
  media: z.array(draftFileSchema.extend({ alt: z.string() })),
  /** The files the threads' parts show (`details.threads` names them by id), where they still exist. Optional as `channels` is. */
  threadMedia: z.array(draftFileSchema).optional(),
  scheduledAt: isoDateTimeSchema.nullable(),
  timeZone: z.string().nullable(),
  revision: z.number().int(),
  createdAt: isoDateTimeSchema,
  updatedAt: isoDateTimeSchema,
  /** Who started it; null once that person has deleted their Postflow account. */
  author: z.object({ id: z.uuid(), name: z.string() }).nullable(),
});
export type Draft = z.infer<typeof draftSchema>;

/**
 * The 409 of a save made on an older revision (another tab or device saved since): the error, and
 * the draft as it is now, so the client can show it instead of overwriting it unseen.
 */
export const draftConflictSchema = errorResponseSchema.extend({ draft: draftSchema });
export type DraftConflict = z.infer<typeof draftConflictSchema>;

export const draftsQuerySchema = z.object({
  limit: z.coerce
    .number({ error: `limit must be a whole number from 1 to ${DRAFTS_PER_WORKSPACE}` })
    .int(`limit must be a whole number from 1 to ${DRAFTS_PER_WORKSPACE}`)
    .min(1, `limit must be a whole number from 1 to ${DRAFTS_PER_WORKSPACE}`)
    .max(DRAFTS_PER_WORKSPACE, `limit must be a whole number from 1 to ${DRAFTS_PER_WORKSPACE}`)
    .default(100),
});

export const draftsResponseSchema = z.object({
  /** Newest change first. */
  drafts: z.array(draftSchema),
  /** How many drafts the workspace has (the sidebar's count), whatever the limit. */
  total: z.number().int(),
});

export const draftResponseSchema = z.object({ draft: draftSchema });

export const draftImageResponseSchema = draftSavedSchema.extend({ image: z.object({ id: z.uuid(), url: z.string() }) });

export const draftsRoutes = {
  list: defineRoute({
    ...endpoints.drafts.list,
    example: { query: { limit: 50 } },
    tag: 'drafts',
    summary: "The workspace's drafts, the most recently changed first, with their total",
    query: draftsQuerySchema,
    response: draftsResponseSchema,
  }),
  create: defineRoute({
    ...endpoints.drafts.create,
    example: {
      body: { text: 'Notes for the launch thread', platforms: ['x'], scheduledAt: '2026-12-01T09:00:00Z', timeZone: 'Europe/Berlin' },
    },
    tag: 'drafts',
    summary: `Start a draft (a workspace keeps up to ${DRAFTS_PER_WORKSPACE})`,
    body: createDraftRequestSchema,
    status: 201,
    response: draftSavedSchema,
  }),
  get: defineRoute({
    ...endpoints.drafts.get,
    example: { params: { id: 'd4e5f6a7-b8c9-4d0e-8f1a-2b3c4d5e6f70' } },
    tag: 'drafts',
    summary: 'One draft',
    params: idParamsSchema,
    response: draftResponseSchema,
  }),
  update: defineRoute({
    ...endpoints.drafts.update,
    example: {
      params: { id: 'd4e5f6a7-b8c9-4d0e-8f1a-2b3c4d5e6f70' },
      body: { text: 'Notes for the launch thread, take two', platforms: ['x', 'linkedin'], revision: 3 },
    },
    tag: 'drafts',
    summary:
      'Save a draft; `revision` is the one the change was made on. A newer save in between answers 409 with the draft as it is now (`draft`), and changes nothing',
    params: idParamsSchema,
    body: updateDraftRequestSchema,
    response: draftSavedSchema,
  }),
  remove: defineRoute({
    ...endpoints.drafts.remove,
    example: { params: { id: 'd4e5f6a7-b8c9-4d0e-8f1a-2b3c4d5e6f70' } },
    tag: 'drafts',
    summary: 'Delete a draft (its image too, unless a post shows it)',
    params: idParamsSchema,
    status: 204,
    response: emptyResponseSchema,
  }),
  uploadImage: defineRoute({
    ...endpoints.drafts.uploadImage,
    example: { params: { id: 'd4e5f6a7-b8c9-4d0e-8f1a-2b3c4d5e6f70' } },
    tag: 'drafts',
    summary: `Attach an image to a draft, replacing its image: multipart with one file '${DRAFT_IMAGE_FIELD}' (JPG, PNG or GIF, up to 10 MB)`,
    params: idParamsSchema,
    multipart: true,
    response: draftImageResponseSchema,
  }),
} as const;

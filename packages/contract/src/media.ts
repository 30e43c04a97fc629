import { z } from 'zod';
import { endpoints } from './endpoints';
import { defineRoute } from './http';
import { MEDIA_FIELD, MEDIA_LIMITS } from './media-limits';

/**
 * Media of a post (docs/product.md, Composer · Media; docs/decisions/147-media-app.md): images,
 * one MP4 video, or one PDF/PPTX document, uploaded on their own (`POST /api/v1/media`) or as file
 * parts of the publish call, and described in the publish data in the same order.
 */

const mostFiles = Math.max(MEDIA_LIMITS.x.images, MEDIA_LIMITS.linkedin.images);
const longestAlt = Math.max(MEDIA_LIMITS.x.altTextLength, MEDIA_LIMITS.linkedin.altTextLength);

/** One attached file's description, in the order of the files (or of `mediaIds`). Each network's own alt limit is checked by the server. */
export const mediaDetailsSchema = z.object({
  alt: z.string({ error: 'alt must be text' }).max(longestAlt, `Alt text can be up to ${longestAlt} characters`).optional(),
});

/** The publish data's (and POST /api/v1/posts') media fields. */
export const postMediaFields = {
  /** Files already uploaded to this workspace (POST /api/v1/media), in the order the post shows them. */
  mediaIds: z
    .array(z.uuid({ error: 'mediaIds must hold ids of uploaded media' }))
    .max(mostFiles, `A post can carry up to ${mostFiles} files`)
    .refine((ids) => new Set(ids).size === ids.length, 'Each file can be attached once')
    .optional(),
  /** Per file, in order: its alt text. */
  media: z.array(mediaDetailsSchema).max(mostFiles, `A post can carry up to ${mostFiles} files`).optional(),
  /** A LinkedIn document post's title. */
  document: z
    .object({
      title: z
        .string({ error: 'document.title must be text' })
        .max(
          MEDIA_LIMITS.linkedin.documentTitleLength,
          `The document title can be up to ${MEDIA_LIMITS.linkedin.documentTitleLength} characters`,
        ),
    })
    .optional(),
};

export const mediaKindSchema = z.enum(['image', 'video', 'document']);
export type MediaKind = z.infer<typeof mediaKindSchema>;

/** What an upload answers: the stored file, as the composer lists it. */
export const uploadedMediaSchema = z.object({
  id: z.uuid(),
  kind: mediaKindSchema,
  mimeType: z.string(),
  bytes: z.number().int(),
  fileName: z.string(),
  url: z.string(),
  width: z.number().int().optional(),
  height: z.number().int().optional(),
  durationMs: z.number().int().optional(),
  pages: z.number().int().optional(),
});
export type UploadedMedia = z.infer<typeof uploadedMediaSchema>;

export const mediaRoutes = {
  upload: defineRoute({
    ...endpoints.media.upload,
    tag: 'media',
    summary: `Upload one file for a post: multipart with one file part '${MEDIA_FIELD}' (JPG, PNG, GIF up to 10 MB; MP4 H.264 video; PDF or PPTX document), checked by its bytes`,
    multipart: true,
    status: 201,
    response: uploadedMediaSchema,
  }),
} as const;

import { z } from 'zod';
import { uuidSchema } from './fields';
import { mediaDetailsSchema } from './media';
import { MEDIA_LIMITS } from './media-limits';
import { LINKEDIN_COMMENT_MAX_LENGTH, POST_MAX_LENGTH } from './text/limits';
import { THREAD_MAX_PARTS } from './text/thread-split';

/**
 * A draft's X threads and LinkedIn first comments (docs/product.md, Drafts and Composer · Threads):
 * kept as written, so a reload brings them back. A draft may be unfinished, so a part may be empty
 * or too long for X; publishing checks each part again (docs/decisions/155-threads.md).
 */

const PART_IMAGES = MEDIA_LIMITS.x.images;
/** 'x' and every chosen channel: a draft keeps up to 50 channels. */
const MOST_SCOPES = 51;

const isUuid = (value: string) => uuidSchema.safeParse(value).success;

const partSchema = z.object({
  text: z
    .string({ error: 'A thread part needs its text' })
    .max(POST_MAX_LENGTH, `A thread part in a draft can be up to ${POST_MAX_LENGTH} characters`),
  media: z
    .array(z.object({ id: uuidSchema, alt: mediaDetailsSchema.shape.alt }))
    .max(PART_IMAGES, `A thread part can carry up to ${PART_IMAGES} images`),
});

/** One thread: its parts in order, and whether they are numbered (1/n). */
export const draftThreadSchema = z.object({
  numbered: z.boolean({ error: 'numbered must be true or false' }),
  parts: z
    .array(partSchema, { error: 'parts must be a list of thread parts' })
    .min(1, 'A thread has at least one part')
    .max(THREAD_MAX_PARTS, `A thread can have up to ${THREAD_MAX_PARTS} parts`),
});
export type DraftThread = z.infer<typeof draftThreadSchema>;

/** By 'x' (every chosen X channel without its own) or an X channel's id. */
export const draftThreadsSchema = z
  .record(
    z.string().refine((scope) => scope === 'x' || isUuid(scope), "threads are kept by 'x' or an X channel's id"),
    draftThreadSchema,
  )
  .refine((threads) => Object.keys(threads).length <= MOST_SCOPES, `A draft can keep up to ${MOST_SCOPES} threads`);

/** By 'linkedin' (every chosen LinkedIn channel without its own) or a LinkedIn channel's id. */
export const draftFirstCommentsSchema = z
  .record(
    z.string().refine((scope) => scope === 'linkedin' || isUuid(scope), "firstComments are kept by 'linkedin' or a LinkedIn channel's id"),
    z
      .string({ error: 'A first comment is text' })
      .max(LINKEDIN_COMMENT_MAX_LENGTH, `A first comment can be up to ${LINKEDIN_COMMENT_MAX_LENGTH.toLocaleString('en-US')} characters`),
  )
  .refine((comments) => Object.keys(comments).length <= MOST_SCOPES, `A draft can keep up to ${MOST_SCOPES} first comments`);

/** Every file a draft's threads show, once each (held by the draft like its own files). */
export function threadMediaIds(threads: Readonly<Record<string, DraftThread>> | undefined): string[] {
  const ids = Object.values(threads ?? {}).flatMap((thread) => thread.parts.flatMap((part) => part.media.map((item) => item.id)));
  return [...new Set(ids)];
}

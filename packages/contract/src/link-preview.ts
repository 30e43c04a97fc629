import { z } from 'zod';
import { endpoints } from './endpoints';
import { defineRoute } from './http';

/**
 * Link cards (docs/decisions/149-link-cards.md): the server reads a page's Open Graph tags, the
 * composer shows them as a card, and a LinkedIn post with the card goes out as an article share
 * (docs/networks.md, LinkedIn · Article posts).
 */

/** The longest each card field may be; longer page titles and descriptions are cut to these. */
export const LINK_CARD_LIMITS = { url: 2_000, title: 200, description: 300, siteName: 100 } as const;

/** Whether an address carries a user name or password (`https://user:pass@host/`): an `@` before the path. */
const hasCredentials = (address: string) => /^[a-z][a-z\d+.-]*:\/\/[^/?#]*@/i.test(address);

/**
 * A public web address: http(s), and without a user name or password, which the server would send
 * to the site and LinkedIn would show in the card (docs/decisions/153-media-streaming.md).
 */
const httpUrl = (field: string) =>
  z
    .string({ error: `${field} must be a web address` })
    .trim()
    .min(1, `${field} must be a web address`)
    .max(LINK_CARD_LIMITS.url, `${field} can be up to ${LINK_CARD_LIMITS.url} characters`)
    .pipe(z.url({ protocol: /^https?$/i, error: `${field} must be a web address starting with http:// or https://` }))
    .refine((address) => !hasCredentials(address), `${field} must not contain a user name or password (user:pass@); remove them.`);

/** POST /api/v1/link-preview. */
export const linkPreviewRequestSchema = z.object({ url: httpUrl('url') });

/** What a page says about itself, as the composer's card shows it. Fields a page does not give are empty or null. */
export const linkPreviewSchema = z.object({
  /** The page's address after redirects (its canonical og:url when it names one on the same site). */
  url: z.string(),
  title: z.string(),
  description: z.string(),
  /** An absolute http(s) address; null when the page names no picture. */
  imageUrl: z.string().nullable(),
  siteName: z.string().nullable(),
});
export type LinkPreview = z.infer<typeof linkPreviewSchema>;

/** The card a post carries (publish data `linkCard`, `POST /posts` `linkCard`): LinkedIn sends it as an article share. */
export const linkCardSchema = z.object({
  url: httpUrl('linkCard.url'),
  title: z
    .string({ error: 'linkCard.title must be text' })
    .trim()
    .min(1, 'The link card needs a title')
    .max(LINK_CARD_LIMITS.title, `The link card's title can be up to ${LINK_CARD_LIMITS.title} characters`),
  description: z
    .string({ error: 'linkCard.description must be text' })
    .max(LINK_CARD_LIMITS.description, `The link card's description can be up to ${LINK_CARD_LIMITS.description} characters`)
    .default(''),
  imageUrl: httpUrl('linkCard.imageUrl').nullable().optional(),
});
export type LinkCard = z.infer<typeof linkCardSchema>;

/**
 * The card a LinkedIn post carries, as posts and the feed answer it (`link_card`): what was stored
 * when it was composed, so the feed shows what went out (docs/decisions/152-channel-picker-and-kept-attachments.md).
 */
export const postLinkCardSchema = z.object({
  url: z.string(),
  title: z.string(),
  description: z.string(),
  /** The page's picture (an address on the page's own site); null when it names none. */
  imageUrl: z.string().nullable(),
});
export type PostLinkCard = z.infer<typeof postLinkCardSchema>;

export const linkPreviewRoutes = {
  preview: defineRoute({
    ...endpoints.linkPreview.preview,
    example: { body: { url: 'https://example.com/blog/dark-mode' } },
    tag: 'content',
    summary: "A page's title, description, picture and site name from its Open Graph tags, for a link card",
    body: linkPreviewRequestSchema,
    response: linkPreviewSchema,
  }),
} as const;

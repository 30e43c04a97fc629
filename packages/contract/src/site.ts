import { z } from 'zod';
import { emailSchema } from './fields';
import { defineRoute } from './http';
import { endpoints } from './endpoints';
import { CONTACT_CONTENT_MAX_LENGTH, CONTACT_NAME_MAX_LENGTH, CONTACT_TITLE_MAX_LENGTH } from './limits';

/** docs/product.md, Public site · Contact: the contact form's call, answered without a session. */
export const contactRequestSchema = z.object({
  name: z
    .string({ error: 'Enter your name' })
    .trim()
    .min(1, 'Enter your name')
    .max(CONTACT_NAME_MAX_LENGTH, `Name must be at most ${CONTACT_NAME_MAX_LENGTH} characters`),
  email: emailSchema,
  type: z.literal('CONTACT', { error: "type must be 'CONTACT'" }),
  title: z
    .string({ error: 'Enter a subject' })
    .trim()
    .min(1, 'Enter a subject')
    .max(CONTACT_TITLE_MAX_LENGTH, `Subject must be at most ${CONTACT_TITLE_MAX_LENGTH} characters`),
  content: z
    .string({ error: 'Enter your message' })
    .trim()
    .min(1, 'Enter your message')
    .max(CONTACT_CONTENT_MAX_LENGTH, `Message must be at most ${CONTACT_CONTENT_MAX_LENGTH.toLocaleString('en-US')} characters`),
});
export type ContactRequest = z.input<typeof contactRequestSchema>;

export const contactResponseSchema = z.object({ id: z.uuid(), message: z.string() });

export const siteInfoResponseSchema = z.object({
  /** Where people can write to the operator (`SUPPORT_EMAIL`); null when the operator did not set one. */
  supportEmail: z.string().nullable(),
});
export type SiteInfo = z.infer<typeof siteInfoResponseSchema>;

const contact = {
  tag: 'site',
  summary: "Send a message to the instance's operator (stored, and mailed to SUPPORT_EMAIL when set); limited per address",
  status: 201,
  body: contactRequestSchema,
  response: contactResponseSchema,
} as const;

export const siteRoutes = {
  /** The documented path has a trailing slash. */
  contact: defineRoute({ ...endpoints.site.contact, ...contact }),
  /** The same call without the slash, for clients that drop it. */
  contactWithoutSlash: defineRoute({ ...endpoints.site.contactWithoutSlash, ...contact }),
  info: defineRoute({
    ...endpoints.site.info,
    tag: 'site',
    summary: 'Public facts the site pages show: the support address',
    response: siteInfoResponseSchema,
  }),
} as const;

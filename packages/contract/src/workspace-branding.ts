import { z } from 'zod';
import { accentColorProblem, PRODUCT_NAME_MAX_LENGTH } from './workspace-client';

/**
 * White-label (docs/product.md, Workspaces · Shell and white-label): a workspace whose plan includes
 * it shows its own product name, logo and accent colour in the app and in its members' mails.
 */
export const workspaceBrandingSchema = z.object({
  productName: z.string().nullable(),
  logoUrl: z.string().nullable(),
  accentColor: z.string().nullable(),
});
export type WorkspaceBranding = z.infer<typeof workspaceBrandingSchema>;

const productNameSchema = z
  .string({ error: 'Enter the product name' })
  .trim()
  .min(1, 'Enter the product name, or clear it to show Postflow')
  .max(PRODUCT_NAME_MAX_LENGTH, `A product name must be at most ${PRODUCT_NAME_MAX_LENGTH} characters`);

const logoUrlSchema = z
  .string({ error: 'Enter the logo’s address' })
  .trim()
  .max(2000, 'That logo address is too long')
  .refine((value) => z.url({ protocol: /^https?$/, hostname: /^[^\s/]+$/ }).safeParse(value).success, {
    message: 'Enter the logo’s address, starting with https://',
  });

const accentColorSchema = z
  .string({ error: 'Enter the accent colour as #rrggbb' })
  .trim()
  .superRefine((value, context) => {
    const problem = accentColorProblem(value);
    if (problem) context.addIssue({ code: 'custom', message: problem });
  })
  .transform((value) => value.toLowerCase());

/** Each field left out stays as it is; null clears it. */
export const updateWorkspaceBrandingRequestSchema = z
  .object({
    productName: productNameSchema.nullable().optional(),
    logoUrl: logoUrlSchema.nullable().optional(),
    accentColor: accentColorSchema.nullable().optional(),
  })
  .refine((body) => body.productName !== undefined || body.logoUrl !== undefined || body.accentColor !== undefined, {
    message: 'Send a productName, logoUrl or accentColor to change',
  });
export type UpdateWorkspaceBrandingRequest = z.infer<typeof updateWorkspaceBrandingRequestSchema>;

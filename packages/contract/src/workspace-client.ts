/**
 * The part of workspaces a browser needs up front, without zod: the header that names the current
 * workspace, the answer for one the caller cannot see, and the white-label accent colour's rule.
 */

/** Names the workspace a call acts in (docs/product.md, Workspaces); without it, the personal one. */
export const WORKSPACE_HEADER = 'x-workspace-id';

/** The one answer for "no such workspace" and "not yours", so ids cannot be probed (docs/decisions/128-workspaces.md). */
export const WORKSPACE_NOT_FOUND_MESSAGE = 'This workspace does not exist, or you are not a member of it.';

export const WORKSPACE_NAME_MAX_LENGTH = 80;

/** The product's own name, shown where a workspace has no white-label name of its own. */
export const DEFAULT_PRODUCT_NAME = 'Postflow';

export const PRODUCT_NAME_MAX_LENGTH = 40;

/** White text on the accent colour (buttons, the current link) must pass WCAG AA for normal text. */
export const ACCENT_MIN_CONTRAST = 4.5;

export const ACCENT_COLOR_PATTERN = /^#[0-9a-fA-F]{6}$/;

/** The WCAG 2 relative luminance of a `#rrggbb` colour. */
function luminance(hex: string): number {
  const channel = (offset: number) => {
    const value = parseInt(hex.slice(offset, offset + 2), 16) / 255;
    return value <= 0.04045 ? value / 12.92 : ((value + 0.055) / 1.055) ** 2.4;
  };
  return 0.2126 * channel(1) + 0.7152 * channel(3) + 0.0722 * channel(5);
}

/** The WCAG contrast ratio of white text on a `#rrggbb` background, from 1 to 21. */
export function contrastWithWhite(hex: string): number {
  return 1.05 / (luminance(hex) + 0.05);
}

/**
 * Why an accent colour is refused, or null when it may be used: it must be `#rrggbb` and dark enough
 * for white text (docs/decisions/133-white-label.md).
 */
export function accentColorProblem(value: string): string | null {
  if (!ACCENT_COLOR_PATTERN.test(value)) return 'Enter the accent colour as #rrggbb, like #2563eb';
  const ratio = contrastWithWhite(value);
  if (ratio >= ACCENT_MIN_CONTRAST) return null;
  return `White text on ${value.toLowerCase()} has a contrast of ${(Math.floor(ratio * 10) / 10).toFixed(1)}:1; it needs at least ${ACCENT_MIN_CONTRAST}:1 to be readable. Choose a darker colour.`;
}

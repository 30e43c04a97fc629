/**
 * The limits that forms and the server share, without zod: the browser reads them up front,
 * the schemas in the other modules enforce them.
 */

/** Accounts: sign-up and passwords. */
export const NAME_MAX_LENGTH = 100;
export const PASSWORD_MIN_LENGTH = 8;
export const PASSWORD_MAX_LENGTH = 128;

/** Edit modal limits per platform (docs/product.md, Profile · Edit scheduled post). */
export const EDIT_LIMITS = { linkedin: 1300, x: 280, other: 1000 } as const;
/** An image attached to a post. */
export const IMAGE_MAX_BYTES = 10 * 1024 * 1024;
export const IMAGE_TYPES = ['image/jpeg', 'image/png', 'image/gif'] as const;

/** docs/product.md, Feed · Paging: the feed page shows 10 posts a page; a caller that names no limit gets 20. */
export const FEED_PAGE_SIZE = 10;
export const FEED_DEFAULT_LIMIT = 20;
export const FEED_MAX_LIMIT = 100;
export const FEED_MAX_OFFSET = 1_000_000;
/**
 * The feed counts at most this many posts past the requested offset: an exact count of a million
 * posts costs a scan of them all on every page, and nobody pages that far.
 */
export const FEED_COUNT_HORIZON = 10_000;

/** docs/product.md, Profile · Edit profile: first and last name at most 50 characters. */
export const PROFILE_NAME_MAX_LENGTH = 50;
export const BIO_MAX_LENGTH = 300;
export const USERNAME_MIN_LENGTH = 3;
export const USERNAME_MAX_LENGTH = 30;
export const LOCATION_MAX_LENGTH = 100;
export const WEBSITE_MAX_LENGTH = 200;
/** Letters, digits, underscores and dots: safe in a URL and unambiguous next to an @. */
export const USERNAME_PATTERN = /^[A-Za-z0-9_.]+$/;

/** Drafts (docs/decisions/141-drafts.md): how many a workspace keeps, and the upload's file field. */
export const DRAFTS_PER_WORKSPACE = 500;
export const DRAFT_IMAGE_FIELD = 'image';

/** Multipart field names of the two uploads (docs/product.md, Profile · Calls). */
export const AVATAR_FIELD = 'profile_image';
export const COVER_FIELD = 'cover_image';
/** Stored pictures are scaled down to fit these boxes (never up). */
export const AVATAR_MAX_SIZE = 512;
export const COVER_MAX_WIDTH = 1600;

/** The contact form (docs/product.md, Public site · Contact). */
export const CONTACT_NAME_MAX_LENGTH = 100;
export const CONTACT_TITLE_MAX_LENGTH = 200;
export const CONTACT_CONTENT_MAX_LENGTH = 5000;

/** How long an invitation link into a workspace works (docs/product.md, Workspaces · Members and invitations). */
export const INVITATION_TTL_DAYS = 7;

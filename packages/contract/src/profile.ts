import { z } from 'zod';
import { networkSchema } from './accounts';
import { userSchema } from './auth';
import { channelIdSchema } from './channels';
import { dashboardRangeSchema } from './dashboard';
import { currentPasswordSchema, emailSchema } from './fields';
import { defineRoute } from './http';
import { endpoints } from './endpoints';
import { timeZoneSchema } from './posts';
import { isIanaTimeZone } from './time-zones';
import { DEFAULT_DASHBOARD_RANGE } from './vocabulary';
import {
  AVATAR_FIELD,
  BIO_MAX_LENGTH,
  COVER_FIELD,
  LOCATION_MAX_LENGTH,
  PROFILE_NAME_MAX_LENGTH,
  USERNAME_MAX_LENGTH,
  USERNAME_MIN_LENGTH,
  USERNAME_PATTERN,
  WEBSITE_MAX_LENGTH,
} from './limits';

const requiredName = (label: string) =>
  z
    .string({ error: `${label} is required` })
    .trim()
    .min(1, `${label} is required`)
    .max(PROFILE_NAME_MAX_LENGTH, `${label} must be at most ${PROFILE_NAME_MAX_LENGTH} characters`);

export const usernameSchema = z
  .string({ error: 'Username is required' })
  .trim()
  .min(1, 'Username is required')
  .min(USERNAME_MIN_LENGTH, `Username must be at least ${USERNAME_MIN_LENGTH} characters`)
  .max(USERNAME_MAX_LENGTH, `Username must be at most ${USERNAME_MAX_LENGTH} characters`)
  .regex(USERNAME_PATTERN, 'Username can use only letters, digits, underscores and dots');

/** An optional text: missing leaves the stored value alone, an empty string clears it. */
const optionalText = (max: number, message: string) => z.string().trim().max(max, message).optional();

export const websiteSchema = z
  .string()
  .trim()
  .max(WEBSITE_MAX_LENGTH, `Website must be at most ${WEBSITE_MAX_LENGTH} characters`)
  .refine(
    (value) => value === '' || z.url({ protocol: /^https?$/, hostname: /^[^\s/]+$/ }).safeParse(value).success,
    'Website must be a web address starting with http:// or https://',
  );

/**
 * The person's own time zone (docs/product.md, Shared rules · Time zone): an IANA name, stored as sent but
 * with the runtime's capitals ('europe/berlin' becomes 'Europe/Berlin'). Never renamed otherwise: runtimes
 * disagree on old and new names (Node answers 'Asia/Calcutta' for 'Asia/Kolkata'), and the person chose theirs.
 */
export const personTimeZoneSchema = z
  .string({ error: 'Choose a time zone, e.g. Europe/Berlin' })
  .trim()
  .min(1, 'Choose a time zone, e.g. Europe/Berlin')
  .max(64, 'Time zone must be at most 64 characters')
  .refine(isIanaTimeZone, 'Unknown time zone: choose an IANA time zone such as Europe/Berlin')
  .transform((zone) => {
    const spelled = new Intl.DateTimeFormat('en-US', { timeZone: zone }).resolvedOptions().timeZone;
    return spelled.toLowerCase() === zone.toLowerCase() ? spelled : zone;
  });

/** PUT /auth/profile (docs/product.md, Profile · Edit profile). */
export const updateProfileRequestSchema = z.object({
  firstName: requiredName('First name'),
  lastName: requiredName('Last name'),
  email: z.string({ error: 'Email is required' }).trim().min(1, 'Email is required').pipe(emailSchema),
  username: usernameSchema,
  bio: optionalText(BIO_MAX_LENGTH, `Bio must be at most ${BIO_MAX_LENGTH} characters`),
  location: optionalText(LOCATION_MAX_LENGTH, `Location must be at most ${LOCATION_MAX_LENGTH} characters`),
  website: websiteSchema.optional(),
  /** Missing leaves the stored zone alone; PUT /auth/profile/time-zone changes only the zone. */
  timeZone: personTimeZoneSchema.optional(),
  /** Needed when the email changes (decision 108): the current password, unless the account has none. */
  currentPassword: currentPasswordSchema,
});
export type UpdateProfileRequest = z.infer<typeof updateProfileRequestSchema>;

/** PUT /auth/profile/time-zone: only the zone, without the rest of the profile (docs/decisions/145-person-time-zone.md). */
export const updateTimeZoneRequestSchema = z.object({ timeZone: personTimeZoneSchema });
export type UpdateTimeZoneRequest = z.input<typeof updateTimeZoneRequestSchema>;
export const updateProfileResponseSchema = z.object({ user: userSchema });

/** Followers on one network: its accounts' own followers and their LinkedIn pages' (docs/product.md, Profile · Page). */
export const followerCountSchema = z.object({ provider: networkSchema, followers_count: z.number().int().nonnegative() });

/** One audience the networks report, as the analytics screen shows it: an account's own followers, or a LinkedIn page's. */
export const audienceEntrySchema = z.object({
  provider: networkSchema,
  /** The account's or the page's name. */
  name: z.string(),
  kind: z.enum(['account', 'page']),
  followers_count: z.number().int().nonnegative(),
});

/** GET /users/profile: the figures cover the same range as the dashboard's (docs/product.md, Shared rules · Figures). */
export const profileDetailsQuerySchema = z.object({
  range: dashboardRangeSchema.default(DEFAULT_DASHBOARD_RANGE),
  tz: timeZoneSchema.default('UTC'),
  /** Posts, waiting posts and engagement of one channel only (GET /api/v1/channels); another workspace's channel counts nothing. */
  channelId: channelIdSchema.optional(),
});

/** The profile's figures (docs/product.md, Profile · Calls). */
export const profileStatsSchema = z.object({
  /** Posts published in the range (one per network), as the dashboard counts them. */
  posts: z.number().int().nonnegative(),
  /** Posts waiting to go out: scheduled, or being published. */
  scheduled: z.number().int().nonnegative(),
  /** `engagement_rate` with two decimals and a % sign, e.g. '3.45%'; '0%' when no impressions are known. */
  engagement: z.string(),
  /** The engagement rate of the range in percent, as the dashboard and analytics give it; null when no impressions are known. */
  engagement_rate: z.number().nullable(),
  range: dashboardRangeSchema,
  /** Per network with a known follower count; may be empty. */
  followers: z.array(followerCountSchema),
  /** Every audience with a known follower count, accounts first; may be empty. */
  audience: z.array(audienceEntrySchema),
});
export type ProfileStats = z.infer<typeof profileStatsSchema>;

export const profileSocialAccountSchema = z.object({
  id: z.uuid(),
  provider: networkSchema,
  username: z.string().nullable(),
  displayName: z.string().nullable(),
  /** Null while no follower count has been read for the account. */
  followers_count: z.number().int().nonnegative().nullable(),
});

/** GET /users/profile: the profile page's read (docs/product.md, Profile · Calls). */
export const profileDetailsResponseSchema = z.object({
  user: userSchema,
  stats: profileStatsSchema,
  socialAccounts: z.array(profileSocialAccountSchema),
});
export type ProfileDetails = z.infer<typeof profileDetailsResponseSchema>;

export const uploadAvatarResponseSchema = z.object({ profileUrl: z.string() });
export const uploadCoverResponseSchema = z.object({ coverImageUrl: z.string() });

export const profileRoutes = {
  details: defineRoute({
    ...endpoints.profile.details,
    example: { query: { range: '30d', tz: 'Europe/Berlin' } },
    tag: 'profile',
    summary: 'The signed-in user with their post counts, engagement rate, followers and connected accounts',
    query: profileDetailsQuerySchema,
    response: profileDetailsResponseSchema,
  }),
  update: defineRoute({
    ...endpoints.profile.update,
    tag: 'profile',
    summary: 'Change names, username, email, bio, location and website',
    body: updateProfileRequestSchema,
    response: updateProfileResponseSchema,
  }),
  updateTimeZone: defineRoute({
    ...endpoints.profile.updateTimeZone,
    tag: 'profile',
    summary: 'Set the time zone every time is shown and counted in (an IANA name such as Europe/Berlin)',
    body: updateTimeZoneRequestSchema,
    response: updateProfileResponseSchema,
  }),
  uploadAvatar: defineRoute({
    ...endpoints.profile.uploadAvatar,
    tag: 'profile',
    summary: `Replace the profile picture: multipart with one file '${AVATAR_FIELD}' (JPG, PNG or GIF, up to 10 MB)`,
    multipart: true,
    response: uploadAvatarResponseSchema,
  }),
  uploadCover: defineRoute({
    ...endpoints.profile.uploadCover,
    tag: 'profile',
    summary: `Replace the cover image: multipart with one file '${COVER_FIELD}' (JPG, PNG or GIF, up to 10 MB)`,
    multipart: true,
    response: uploadCoverResponseSchema,
  }),
} as const;

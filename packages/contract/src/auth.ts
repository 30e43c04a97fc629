import { z } from 'zod';
import { currentPasswordSchema, emailSchema, isoDateTimeSchema, newPasswordSchema } from './fields';
import { defineRoute, emptyResponseSchema } from './http';
import { endpoints } from './endpoints';
import { NAME_MAX_LENGTH } from './limits';
import { planIds } from './plans';

export const userSchema = z.object({
  id: z.uuid(),
  name: z.string(),
  firstName: z.string().nullable(),
  lastName: z.string().nullable(),
  username: z.string().nullable(),
  /** Null for people who signed in with a network that did not share an address. */
  email: z.string().nullable(),
  avatarURL: z.string().nullable(),
  coverURL: z.string().nullable(),
  bio: z.string().nullable(),
  location: z.string().nullable(),
  website: z.string().nullable(),
  /** The IANA zone every time is shown and counted in (docs/product.md, Shared rules · Time zone); null until the person chooses one. */
  timeZone: z.string().nullable(),
  createdAt: isoDateTimeSchema,
});
export type User = z.infer<typeof userSchema>;

export const sessionResponseSchema = z.object({
  token: z.string(),
  refreshToken: z.string(),
  /** Seconds until `token` expires; the client renews it with `refreshToken` before or on a 401. */
  expiresIn: z.number().int().positive(),
  user: userSchema,
});
export type SessionResponse = z.infer<typeof sessionResponseSchema>;

export const registerRequestSchema = z.object({
  name: z
    .string({ error: 'Enter your name' })
    .trim()
    .min(1, 'Enter your name')
    .max(NAME_MAX_LENGTH, `Name must be at most ${NAME_MAX_LENGTH} characters`),
  email: emailSchema,
  password: newPasswordSchema,
  /** The plan chosen on the pricing page; one other than the instance's default becomes a request the operator sees. */
  plan: z.enum(planIds, { error: "plan must be 'free', 'pro', 'business' or 'enterprise'" }).optional(),
});

export const loginRequestSchema = z.object({
  email: emailSchema,
  password: z.string({ error: 'Enter your password' }).min(1, 'Enter your password').max(1024, 'That password is too long'),
});

export const refreshRequestSchema = z.object({
  refreshToken: z.string({ error: 'A refresh token is required' }).min(1, 'A refresh token is required').max(200),
});

export const passwordResetRequestSchema = z.object({ email: emailSchema });

export const passwordResetConfirmSchema = z.object({
  token: z.string({ error: 'The reset link is incomplete' }).min(1, 'The reset link is incomplete').max(200),
  password: newPasswordSchema,
});

/** POST /auth/password-reset/check: the link's token, in the body so it stays out of access logs. */
export const passwordResetCheckSchema = passwordResetConfirmSchema.pick({ token: true });

/**
 * Whether a reset link can still set a password, asked when its page opens (it is not used up by
 * asking). `message` says what happened to a link that cannot, in words a person can act on.
 */
export const passwordResetCheckResponseSchema = z.object({
  state: z.enum(['valid', 'used', 'expired', 'unknown']),
  message: z.string().nullable(),
});

/** PUT /auth/password: change the password, or set a first one on an account that signs in with a network. */
export const changePasswordRequestSchema = z.object({
  currentPassword: currentPasswordSchema,
  password: newPasswordSchema,
});

export const messageResponseSchema = z.object({ message: z.string() });

export const profileResponseSchema = z.object({ user: userSchema });

export const validateResponseSchema = z.object({ valid: z.literal(true), userId: z.uuid(), expiresAt: isoDateTimeSchema });

export const authRoutes = {
  register: defineRoute({
    ...endpoints.auth.register,
    tag: 'auth',
    summary: 'Create an account with email and password, and sign in',
    status: 201,
    body: registerRequestSchema,
    response: sessionResponseSchema,
  }),
  login: defineRoute({
    ...endpoints.auth.login,
    tag: 'auth',
    summary: 'Sign in with email and password',
    body: loginRequestSchema,
    response: sessionResponseSchema,
  }),
  refresh: defineRoute({
    ...endpoints.auth.refresh,
    tag: 'auth',
    summary: 'Trade a refresh token for a new token pair; the old refresh token stops working',
    body: refreshRequestSchema,
    response: sessionResponseSchema,
  }),
  profile: defineRoute({
    ...endpoints.auth.profile,
    tag: 'auth',
    summary: 'The signed-in user',
    response: profileResponseSchema,
  }),
  validate: defineRoute({
    ...endpoints.auth.validate,
    tag: 'auth',
    summary: 'Answers 200 while the bearer token is valid, 401 otherwise',
    response: validateResponseSchema,
  }),
  logout: defineRoute({
    ...endpoints.auth.logout,
    tag: 'auth',
    summary: 'Revoke the current session',
    status: 204,
    response: emptyResponseSchema,
  }),
  requestPasswordReset: defineRoute({
    ...endpoints.auth.requestPasswordReset,
    tag: 'auth',
    summary: 'Email a one-time reset link valid for one hour (answers 202 whether or not the address is known)',
    status: 202,
    body: passwordResetRequestSchema,
    response: messageResponseSchema,
  }),
  confirmPasswordReset: defineRoute({
    ...endpoints.auth.confirmPasswordReset,
    tag: 'auth',
    summary: 'Set a new password with a reset token; signs out every session',
    body: passwordResetConfirmSchema,
    response: messageResponseSchema,
  }),
  checkPasswordReset: defineRoute({
    ...endpoints.auth.checkPasswordReset,
    tag: 'auth',
    summary: 'Whether a reset token can still set a password (valid, used, expired or unknown), without using it',
    body: passwordResetCheckSchema,
    response: passwordResetCheckResponseSchema,
  }),
  changePassword: defineRoute({
    ...endpoints.auth.changePassword,
    tag: 'auth',
    summary:
      'Change the password (needs the current one), or set a first one (needs a sign-in within 10 minutes); signs out every other session',
    body: changePasswordRequestSchema,
    response: messageResponseSchema,
  }),
} as const;

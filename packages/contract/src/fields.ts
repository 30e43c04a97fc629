import { z } from 'zod';
import { PASSWORD_MAX_LENGTH, PASSWORD_MIN_LENGTH } from './limits';

/** Building blocks shared by several areas, each with the message a person reads when it fails. */

export const emailSchema = z
  .string({ error: 'Enter your email address' })
  .trim()
  .toLowerCase()
  .max(254, 'That email address is too long')
  .pipe(z.email({ error: 'Enter a valid email address, like name@example.com' }));

export const newPasswordSchema = z
  .string({ error: 'Choose a password' })
  .min(PASSWORD_MIN_LENGTH, `Password must be at least ${PASSWORD_MIN_LENGTH} characters`)
  .max(PASSWORD_MAX_LENGTH, `Password must be at most ${PASSWORD_MAX_LENGTH} characters`);

/** The current password, to confirm a change that could take the account over (email, password, sign-in methods). */
export const currentPasswordSchema = z.string().max(1024, 'That password is too long').optional();

export const isoDateTimeSchema = z.iso.datetime({ offset: true });

export const uuidSchema = z.uuid({ error: 'That id is not valid' });

export const idParamsSchema = z.object({ id: uuidSchema });

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

/**
 * A calendar day, YYYY-MM-DD, that exists: 2027-02-30 is refused rather than read as 2 March (which
 * is what `Date` and PostgreSQL's lenient paths would make of it).
 */
export const calendarDateSchema = z
  .string({ error: 'Dates look like 2026-11-30' })
  .regex(/^\d{4}-\d{2}-\d{2}$/, 'Dates look like 2026-11-30')
  .pipe(z.iso.date({ error: 'That date does not exist' }));

export const uuidSchema = z.uuid({ error: 'That id is not valid' });

export const idParamsSchema = z.object({ id: uuidSchema });

/**
 * The dotted path of the first string (value or key) holding U+0000 in a request part, or undefined.
 * PostgreSQL's text cannot store that character, so every request is checked for it before its
 * schema (docs/security.md, Input); walked without recursion, as a body may nest thousands deep.
 */
export function nulCharacterPath(value: unknown, root = ''): string | undefined {
  const pending: Array<[unknown, string]> = [[value, root]];
  while (pending.length) {
    const [current, path] = pending.pop() as [unknown, string];
    if (typeof current === 'string') {
      if (current.includes('\u0000')) return path || root;
    } else if (current && typeof current === 'object') {
      for (const [key, child] of Object.entries(current)) {
        const childPath = path ? `${path}.${key}` : key;
        if (key.includes('\u0000')) return childPath;
        pending.push([child, childPath]);
      }
    }
  }
  return undefined;
}

/** The refusal of a text holding U+0000, naming the field. */
export const nulCharacterMessage = (field: string) =>
  `${field} contains a NUL character (\\u0000), which cannot be stored. Remove it and try again.`;

import type { EmailMessage } from '../mail.service';
import { mailTime } from './mail-time';

export interface EmailChange {
  userId: string;
  /**
   * The name the account had before this save: the old mailbox knows it, while a name typed in
   * the same save (perhaps by someone who took the account over) is not to be trusted there.
   */
  name: string;
  /** Null for someone who signed up through a network without sharing an address. */
  previous: string | null;
  current: string;
  at: Date;
  /** The person's zone, which `at` is shown in (both mailboxes are theirs). */
  timeZone: string | null;
}

export interface EmailChangeLinks {
  publicUrl: string;
  supportEmail: string | undefined;
}

/** Case is not part of an address here: the unique index and sign-in compare it lower-cased. */
export const isNewAddress = (previous: string | null, current: string) => previous?.toLowerCase() !== current.toLowerCase();

/**
 * `ada.new@example.org` → `a***@e***.org`: the old mailbox may be read by someone else (a shared or
 * forwarded inbox), so it is shown enough to be recognised by the person who made the change, no more.
 */
export function maskEmail(address: string): string {
  const at = address.lastIndexOf('@');
  const domain = address.slice(at + 1);
  const dot = domain.lastIndexOf('.');
  return `${address.slice(0, 1)}***@${domain.slice(0, 1)}***${dot > 0 ? domain.slice(dot) : ''}`;
}

const whenText = (change: EmailChange) => mailTime(change.at, change.timeZone);

/**
 * After the change the old address no longer signs in, so a reset link requested for it would
 * never arrive: someone who did not make the change is sent to the profile (while still signed in)
 * or to support.
 */
function noticeToPrevious(change: EmailChange & { previous: string }, links: EmailChangeLinks): EmailMessage {
  const support = links.supportEmail
    ? `write to ${links.supportEmail} from this address`
    : `write to us at ${links.publicUrl}/contact from this address`;
  return {
    userId: change.userId,
    to: change.previous,
    subject: 'The email address of your Postflow account was changed',
    text: [
      `Hello ${change.name},`,
      '',
      `The email address of your Postflow account was changed to ${maskEmail(change.current)} on ${whenText(change)}.`,
      'This address no longer signs in to Postflow.',
      '',
      'If this was you, there is nothing to do.',
      '',
      'If it was not you, someone else may be using your account:',
      `- if you are still signed in somewhere, open ${links.publicUrl}/profile and put your address back, then reset your password at ${links.publicUrl}/reset-password (this signs every device out);`,
      `- if you are not, ${support}, and we will help you get your account back.`,
    ].join('\n'),
  };
}

/** Sent to an address nobody has confirmed yet, so it carries nothing the person typed but the address itself. */
function confirmationToCurrent(change: EmailChange, links: EmailChangeLinks): EmailMessage {
  return {
    userId: change.userId,
    to: change.current,
    subject: 'This address now signs in to Postflow',
    text: [
      // No name: whoever typed this address chose it, and the mailbox may not be theirs (decision 099).
      'Hello,',
      '',
      `This address now signs in to Postflow: it replaced the previous one of your account on ${whenText(change)}.`,
      `Sign in at ${links.publicUrl}/login with it from now on; password resets and notices are sent here too.`,
      '',
      `If you did not expect this, someone may have entered your address by mistake; write to us at ${links.supportEmail ?? `${links.publicUrl}/contact`}.`,
    ].join('\n'),
  };
}

/** The mails an email change sends: a notice to the address being left (if there was one) and a confirmation to the new one. */
export function emailChangeMails(change: EmailChange, links: EmailChangeLinks): EmailMessage[] {
  const { previous } = change;
  const notice = previous === null ? [] : [noticeToPrevious({ ...change, previous }, links)];
  return [...notice, confirmationToCurrent(change, links)];
}

import { brandSignature, type MailBrand } from '../workspace-brand';
import { mailTime } from './mail-time';
/** The mail that invites someone into a workspace; the link works once, for 7 days. */
export function workspaceInvitationMail(input: {
  inviter: string;
  workspace: string;
  role: string;
  link: string;
  days: number;
  /** When the link stops working, shown in the invitee's zone: theirs if they already have an account, else UTC. */
  expiresAt: Date;
  timeZone: string | null;
  /** The workspace's brand (../workspace-brand.ts): its product name stands where Postflow's would. */
  brand: MailBrand;
}): {
  subject: string;
  text: string;
} {
  return {
    subject: `${input.inviter} invited you to ${input.workspace} on ${input.brand.productName}`,
    text: [
      'Hello,',
      '',
      `${input.inviter} invited you to join the workspace "${input.workspace}" on ${input.brand.productName} as ${input.role}.`,
      `Open this link within ${input.days} days (until ${mailTime(input.expiresAt, input.timeZone)}) and sign in (or create an account) with this email address to accept:`,
      '',
      input.link,
      '',
      'If you were not expecting this, ignore this email: nothing happens unless you accept.',
      ...brandSignature(input.brand),
    ].join('\n'),
  };
}

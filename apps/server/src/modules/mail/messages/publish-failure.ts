import { networkName, type Network } from '@postflow/contract';
import { brandedSubject, brandSignature, type MailBrand } from '../workspace-brand';
import { mailTime } from './mail-time';

/** The mail that tells a person their post did not go out, why, and what to do about it. */
export function publishFailureMail(input: {
  ownerName: string;
  network: Network;
  text: string;
  status: 'failed' | 'needs_reconnect' | 'missed';
  reason: string;
  /** When it was planned for, shown in the recipient's zone (`timeZone`). */
  scheduledAt: Date;
  timeZone: string | null;
  publicUrl: string;
  /** The post's workspace's brand (../workspace-brand.ts). */
  brand: MailBrand;
}): { subject: string; text: string } {
  const name = networkName(input.network);
  const excerpt = input.text.length > 140 ? `${input.text.slice(0, 137)}...` : input.text;
  const whatToDo = {
    needs_reconnect: `Reconnect your ${name} account at ${input.publicUrl}/connect-accounts, then reschedule the post from your profile.`,
    missed: `If you still want it out, open ${input.publicUrl}/profile and reschedule it or publish it now.`,
    failed: `Edit the post at ${input.publicUrl}/profile to fix it, then schedule it again.`,
  }[input.status];
  return {
    subject: brandedSubject(
      input.brand,
      input.status === 'missed' ? `Your ${name} post was not published on time` : `Your ${name} post could not be published`,
    ),
    text: [
      `Hello ${input.ownerName},`,
      '',
      `Your ${name} post planned for ${mailTime(input.scheduledAt, input.timeZone)}:`,
      '',
      `  "${excerpt}"`,
      '',
      `was not published. ${input.reason}`,
      '',
      whatToDo,
      ...brandSignature(input.brand),
    ].join('\n'),
  };
}

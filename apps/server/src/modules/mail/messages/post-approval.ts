import { networkName, type Network } from '@postflow/contract';
import { brandedSubject, brandSignature, type MailBrand } from '../workspace-brand';
import { mailTime } from './mail-time';

const excerptOf = (text: string) => (text.length > 140 ? `${text.slice(0, 137)}...` : text);

/** What became of each network's copy once it was approved. */
export interface ApprovedCopy {
  network: Network;
  outcome: 'scheduled' | 'now' | 'missed';
  scheduledAt: Date;
}

/** The mail that tells an author their post was approved, and when it goes out (docs/decisions/130-approvals.md). */
export function postApprovedMail(input: {
  authorName: string;
  approverName: string;
  text: string;
  copies: ApprovedCopy[];
  publicUrl: string;
  /** The post's workspace's brand (../workspace-brand.ts). */
  brand: MailBrand;
  /** The author's zone, which the times are shown in. */
  timeZone: string | null;
}): { subject: string; text: string } {
  const when = (instant: Date) => mailTime(instant, input.timeZone);
  const lines = input.copies.map((copy) => {
    const name = networkName(copy.network);
    if (copy.outcome === 'scheduled') return `- ${name}: scheduled for ${when(copy.scheduledAt)}.`;
    if (copy.outcome === 'now') return `- ${name}: its time (${when(copy.scheduledAt)}) had passed, so it is being published now.`;
    return `- ${name}: its time (${when(copy.scheduledAt)}) had passed too long ago, so it was not published. Reschedule it from ${input.publicUrl}/profile if you still want it out.`;
  });
  return {
    subject: brandedSubject(input.brand, 'Your post was approved'),
    text: [
      `Hello ${input.authorName},`,
      '',
      `${input.approverName} approved your post:`,
      '',
      `  "${excerptOf(input.text)}"`,
      '',
      ...lines,
      ...brandSignature(input.brand),
    ].join('\n'),
  };
}

/** The mail that tells an author their post was rejected, why, and what to do. */
export function postRejectedMail(input: {
  authorName: string;
  approverName: string;
  text: string;
  reason: string;
  publicUrl: string;
  brand: MailBrand;
}): {
  subject: string;
  text: string;
} {
  return {
    subject: brandedSubject(input.brand, 'Your post was not approved'),
    text: [
      `Hello ${input.authorName},`,
      '',
      `${input.approverName} did not approve your post:`,
      '',
      `  "${excerptOf(input.text)}"`,
      '',
      `Reason: ${input.reason}`,
      '',
      `Edit it at ${input.publicUrl}/profile to send it for approval again, or delete it.`,
      ...brandSignature(input.brand),
    ].join('\n'),
  };
}

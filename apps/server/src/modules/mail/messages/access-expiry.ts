import { networkName, type Network } from '@postflow/contract';
import { mailTime } from './mail-time';

/** The warning that an account's access grant ends soon (LinkedIn's last 60 days and cannot renew alone). */
export function accessExpiryMail(input: {
  ownerName: string;
  network: Network;
  account: string | null;
  daysLeft: number;
  accessExpiresAt: Date;
  /** The recipient's zone, which the end of access is shown in. */
  timeZone: string | null;
  publicUrl: string;
}): { subject: string; text: string } {
  const name = networkName(input.network);
  return {
    subject: `Your ${name} connection ends in ${input.daysLeft} day${input.daysLeft === 1 ? '' : 's'}`,
    text: [
      `Hello ${input.ownerName},`,
      '',
      `${name} grants Postflow access to "${input.account ?? name}" for a limited time, and that access ends on ${mailTime(input.accessExpiresAt, input.timeZone)}.`,
      `After that, scheduled posts for this account cannot go out. Reconnect it now (it takes a few seconds):`,
      '',
      `${input.publicUrl}/connect-accounts`,
    ].join('\n'),
  };
}

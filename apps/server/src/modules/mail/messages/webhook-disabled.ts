import { brandedSubject, brandSignature, type MailBrand } from '../workspace-brand';

/** The mail that tells a workspace's owner Postflow stopped sending to one of its webhook endpoints, and how to resume. */
export function webhookDisabledMail(input: { ownerName: string; url: string; reason: string; publicUrl: string; brand: MailBrand }): {
  subject: string;
  text: string;
} {
  return {
    subject: brandedSubject(input.brand, 'A webhook endpoint was turned off'),
    text: [
      `Hello ${input.ownerName},`,
      '',
      `Postflow stopped sending events to ${input.url}:`,
      '',
      `  ${input.reason}`,
      '',
      `Events that happen while it is off are not sent to it. Once the receiver works again, turn the endpoint back on under Webhooks at ${input.publicUrl}/settings/workspace and redeliver what it missed from its delivery log.`,
      ...brandSignature(input.brand),
    ].join('\n'),
  };
}

import { describe, expect, it } from 'vitest';
import { accessExpiryMail } from './access-expiry';
import { mailTime } from './mail-time';
import { postApprovedMail } from './post-approval';
import { publishFailureMail } from './publish-failure';
import { workspaceInvitationMail } from './workspace-invitation';

const brand = { productName: 'Postflow', whiteLabel: false };
const at = new Date('2026-01-05T23:30:00Z');

/** Times in mails are the recipient's, with the zone named (docs/decisions/145-person-time-zone.md). */
describe('times in mails', () => {
  it('shows the wall clock of the zone, and names it; UTC for someone without one', () => {
    expect(mailTime(at, 'Europe/Berlin')).toBe('2026-01-06 00:30 Europe/Berlin');
    expect(mailTime(at, 'America/New_York')).toBe('2026-01-05 18:30 America/New_York');
    expect(mailTime(at, null)).toBe('2026-01-05 23:30 UTC');
  });

  it('puts every time a mail shows in the recipient’s zone', () => {
    const approved = postApprovedMail({
      authorName: 'Ada',
      approverName: 'Grace',
      text: 'Hello',
      copies: [{ network: 'x', outcome: 'scheduled', scheduledAt: at }],
      publicUrl: 'https://postflow.example',
      brand,
      timeZone: 'Europe/Berlin',
    });
    expect(approved.text).toContain('- X: scheduled for 2026-01-06 00:30 Europe/Berlin.');

    const failed = publishFailureMail({
      ownerName: 'Ada',
      network: 'linkedin',
      text: 'Hello',
      status: 'missed',
      reason: 'It was late.',
      scheduledAt: at,
      timeZone: 'Asia/Tokyo',
      publicUrl: 'https://postflow.example',
      brand,
    });
    expect(failed.text).toContain('Your LinkedIn post planned for 2026-01-06 08:30 Asia/Tokyo:');

    const expiry = accessExpiryMail({
      ownerName: 'Ada',
      network: 'linkedin',
      account: 'Ada',
      daysLeft: 2,
      accessExpiresAt: at,
      timeZone: 'Europe/Berlin',
      publicUrl: 'https://postflow.example',
    });
    expect(expiry.text).toContain('that access ends on 2026-01-06 00:30 Europe/Berlin.');

    const invitation = workspaceInvitationMail({
      inviter: 'Ada',
      workspace: 'Agency',
      role: 'editor',
      link: 'https://postflow.example/invitations/x',
      days: 7,
      expiresAt: at,
      timeZone: null,
      brand,
    });
    expect(invitation.text).toContain('within 7 days (until 2026-01-05 23:30 UTC)');
  });
});

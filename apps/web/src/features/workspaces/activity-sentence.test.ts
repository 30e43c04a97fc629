import type { ActivityEntry } from '@postflow/contract';
import { describe, expect, it } from 'vitest';
import { activitySentence } from './activity-sentence';

const edit = (details: ActivityEntry['details']): ActivityEntry => ({
  id: '1a2b3c4d-5e6f-4a7b-8c9d-0e1f2a3b4c5d',
  action: 'post.edited',
  actor: { id: '5b0c4f1e-8d3a-4c36-9d7e-2f1a6b8c9d01', name: 'Ada Lovelace', avatarUrl: null },
  subject: { type: 'post', id: '8b2c3d4e-5f6a-4b7c-9d8e-0f1a2b3c4d5e', label: 'Launch day…' },
  details,
  createdAt: '2026-03-01T12:00:00.000Z',
});

describe('activitySentence, post.edited', () => {
  it('says a calendar move was a move, and other edits were edits', () => {
    expect(
      activitySentence(edit({ networks: ['x'], scheduledAt: '2026-03-12T13:00:00.000Z', rescheduledFrom: '2026-03-10T13:00:00.000Z' })),
    ).toBe('Ada Lovelace moved “Launch day…” for X to another time');
    expect(activitySentence(edit({ networks: ['x'], scheduledAt: '2026-03-12T13:00:00.000Z' }))).toBe(
      'Ada Lovelace edited “Launch day…” for X',
    );
  });
});

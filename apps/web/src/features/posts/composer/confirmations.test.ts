import type { QueuedTarget } from '@postflow/contract';
import { describe, expect, it } from 'vitest';
import { aPost } from '../../../test/post-data';
import { queuedMessage } from './confirmations';

const slot = (overrides: Partial<QueuedTarget>): QueuedTarget => ({
  id: '7a1c2b4a-5d6e-4f70-8a9b-0c1d2e3f4a51',
  platform: 'x',
  accountId: '9f4c1b2a-3d4e-4f50-8a6b-7c8d9e0f1a2b',
  channelId: '6a0e1c2d-3b4f-4a5b-8c6d-7e8f9a0b1c01',
  scheduledAt: '2026-03-05T08:00:00.000Z',
  timeZone: 'UTC',
  note: null,
  ...overrides,
});

describe('the queue confirmation (docs/product.md, Queue · Adding)', () => {
  const now = new Date('2026-03-03T08:00:00.000Z');

  it('names the network alone when each network has one channel', () => {
    const queued = [slot({}), slot({ id: '7a1c2b4a-5d6e-4f70-8a9b-0c1d2e3f4a52', platform: 'linkedin' })];
    expect(queuedMessage(queued, [], now, 'UTC').title).toBe('Queued for Thu, Mar 5, 8:00 AM on X and Thu, Mar 5, 8:00 AM on LinkedIn');
  });

  it('tells two channels of one network apart by their names', () => {
    const ada = aPost({ author: { kind: 'account', name: 'Ada', handle: 'ada', avatar_url: null } });
    const grace = aPost({ author: { kind: 'account', name: 'Grace', handle: 'grace', avatar_url: null } });
    const queued = [slot({ id: ada.id }), slot({ id: grace.id, scheduledAt: '2026-03-06T12:00:00.000Z' })];
    expect(queuedMessage(queued, [ada, grace], now, 'UTC').title).toBe(
      'Queued for Thu, Mar 5, 8:00 AM on X (Ada) and Fri, Mar 6, 12:00 PM on X (Grace)',
    );
  });
});

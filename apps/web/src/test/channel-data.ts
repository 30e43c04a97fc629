import type { Channel } from '@postflow/contract';

/** A channel as GET /api/v1/channels lists it: an X account unless told otherwise. */
export function aChannel(overrides: Partial<Channel> = {}): Channel {
  return {
    id: '6a0e1c2d-3b4f-4a5b-8c6d-7e8f9a0b1c02',
    network: 'x',
    kind: 'person',
    name: 'Grace on X',
    handle: 'grace_on_x',
    avatarUrl: null,
    accountId: '0d3c6a52-7f1e-4b8a-9c2d-5e6f7a8b9c03',
    ...overrides,
  };
}

/** A LinkedIn page a connected member administers, with its logo. */
export function aPageChannel(overrides: Partial<Channel> = {}): Channel {
  return aChannel({
    id: '6a0e1c2d-3b4f-4a5b-8c6d-7e8f9a0b1c03',
    network: 'linkedin',
    kind: 'organization',
    name: 'Difference Club',
    handle: 'difference',
    avatarUrl: 'https://sandbox.test/logo.svg',
    accountId: '0d3c6a52-7f1e-4b8a-9c2d-5e6f7a8b9c02',
    ...overrides,
  });
}

import type { Channel } from '@postflow/contract';

/** The wizard's X account (test/wizard.tsx) as a channel. */
export const adaOnX: Channel = {
  id: '6a0e1c2d-3b4f-4a5b-8c6d-7e8f9a0b1c01',
  network: 'x',
  kind: 'person',
  name: 'Ada on X',
  handle: 'ada_on_x',
  avatarUrl: null,
  accountId: '0d3c6a52-7f1e-4b8a-9c2d-5e6f7a8b9c01',
  organizationId: null,
};

/** A second X account. */
export const graceOnX: Channel = {
  ...adaOnX,
  id: '6a0e1c2d-3b4f-4a5b-8c6d-7e8f9a0b1c02',
  name: 'Grace on X',
  handle: 'grace_on_x',
  accountId: '0d3c6a52-7f1e-4b8a-9c2d-5e6f7a8b9c03',
};

/** The wizard's LinkedIn member (test/wizard.tsx) as a channel. */
export const adaOnLinkedIn: Channel = {
  id: '6a0e1c2d-3b4f-4a5b-8c6d-7e8f9a0b1c05',
  network: 'linkedin',
  kind: 'person',
  name: 'Ada Lovelace',
  handle: null,
  avatarUrl: null,
  accountId: '0d3c6a52-7f1e-4b8a-9c2d-5e6f7a8b9c02',
  organizationId: null,
};

/** A page the LinkedIn member administers. */
export const differenceClub: Channel = {
  ...adaOnLinkedIn,
  id: '6a0e1c2d-3b4f-4a5b-8c6d-7e8f9a0b1c03',
  kind: 'organization',
  name: 'Difference Club',
  handle: 'difference-club',
  organizationId: 'org-2',
};

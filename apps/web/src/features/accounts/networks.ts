import type { Network } from '@postflow/contract';

export interface NetworkInfo {
  id: Network;
  /** The card's title, and `{name}` in the disconnect dialogs (docs/decisions/031). */
  name: string;
  /** The network alone, for "Postflow's built-in X imitation". */
  shortName: string;
}

/** docs/product.md, Connect accounts · Screen: one card per provider, X first. */
export const NETWORKS: readonly NetworkInfo[] = [
  { id: 'x', name: 'X (Twitter)', shortName: 'X' },
  { id: 'linkedin', name: 'LinkedIn', shortName: 'LinkedIn' },
];

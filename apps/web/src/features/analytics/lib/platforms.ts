import type { AnalyticsPlatform, Network } from '@postflow/contract';

export type { AnalyticsPlatform };

export const PLATFORM_OPTIONS: ReadonlyArray<{ value: AnalyticsPlatform; label: string }> = [
  { value: 'all', label: 'All platforms' },
  { value: 'x', label: 'X' },
  { value: 'linkedin', label: 'LinkedIn' },
];

/** 'X' or 'LinkedIn', as the sync and failure messages name them ('{platform} sync started successfully'; docs/product.md, Analytics · Messages). */
export function networkName(network: Network): string {
  return network === 'x' ? 'X' : 'LinkedIn';
}

export function isNetwork(platform: AnalyticsPlatform): platform is Network {
  return platform !== 'all';
}

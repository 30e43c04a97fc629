import type { Channel, Network } from '@postflow/contract';
import { getWorkspaceId } from '../../../lib/workspace-storage';
import { inNetworkOrder } from './wizard';

/**
 * The composer's choice of channels (docs/product.md, Channels): which networks they make, and the
 * last choice, remembered per workspace in this browser so the next post starts from it.
 */
const storageKey = () => `postflow.channels.${getWorkspaceId() ?? 'personal'}`;

/** The networks the chosen channels are on, in the wizard's order: the Enhance step tailors one text per network. */
export function networksOf(channels: readonly Channel[], chosen: readonly string[]): Network[] {
  return inNetworkOrder([...new Set(channels.filter((channel) => chosen.includes(channel.id)).map((channel) => channel.network))]);
}

/** The last choice made in this workspace, without the channels that are gone since. */
export function rememberedChannels(channels: readonly Channel[]): string[] {
  try {
    const stored: unknown = JSON.parse(localStorage.getItem(storageKey()) ?? '[]');
    if (!Array.isArray(stored)) return [];
    return stored.filter((id): id is string => typeof id === 'string' && channels.some((channel) => channel.id === id));
  } catch {
    return [];
  }
}

export function rememberChannels(chosen: readonly string[]): void {
  try {
    localStorage.setItem(storageKey(), JSON.stringify(chosen));
  } catch {
    // A full or blocked storage only loses the convenience.
  }
}

/** The per-channel texts worth sending: only those of chosen channels that say something. */
export function ownTexts(chosen: readonly string[], perChannel: Readonly<Record<string, string>>): Record<string, string> {
  return Object.fromEntries(chosen.filter((id) => perChannel[id]?.trim()).map((id) => [id, perChannel[id] as string]));
}

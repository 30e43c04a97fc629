import type { Channel, Network } from '@postflow/contract';
import { useState } from 'react';
import { useChannels } from '../../../lib/use-channels';
import { networksOf, ownTexts, rememberChannels, rememberedChannels } from './channel-choice';
import type { ComposerDraft } from './draft';

/**
 * A draft written before the channel picker names networks (and a LinkedIn page as `linkedInTarget`):
 * each network becomes its first person channel, LinkedIn the chosen page when it is still listed.
 */
function channelsForNetworks(channels: readonly Channel[], platforms: readonly Network[], linkedInTarget: string | undefined): string[] {
  return platforms.flatMap((network) => {
    const page =
      network === 'linkedin' && linkedInTarget
        ? channels.find((channel) => channel.kind === 'organization' && channel.organizationId === linkedInTarget)
        : undefined;
    const first = page ?? channels.find((channel) => channel.network === network && channel.kind === 'person');
    return first ? [first.id] : [];
  });
}

/**
 * Whether the composer lists channels: once a network has more than one place to post, whether two
 * accounts or a member and a page they administer. Until then the networks' cards reach the same
 * places in fewer steps (docs/decisions/152-channel-picker-and-kept-attachments.md).
 */
export function offersAChoice(channels: readonly Channel[]): boolean {
  return channels.some((channel) => channels.filter((other) => other.network === channel.network).length > 1);
}

/**
 * The composer's channels (docs/product.md, Channels): which are chosen, each one's own text, and
 * what the draft and the publish call carry. Inactive (the networks' cards instead) while no network
 * has two channels, or the list cannot be read.
 */
export function useChannelChoice(draft: ComposerDraft | null, setPlatforms: (platforms: Network[]) => void) {
  const query = useChannels();
  const channels = query.data ?? [];
  const active = offersAChoice(channels);
  const [chosen, setChosen] = useState<string[] | null>(draft?.channels ?? null);
  const [perChannel, setPerChannel] = useState<Record<string, string>>(draft?.perChannel ?? {});

  // Once the channels are known: a new post starts from the last choice, an older draft from its
  // networks. Set while rendering (React's pattern for state that follows props), once.
  if (chosen === null && query.data?.length) {
    const start = draft ? channelsForNetworks(query.data, draft.platforms, draft.linkedInTarget) : rememberedChannels(query.data);
    setChosen(start);
    if (!draft) setPlatforms(networksOf(query.data, start));
  }

  const current = (chosen ?? []).filter((id) => channels.some((channel) => channel.id === id));

  function toggle(id: string): string[] {
    const next = current.includes(id) ? current.filter((chosenId) => chosenId !== id) : [...current, id];
    setChosen(next);
    rememberChannels(next);
    setPlatforms(networksOf(channels, next));
    return next;
  }

  function setOwnText(id: string, text: string | null) {
    setPerChannel((texts) => {
      const { [id]: _dropped, ...rest } = texts;
      return text === null ? rest : { ...rest, [id]: text };
    });
  }

  const own = ownTexts(current, perChannel);
  return {
    active,
    /** Not known yet: the first step waits rather than show the networks' cards and then swap them. */
    pending: query.isPending,
    channels,
    chosen: current,
    chosenChannels: channels.filter((channel) => current.includes(channel.id)),
    perChannel,
    toggle,
    setOwnText,
    /** What a draft keeps (nothing while inactive, so drafts stay as they were). */
    draftFields: active ? { channels: current, perChannel: own } : {},
    /** What the publish call adds: the server then ignores `platforms` and `linkedInOrgId`. */
    publishFields: active && current.length > 0 ? { channels: current, perChannel: own } : {},
  };
}

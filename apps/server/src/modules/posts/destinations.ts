import { networkName, type Network, type ThreadPart } from '@postflow/contract';
import type { Database } from '../../db/client';
import { AppError } from '../../lib/errors';
import { createAccountsRepository, type SocialAccountRecord } from '../accounts/accounts.repository';
import type { ChannelRecord } from '../channels/channels.repository';
import type { ChannelsService } from '../channels/channels.service';
import { checkPlatformText } from './platform-limits';
import type { PageAuthor } from './posts.repository';

/** One target to create: where it goes, through which account, with which text. */
export interface Destination {
  network: Network;
  account: SocialAccountRecord;
  /** Set when it goes out as a LinkedIn page. */
  organizationId: string | null;
  page: PageAuthor | null;
  /** The chosen channel; null when chosen by network (the trigger of migration 0034 records it). */
  channelId: string | null;
  /** Part 1's text when it is a thread. */
  text: string;
  /** An X thread's parts, part 1 first (docs/decisions/155-threads.md); null for a single post (one part is a post like any other). */
  thread: ThreadPart[] | null;
  /** A LinkedIn post's first comment; null for none. */
  firstComment: string | null;
}

/** Threads and first comments by network and by channel, as the publish data names them (docs/decisions/155-threads.md). */
export interface ChainChoice {
  threadByNetwork: Partial<Record<Network, ThreadPart[]>>;
  threadByChannel: Readonly<Record<string, ThreadPart[]>>;
  commentByNetwork: Partial<Record<Network, string>>;
  commentByChannel: Readonly<Record<string, string>>;
}

/** What a compose call asks for: channels (docs/decisions/146-channels.md), or networks as before them. */
export interface DestinationRequest {
  platforms: Network[];
  texts: Partial<Record<Network, string>>;
  originalText: string;
  linkedInOrgId: string;
  channels?: readonly string[] | undefined;
  perChannel?: Readonly<Record<string, string>> | undefined;
  chains?: ChainChoice | undefined;
}

/**
 * A channel's thread and first comment: its own, else its network's. The more specific choice wins
 * (a channel's own text over its network's thread), and at one level a thread over a text. A
 * thread is for X and a first comment for LinkedIn; a channel's own one on the other network is
 * refused, naming the field.
 */
function chainOf(network: Network, channelId: string | null, hasOwnText: boolean, chains: ChainChoice | undefined) {
  const ownThread = channelId ? chains?.threadByChannel[channelId] : undefined;
  const ownComment = channelId ? chains?.commentByChannel[channelId] : undefined;
  if (ownThread && network !== 'x')
    throw new AppError(
      'validation_failed',
      `Channel ${channelId} is on LinkedIn, which has no threads: send it one text, with a first comment if you like.`,
      {
        fields: { [`perChannelThread.${channelId}`]: 'Not an X channel' },
      },
    );
  if (ownComment !== undefined && network !== 'linkedin')
    throw new AppError(
      'validation_failed',
      `Channel ${channelId} is on X, which has no first comment: make it part 2 of a thread instead.`,
      {
        fields: { [`perChannelFirstComment.${channelId}`]: 'Not a LinkedIn channel' },
      },
    );
  const thread = ownThread ?? (hasOwnText ? undefined : chains?.threadByNetwork[network]);
  const firstComment = ownComment ?? chains?.commentByNetwork[network];
  return { thread: thread ?? null, first: thread?.[0] ?? null, firstComment: firstComment ?? null };
}

/**
 * With channels, the network's thread and first comment go to that network's chosen channels; with
 * none chosen they would be dropped without a word, as they are refused when the network is not
 * chosen by name (the contract checks that case).
 */
function refuseUnusedNetworkChains(destinations: readonly Destination[], chains: ChainChoice | undefined): void {
  const on = (network: Network) => destinations.some((destination) => destination.network === network);
  if (chains?.threadByNetwork.x && !on('x'))
    throw new AppError(
      'validation_failed',
      'This thread is for X, but none of the chosen channels is on X: choose an X channel or leave the thread out.',
      {
        fields: { 'thread.x': 'No X channel chosen' },
      },
    );
  if (chains?.commentByNetwork.linkedin !== undefined && !on('linkedin'))
    throw new AppError(
      'validation_failed',
      'This first comment is for LinkedIn, but none of the chosen channels is on LinkedIn: choose a LinkedIn channel or leave the comment out.',
      { fields: { 'firstComment.linkedin': 'No LinkedIn channel chosen' } },
    );
}

function refuseNeedsReconnect(account: SocialAccountRecord, label: string): void {
  if (account.status === 'needs_reconnect') {
    throw new AppError('conflict', `Postflow can no longer post to ${label}. Reconnect it on the Connect Accounts page.`);
  }
}

/**
 * Turns what the composer chose into targets: each chosen channel through its own account, or,
 * when only networks are named, the workspace's first account of each network (as before channels).
 */
export function createDestinations(deps: { db: Database; channels: ChannelsService }) {
  /** The account a post chosen by network goes out through: the workspace's first on that network. */
  async function accountFor(workspaceId: string, network: Network): Promise<SocialAccountRecord> {
    const account = (await createAccountsRepository(deps.db).listInWorkspace(workspaceId)).find(
      (candidate) => candidate.network === network,
    );
    if (!account)
      throw new AppError('validation_failed', `Connect your ${networkName(network)} account first.`, {
        fields: { platforms: 'Account Not Connected' },
      });
    refuseNeedsReconnect(account, `your ${networkName(network)} account`);
    return account;
  }

  /** The page, as the post will show it; refused unless the member behind `account` administers it. */
  async function pageOf(pages: Promise<ChannelRecord[]>, organizationId: string, field: string): Promise<PageAuthor> {
    const page = (await pages).find((candidate) => candidate.externalId === organizationId);
    if (!page) {
      throw new AppError('forbidden', 'You are not an administrator of that LinkedIn page, so Postflow cannot post as it.', {
        fields: { [field]: 'Not one of your pages' },
      });
    }
    return { name: page.name, handle: page.handle };
  }

  /** Reads the member's pages again (storing them as channels) and checks this one is among them. */
  const checkOrganization = (account: SocialAccountRecord, organizationId: string, field = 'linkedInOrgId') =>
    pageOf(deps.channels.refreshPages(account), organizationId, field);

  async function byChannel(workspaceId: string, request: DestinationRequest, ids: readonly string[]): Promise<Destination[]> {
    const resolved = await deps.channels.resolve(workspaceId, ids);
    const destinations: Destination[] = [];
    // One read of a member's pages per compose, however many of their pages were chosen.
    const pagesRead = new Map<string, Promise<ChannelRecord[]>>();
    for (const [index, { channel, account }] of resolved.entries()) {
      const ownThread = request.chains?.threadByChannel[channel.id];
      const own = ownThread ? undefined : request.perChannel?.[channel.id];
      const chain = chainOf(channel.network, channel.id, own !== undefined, request.chains);
      const text = chain.first?.text ?? own ?? request.texts[channel.network] ?? request.originalText;
      // A thread's parts were checked one by one by the contract, each naming its part.
      if (!chain.first)
        checkPlatformText(channel.network, text, own === undefined ? `enhancedContent.${channel.network}` : `perChannel.${channel.id}`);
      refuseNeedsReconnect(account, channel.name);
      let page: PageAuthor | null = null;
      if (channel.kind === 'organization') {
        const pages = pagesRead.get(account.id) ?? deps.channels.refreshPages(account);
        pagesRead.set(account.id, pages);
        page = await pageOf(pages, channel.externalId, `channels.${index}`);
      }
      destinations.push({
        network: channel.network,
        account,
        organizationId: channel.kind === 'organization' ? channel.externalId : null,
        page,
        channelId: channel.id,
        text,
        thread: chain.thread,
        firstComment: chain.firstComment,
      });
    }
    refuseUnusedNetworkChains(destinations, request.chains);
    return destinations;
  }

  return {
    checkOrganization,
    accountFor,

    async resolve(workspaceId: string, request: DestinationRequest): Promise<Destination[]> {
      if (request.channels?.length) return byChannel(workspaceId, request, request.channels);
      const destinations: Destination[] = [];
      for (const network of request.platforms) {
        const chain = chainOf(network, null, false, request.chains);
        const text = chain.first?.text ?? request.texts[network] ?? request.originalText;
        if (!chain.first) checkPlatformText(network, text);
        destinations.push({
          network,
          account: await accountFor(workspaceId, network),
          organizationId: null,
          page: null,
          channelId: null,
          text,
          thread: chain.thread,
          firstComment: chain.firstComment,
        });
      }
      const linkedIn = destinations.find((destination) => destination.network === 'linkedin');
      if (linkedIn && request.linkedInOrgId) {
        linkedIn.organizationId = request.linkedInOrgId;
        linkedIn.page = await checkOrganization(linkedIn.account, request.linkedInOrgId);
      }
      return destinations;
    },
  };
}
export type Destinations = ReturnType<typeof createDestinations>;

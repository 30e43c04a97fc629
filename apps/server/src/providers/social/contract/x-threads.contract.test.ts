import { describe, expect, it } from 'vitest';
import { Duplicate, OutcomeUnknown, ParentUnavailable, Rejected } from '../errors';
import type { XProviderOptions } from '../x/x-provider';
import { sandboxXProvider, useContractSandbox } from './contract-sandbox';
import { admin, injectFault, uniqueText } from './sandbox-client';

/** A thread through the X adapter against the sandbox: each part answers the previous one (docs/networks.md, X · Threads). */

const sandbox = useContractSandbox({ seed: 'provider-threads-contract' });

function provider(overrides: Partial<XProviderOptions> = {}) {
  return sandboxXProvider(sandbox.url(), overrides);
}

async function account() {
  const tokens = await admin<{ access_token: string; user: { id: string } }>(sandbox.url(), '/_sandbox/x/tokens', { username: 'thread_x' });
  return { networkUserId: tokens.user.id, accessToken: tokens.access_token };
}

interface AdminPost {
  id: string;
  text: string;
  replyToId: string | null;
  conversationId: string;
  deleted: boolean;
}

async function sandboxPosts() {
  return (await admin<{ posts: AdminPost[] }>(sandbox.url(), '/_sandbox/x/posts')).posts;
}

/** Publishes each part as a reply to the one before, as the publishing chain does. */
async function publishChain(texts: string[], adapter = provider()) {
  const ref = await account();
  const ids: string[] = [];
  for (const text of texts) {
    const parent = ids[ids.length - 1];
    ids.push((await adapter.publish(ref, { text, media: [], ...(parent ? { inReplyTo: parent } : {}) })).id);
  }
  return { ref, ids };
}

describe('X adapter: threads', () => {
  it('publishes a 3-part chain: each part replies to the previous, all in the root’s conversation', async () => {
    const texts = [uniqueText('1/3 Thread'), uniqueText('2/3 Thread'), uniqueText('3/3 Thread')];
    const { ref, ids } = await publishChain(texts);
    const [root, second, third] = ids;

    expect((await sandboxPosts()).map((post) => [post.id, post.text, post.replyToId, post.conversationId])).toEqual([
      [root, texts[0], null, root],
      [second, texts[1], root, root],
      [third, texts[2], second, root],
    ]);

    // What reconciling reads: each part's text and the parent it answers.
    const recent = await provider().recentPosts(ref, { limit: 10 });
    expect(recent.map((post) => [post.id, post.text, post.inReplyTo])).toEqual([
      [third, texts[2], second],
      [second, texts[1], root],
      [root, texts[0], undefined],
    ]);
  });

  it('fails a part for good when the post it answers was deleted, and posts nothing', async () => {
    const { ref, ids } = await publishChain([uniqueText('1/2 Soon deleted')]);
    await provider().deletePost(ref, ids[0]!);
    const text = uniqueText('2/2 Orphan');
    const error = await provider()
      .publish(ref, { text, media: [], inReplyTo: ids[0] })
      .catch((caught: unknown) => caught);
    expect(error).toBeInstanceOf(ParentUnavailable);
    expect(error).toBeInstanceOf(Rejected);
    expect((error as Error).message).toBe(
      `X refused the reply: the post it replies to (${ids[0]}) was deleted or is not visible to this account.`,
    );
    expect((await sandboxPosts()).filter((post) => post.text === text)).toEqual([]);
  });

  it('leaves part 2 findable by its text and parent when its answer is lost, and X then calls a resend a duplicate', async () => {
    const { ref, ids } = await publishChain([uniqueText('1/3 Lossy')]);
    await injectFault(sandbox.url(), {
      network: 'x',
      endpoint: 'x.tweets.create',
      kind: 'timeout_after_create',
      inReplyTo: true,
      holdMs: 2_000,
    });
    const text = uniqueText('2/3 Lossy');
    const lost = await provider({ timeoutMs: 300 })
      .publish(ref, { text, media: [], inReplyTo: ids[0] })
      .catch((caught: unknown) => caught);
    expect(lost).toBeInstanceOf(OutcomeUnknown);

    const found = (await provider().recentPosts(ref)).filter((post) => post.text === text && post.inReplyTo === ids[0]);
    expect(found).toHaveLength(1);
    await expect(provider().publish(ref, { text, media: [], inReplyTo: ids[0] })).rejects.toBeInstanceOf(Duplicate);
    expect((await sandboxPosts()).filter((post) => post.text === text)).toHaveLength(1);
  });

  it('fails only the targeted part when X errs on it, then sends it once', async () => {
    const texts = [uniqueText('1/3 Flaky'), uniqueText('2/3 Flaky'), uniqueText('3/3 Flaky')];
    // Part 3 is the second reply.
    await injectFault(sandbox.url(), { network: 'x', endpoint: 'x.tweets.create', kind: 'server_error', inReplyTo: true, after: 1 });
    const first = await publishChain(texts.slice(0, 2));
    const failed = await provider()
      .publish(first.ref, { text: texts[2]!, media: [], inReplyTo: first.ids[1] })
      .catch((caught: unknown) => caught);
    // A 5xx on a create may hide a created post: the caller reconciles before sending again.
    expect(failed).toBeInstanceOf(OutcomeUnknown);
    expect((await provider().recentPosts(first.ref)).some((post) => post.text === texts[2])).toBe(false);

    const third = await provider().publish(first.ref, { text: texts[2]!, media: [], inReplyTo: first.ids[1] });
    expect((await sandboxPosts()).map((post) => [post.text, post.replyToId])).toEqual([
      [texts[0], null],
      [texts[1], first.ids[0]],
      [texts[2], first.ids[1]],
    ]);
    expect(third.id).toMatch(/^\d+$/);
  });
});

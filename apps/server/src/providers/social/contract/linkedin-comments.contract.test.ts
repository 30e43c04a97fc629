import { describe, expect, it } from 'vitest';
import { OutcomeUnknown, Rejected, Unavailable } from '../errors';
import type { LinkedInProviderOptions } from '../linkedin/linkedin-provider';
import type { AccountRef, NetworkComments } from '../social-provider';
import { sandboxLinkedInProvider, useContractSandbox } from './contract-sandbox';
import { admin, countingFetch, injectFault, uniqueText } from './sandbox-client';

/** A LinkedIn first comment through the adapter against the sandbox (docs/networks.md, LinkedIn · Comments). */

const sandbox = useContractSandbox({ seed: 'provider-comments-contract' });

function provider(overrides: Partial<LinkedInProviderOptions> = {}) {
  return sandboxLinkedInProvider(sandbox.url(), overrides);
}

function comments(adapter = provider()): NetworkComments {
  if (!adapter.comments) throw new Error('the LinkedIn adapter has comments');
  return adapter.comments;
}

/** "Alice Admin" administers the sandbox's "Acme Sandbox Ltd" page. */
async function account(scopes?: string[]): Promise<{ ref: AccountRef; organizationId: string }> {
  const tokens = await admin<{ access_token: string; member: { sub: string; organizations: { id: number; name: string }[] } }>(
    sandbox.url(),
    '/_sandbox/linkedin/tokens',
    { name: 'Alice Admin', ...(scopes ? { scopes } : {}) },
  );
  const acme = tokens.member.organizations.find((organization) => organization.name === 'Acme Sandbox Ltd');
  return { ref: { networkUserId: tokens.member.sub, accessToken: tokens.access_token }, organizationId: String(acme?.id) };
}

interface AdminComment {
  urn: string;
  object: string;
  actor: string;
  text: string;
  deleted: boolean;
}

async function sandboxComments(object: string) {
  return (await admin<{ comments: AdminComment[] }>(sandbox.url(), `/_sandbox/linkedin/comments?object=${encodeURIComponent(object)}`))
    .comments;
}

describe('LinkedIn adapter: comments', () => {
  it('creates, lists and deletes the member’s first comment', async () => {
    const { ref } = await account();
    const post = await provider().publish(ref, { text: uniqueText('Our launch'), media: [] });
    // Reserved little-text characters travel as written: a comment is not little text.
    const text = 'Read more (link below): https://example.com/launch #launch @team';
    const created = await comments().create(ref, { postId: post.id, text });
    expect(created).toEqual({ id: expect.stringMatching(/^urn:li:comment:\(urn:li:share:\d+,\d+\)$/), text, createdAt: expect.any(Date) });
    expect(await sandboxComments(post.id)).toEqual([
      expect.objectContaining({ urn: created.id, actor: `urn:li:person:${ref.networkUserId}`, text, deleted: false }),
    ]);

    expect(await comments().list(ref, { postId: post.id })).toEqual([created]);

    await comments().delete(ref, { postId: post.id, commentId: created.id });
    expect((await sandboxComments(post.id)).map((comment) => comment.deleted)).toEqual([true]);
    expect(await comments().list(ref, { postId: post.id })).toEqual([]);
    // Deleting again finds nothing to delete, which is the outcome wanted.
    await comments().delete(ref, { postId: post.id, commentId: created.id });
  });

  it('comments as the page the post went out as, and lists only the page’s own comments', async () => {
    const { ref, organizationId } = await account();
    const post = await provider().publish(ref, { text: uniqueText('Page news'), media: [], organizationId });
    const asMember = await comments().create(ref, { postId: post.id, text: 'A member’s remark' });
    const asPage = await comments().create(ref, { postId: post.id, text: 'The link: https://example.com', organizationId });

    expect((await sandboxComments(post.id)).map((comment) => [comment.actor, comment.text])).toEqual([
      [`urn:li:person:${ref.networkUserId}`, 'A member’s remark'],
      [`urn:li:organization:${organizationId}`, 'The link: https://example.com'],
    ]);
    expect((await comments().list(ref, { postId: post.id, organizationId })).map((comment) => comment.id)).toEqual([asPage.id]);
    expect((await comments().list(ref, { postId: post.id })).map((comment) => comment.id)).toEqual([asMember.id]);

    await comments().delete(ref, { postId: post.id, commentId: asPage.id, organizationId });
    expect((await sandboxComments(post.id)).map((comment) => comment.deleted)).toEqual([false, true]);
  });

  it('reports a 500 on create as an unknown outcome; the list shows nothing, and the comment then goes out once', async () => {
    const { ref } = await account();
    const post = await provider().publish(ref, { text: uniqueText('Flaky comment'), media: [] });
    await injectFault(sandbox.url(), { network: 'linkedin', endpoint: 'linkedin.comments.create', kind: 'server_error' });
    const text = 'First comment with the link';
    const failed = await comments()
      .create(ref, { postId: post.id, text })
      .catch((caught: unknown) => caught);
    expect(failed).toBeInstanceOf(OutcomeUnknown);

    // Reconcile before resending: nothing there, so send again.
    expect(await comments().list(ref, { postId: post.id })).toEqual([]);
    await comments().create(ref, { postId: post.id, text });
    expect((await sandboxComments(post.id)).map((comment) => comment.text)).toEqual([text]);
  });

  it('finds a comment whose answer was lost, so it is not sent twice', async () => {
    const { ref } = await account();
    const post = await provider().publish(ref, { text: uniqueText('Lost answer'), media: [] });
    await injectFault(sandbox.url(), {
      network: 'linkedin',
      endpoint: 'linkedin.comments.create',
      kind: 'timeout_after_create',
      inReplyTo: post.id,
      holdMs: 2_000,
    });
    const text = 'Comment whose answer never came';
    const lost = await comments(provider({ timeoutMs: 300 }))
      .create(ref, { postId: post.id, text })
      .catch((caught: unknown) => caught);
    expect(lost).toBeInstanceOf(OutcomeUnknown);
    expect((await comments().list(ref, { postId: post.id })).map((comment) => comment.text)).toEqual([text]);
  });

  it('refuses a comment over 1,250 characters, or empty, before calling LinkedIn', async () => {
    const { fetch, calls } = countingFetch();
    const counting = comments(provider({ fetch }));
    const ref = { networkUserId: 'abc', accessToken: 'unused' };
    await expect(counting.create(ref, { postId: 'urn:li:share:1', text: 'x'.repeat(1251) })).rejects.toThrow(
      "LinkedIn refused the comment: it is 1,251 characters, over LinkedIn's 1,250 limit.",
    );
    await expect(counting.create(ref, { postId: 'urn:li:share:1', text: '  ' })).rejects.toBeInstanceOf(Rejected);
    expect(calls).toEqual([]);
  });

  it('treats a post LinkedIn does not show as a reason to try later, creating nothing', async () => {
    const { ref } = await account();
    const post = await provider().publish(ref, { text: uniqueText('Deleted before its comment'), media: [] });
    await provider().deletePost(ref, post.id);
    const error = await comments()
      .create(ref, { postId: post.id, text: 'Too late' })
      .catch((caught: unknown) => caught);
    expect(error).toBeInstanceOf(Unavailable);
    expect(await sandboxComments(post.id)).toEqual([]);
  });

  it('says which scope is missing when the connection may comment but not read comments', async () => {
    const { ref } = await account(['openid', 'profile', 'w_member_social']);
    const post = await provider().publish(ref, { text: uniqueText('Self-serve member'), media: [] });
    await comments().create(ref, { postId: post.id, text: 'Allowed to write' });
    await expect(comments().list(ref, { postId: post.id })).rejects.toThrow(
      'LinkedIn does not let this connection read comments: it needs r_member_social (a member’s posts) or r_organization_social (a page’s).',
    );
  });
});

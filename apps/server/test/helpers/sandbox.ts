import { createSandbox, type Sandbox, type SandboxOptions } from '@postflow/sandbox';
import type { AppServices } from '../../src/composition/services';
import { createSocialAccount } from './factories';

export { admin, advanceClock, consent, injectFault, pngImage, tinyMp4 } from '../../src/providers/social/contract/sandbox-client';

export interface RunningSandbox {
  sandbox: Sandbox;
  url: string;
  /** The environment that points the test app's X and LinkedIn at this sandbox. */
  env: Record<string, string>;
  close(): Promise<void>;
}

/** An in-process sandbox on a free port, accepting the test app's callbacks (PUBLIC_URL http://localhost:8080). */
export async function startSandbox(options: SandboxOptions = {}): Promise<RunningSandbox> {
  const sandbox = createSandbox({ appUrl: 'http://localhost:8080', seed: 'postflow-tests', ...options });
  const url = await sandbox.listen(0, '127.0.0.1');
  return { sandbox, url, env: { SANDBOX: 'on', SANDBOX_URL: url }, close: () => sandbox.close() };
}

interface TokenAnswer {
  access_token: string;
  refresh_token?: string;
  expires_in: number;
  user?: { id: string; username: string; name: string };
  member?: { sub: string; name: string; organizations: Array<{ id: string; urn: string; name: string }> };
}

async function tokens(url: string, path: string, body: object): Promise<TokenAnswer> {
  const response = await fetch(`${url}${path}`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify(body),
  });
  if (!response.ok) throw new Error(`sandbox ${path}: ${response.status} ${await response.text()}`);
  return (await response.json()) as TokenAnswer;
}

/** Connects a sandbox X persona to `userId` as if through the consent page; answers the account id. */
export async function connectX(
  services: AppServices,
  sandboxUrl: string,
  userId: string,
  username: string,
): Promise<{ accountId: string; xUserId: string }> {
  const answer = await tokens(sandboxUrl, '/_sandbox/x/tokens', { username });
  const accountId = await createSocialAccount(services, userId, {
    network: 'x',
    networkUserId: answer.user?.id as string,
    accessToken: answer.access_token,
    ...(answer.refresh_token ? { refreshToken: answer.refresh_token } : {}),
    accessExpiresAt: new Date(Date.now() + answer.expires_in * 1000),
    username,
  });
  return { accountId, xUserId: answer.user?.id as string };
}

export async function connectLinkedIn(
  services: AppServices,
  sandboxUrl: string,
  userId: string,
  name: string,
): Promise<{ accountId: string; memberId: string; organizations: Array<{ id: string; name: string }> }> {
  const answer = await tokens(sandboxUrl, '/_sandbox/linkedin/tokens', {
    name,
    scopes: [
      'openid',
      'profile',
      'email',
      'w_member_social',
      'r_member_social',
      'r_organization_social',
      'w_organization_social',
      'rw_organization_admin',
    ],
  });
  const accountId = await createSocialAccount(services, userId, {
    network: 'linkedin',
    networkUserId: answer.member?.sub as string,
    accessToken: answer.access_token,
    accessExpiresAt: new Date(Date.now() + answer.expires_in * 1000),
    username: name,
  });
  return { accountId, memberId: answer.member?.sub as string, organizations: answer.member?.organizations ?? [] };
}

export interface SandboxXPost {
  id: string;
  text: string;
  username: string;
  receivedAt: string;
  deleted: boolean;
  media: unknown[];
  /** The post it answers (a thread's part k > 1), or null. */
  replyToId: string | null;
}

export async function xPosts(url: string): Promise<SandboxXPost[]> {
  return ((await (await fetch(`${url}/_sandbox/x/posts`)).json()) as { posts: SandboxXPost[] }).posts;
}

export interface SandboxLinkedInPost {
  urn: string;
  author: string;
  commentary: string;
  publishedCommentary: string;
  receivedAt: string;
  deleted: boolean;
  content: unknown;
}

export async function linkedInPosts(url: string): Promise<SandboxLinkedInPost[]> {
  return ((await (await fetch(`${url}/_sandbox/linkedin/posts`)).json()) as { posts: SandboxLinkedInPost[] }).posts;
}

export interface SandboxLinkedInComment {
  urn: string;
  object: string;
  actor: string;
  text: string;
  createdAt: string;
  deleted: boolean;
}

export async function linkedInComments(url: string): Promise<SandboxLinkedInComment[]> {
  return ((await (await fetch(`${url}/_sandbox/linkedin/comments`)).json()) as { comments: SandboxLinkedInComment[] }).comments;
}

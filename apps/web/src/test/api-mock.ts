import type { SocialAccount, User } from '@postflow/contract';
import { vi } from 'vitest';

export interface RecordedCall {
  method: string;
  path: string;
  search: URLSearchParams;
  body: unknown;
  headers: Record<string, string>;
  credentials: RequestCredentials | undefined;
}

export type MockAnswer = { status?: number; body?: unknown } | 'network-error';
export type MockHandler = (call: RecordedCall, callIndex: number) => MockAnswer | Promise<MockAnswer>;

/**
 * Replaces `fetch` with answers chosen by "METHOD /path" (query string ignored). An unanswered call is
 * reported through console.error, which fails the test.
 */
export function mockApi(routes: Record<string, MockAnswer | MockHandler>) {
  const calls: RecordedCall[] = [];
  const fetchMock = vi.fn(async (input: string | URL | Request, init: RequestInit = {}) => {
    const url = new URL(String(input), 'http://localhost');
    const method = init.method ?? 'GET';
    const key = `${method} ${url.pathname}`;
    const call: RecordedCall = {
      method,
      path: url.pathname,
      search: url.searchParams,
      body: typeof init.body === 'string' ? JSON.parse(init.body) : init.body,
      headers: (init.headers ?? {}) as Record<string, string>,
      credentials: init.credentials,
    };
    const callIndex = calls.filter((earlier) => `${earlier.method} ${earlier.path}` === key).length;
    calls.push(call);
    const route = routes[key];
    if (route === undefined) {
      console.error(`No mock answer for ${key}`);
      return jsonResponse(404, { error: { code: 'not_found', message: `No mock answer for ${key}` } });
    }
    const answer = typeof route === 'function' ? await route(call, callIndex) : route;
    if (answer === 'network-error') throw new TypeError('Failed to fetch');
    return jsonResponse(answer.status ?? 200, answer.body);
  });
  vi.stubGlobal('fetch', fetchMock);
  return { calls, fetchMock, callsTo: (key: string) => calls.filter((call) => `${call.method} ${call.path}` === key) };
}

function jsonResponse(status: number, body: unknown): Response {
  if (status === 204 || body === undefined) return new Response(null, { status });
  return new Response(JSON.stringify(body), { status, headers: { 'Content-Type': 'application/json' } });
}

/** An answer that never comes, to look at loading states. */
export const never: MockHandler = () => new Promise<MockAnswer>(() => {});

export function apiError(status: number, code: string, message: string, fields?: Record<string, string>): MockAnswer {
  return { status, body: { error: { code, message, ...(fields ? { fields } : {}) } } };
}

export function aUser(overrides: Partial<User> = {}): User {
  return {
    id: '5b0c4f1e-8d3a-4c36-9d7e-2f1a6b8c9d01',
    name: 'Ada Lovelace',
    firstName: 'Ada',
    lastName: 'Lovelace',
    username: 'ada',
    email: 'ada@example.com',
    avatarURL: null,
    coverURL: null,
    bio: null,
    location: null,
    website: null,
    createdAt: '2025-01-15T10:00:00.000Z',
    ...overrides,
  };
}

export function anAccount(overrides: Partial<SocialAccount> = {}): SocialAccount {
  return {
    id: '9f4c1b2a-3d4e-4f50-8a6b-7c8d9e0f1a2b',
    provider: 'x',
    social_id: '12345',
    username: 'ada_on_x',
    displayName: 'Ada on X',
    avatarURL: null,
    status: 'connected',
    sandbox: false,
    connectedAt: '2025-02-01T09:00:00.000Z',
    expiresAt: null,
    ...overrides,
  };
}

export function aSession(user: User = aUser()) {
  return { token: 'new-token', refreshToken: 'new-refresh-token', expiresIn: 900, user };
}

/** A signed-in visitor: a stored token pair the profile call accepts. */
export function signIn(tokens: { token?: string; refreshToken?: string } = {}): void {
  localStorage.setItem('token', tokens.token ?? 'stored-token');
  localStorage.setItem('refreshToken', tokens.refreshToken ?? 'stored-refresh-token');
}

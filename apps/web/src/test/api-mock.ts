import type {
  Draft,
  CalendarItem,
  ErrorCode,
  ErrorResponse,
  RouteBody,
  RouteContract,
  RouteParams,
  RouteResponse,
  SocialAccount,
  User,
  Workspace,
} from '@postflow/contract';
import type { Endpoint, RouteRef } from '@postflow/contract/client';
import { api } from '@postflow/contract/client';
import { vi } from 'vitest';

/** One call the page made, as the mocked server saw it. */
export interface RecordedCall<R = RouteContract> {
  method: string;
  path: string;
  /** The path's `:name` parts, e.g. `{ id }` for PUT /content/:id. */
  params: { [Name in keyof RouteParams<R>]: string };
  search: URLSearchParams;
  /** The JSON body, typed by the route; undefined for multipart calls (see `form`) and calls without one. */
  body: RouteBody<R>;
  /** The body of a multipart call (uploads, publish). */
  form: FormData | undefined;
  headers: Record<string, string>;
  credentials: RequestCredentials | undefined;
}

/** An error answer in the server's shape; see `apiError`. */
export interface ErrorAnswer {
  status: number;
  body: ErrorResponse;
}
/** An answer that is not the server's JSON (a proxy's HTML page); see `rawAnswer`. */
export interface RawAnswer {
  status: number;
  text: string;
}

/** What the server answers to one route: its response type, an error, raw text, or a failed connection. */
export type MockAnswer<R> = { status?: number; body: RouteResponse<R> } | ErrorAnswer | RawAnswer | 'network-error';
export type MockHandler<R> = (call: RecordedCall<R>, callIndex: number) => MockAnswer<R> | Promise<MockAnswer<R>>;
/** What `reply` takes for a route, for helpers that pass answers on: `Answer<typeof api.accounts.list>`. */
export type Answer<Ref> = Ref extends RouteRef<infer R> ? MockAnswer<R> | MockHandler<R> : never;

/** One answered route, made by `reply`; the route's types are checked there and erased here. */
export interface MockRoute {
  readonly endpoint: Endpoint;
  readonly answer: (call: RecordedCall, callIndex: number) => Promise<MockAnswer<unknown>>;
}

/**
 * Answers one route of the contract: `reply(api.posts.listPosts, { body: [aPost()] })`. A path that is not
 * in the contract or a body that is not the route's response does not compile (the route alone fixes
 * the types: `NoInfer` keeps the answer from widening them). See api-mock.typecheck.ts.
 */
export function reply<R extends RouteContract>(route: RouteRef<R>, answer: NoInfer<MockAnswer<R> | MockHandler<R>>): MockRoute {
  return {
    endpoint: { method: route.method, path: route.path, auth: route.auth },
    answer: async (call, callIndex): Promise<MockAnswer<unknown>> =>
      (typeof answer === 'function' ? answer(call as RecordedCall<R>, callIndex) : answer) as MockAnswer<unknown>,
  };
}

/**
 * Replaces `fetch` with the given answers; when two answer the same route, the later one wins. An
 * unanswered call is reported through console.error, which fails the test.
 */
export function mockApi(...answered: MockRoute[]) {
  // The signed-in shell follows post statuses (decision 125): a stream that stays quiet unless a test answers it.
  // Every signed-in screen first loads the person's workspaces: by default, only their personal one.
  // The workspace settings page's sections read their lists: empty unless a test answers them.
  const routes = [
    reply(api.posts.statusChanges, never),
    reply(api.workspaces.list, { body: { workspaces: [aWorkspace()] } }),
    reply(api.members.list, { body: { members: [] } }),
    reply(api.members.invitations, { body: { invitations: [] } }),
    reply(api.activity.list, { body: { items: [], nextBefore: null } }),
    reply(api.webhooks.list, { body: { webhooks: [] } }),
    // The import page's calls answer an empty check unless a test answers them.
    reply(api.postImport.importPosts, { body: { dryRun: true, timeZone: 'UTC', rows: [], created: 0, failed: 0 } }),
    // The sidebar counts the drafts; the composer saves one as the person types (docs/decisions/141-drafts.md).
    reply(api.drafts.list, { body: { drafts: [], total: 0 } }),
    reply(api.drafts.create, { status: 201, body: { id: A_DRAFT_ID, revision: 1, updatedAt: '2026-03-03T08:30:00.000Z' } }),
    reply(api.drafts.update, ({ body, params }) => ({
      body: { id: params.id, revision: body.revision + 1, updatedAt: '2026-03-03T08:31:00.000Z' },
    })),
    reply(api.drafts.uploadImage, ({ params }) => ({
      body: {
        id: params.id,
        revision: 9,
        updatedAt: '2026-03-03T08:31:00.000Z',
        image: { id: A_DRAFT_IMAGE_ID, url: `http://localhost:3000/media/${A_DRAFT_IMAGE_ID}` },
      },
    })),
    // The calendar: empty unless a test answers it.
    reply(api.calendar.items, ({ search }) => ({
      body: { items: [], more: [], timeZone: search.get('timeZone') ?? 'UTC', historyStart: null },
    })),
    // The composer's channels: none unless a test answers them, so it shows the networks' cards.
    reply(api.channels.list, { body: { channels: [] } }),
    // A link's card: the page's address as its title, as the server answers a page without tags.
    reply(api.linkPreview.preview, ({ body }) => ({
      body: { url: body.url, title: new URL(body.url).hostname, description: '', imageUrl: null, siteName: null },
    })),
    // The queue page: no connected accounts unless a test answers it.
    reply(api.queue.list, { body: { days: 14, accounts: [] } }),
    // Saving a time zone answers the person with it.
    reply(api.profile.updateTimeZone, ({ body }) => ({ body: { user: aUser({ timeZone: body.timeZone }) } })),
    ...answered,
  ];
  const calls: RecordedCall[] = [];
  const fetchMock = vi.fn(async (input: string | URL | Request, init: RequestInit = {}) => {
    const url = new URL(String(input), 'http://localhost');
    const method = init.method ?? 'GET';
    const matched = routes.findLast((route) => route.endpoint.method === method && matchPath(route.endpoint.path, url.pathname));
    const call: RecordedCall = {
      method,
      path: url.pathname,
      params: (matched && matchPath(matched.endpoint.path, url.pathname)) || {},
      search: url.searchParams,
      body: typeof init.body === 'string' ? JSON.parse(init.body) : undefined,
      form: init.body instanceof FormData ? init.body : undefined,
      headers: (init.headers ?? {}) as Record<string, string>,
      credentials: init.credentials,
    };
    const callIndex = matched
      ? calls.filter((earlier) => earlier.method === method && matchPath(matched.endpoint.path, earlier.path)).length
      : 0;
    calls.push(call);
    if (matched === undefined) {
      console.error(`No mock answer for ${method} ${url.pathname}`);
      return textResponse(404, JSON.stringify({ error: { code: 'not_found', message: `No mock answer for ${method} ${url.pathname}` } }));
    }
    const answer = await matched.answer(call, callIndex);
    if (answer === 'network-error') throw new TypeError('Failed to fetch');
    if ('text' in answer) return textResponse(answer.status, answer.text);
    return textResponse(answer.status ?? 200, answer.body == null ? '' : JSON.stringify(answer.body));
  });
  vi.stubGlobal('fetch', fetchMock);

  /** The calls to one route, optionally only those with the given path parameters. */
  function callsTo<R>(route: RouteRef<R>, params: Partial<RecordedCall<R>['params']> = {}): RecordedCall<R>[] {
    return calls.filter(
      (call): call is RecordedCall<R> =>
        call.method === route.method &&
        matchPath(route.path, call.path) !== undefined &&
        Object.entries(params).every(([name, value]) => (call.params as Record<string, string>)[name] === value),
    );
  }
  return { calls, fetchMock, callsTo };
}

/** The path's parameters when `path` fits the route's pattern (`/content/:id`), else undefined. */
function matchPath(pattern: string, path: string): Record<string, string> | undefined {
  const names: string[] = [];
  const source = pattern.replace(/[.*+?^${}()|[\]\\]/g, '\\$&').replace(/:([A-Za-z_]\w*)/g, (_match, name: string) => {
    names.push(name);
    return '([^/]+)';
  });
  const found = new RegExp(`^${source}$`).exec(path);
  if (!found) return undefined;
  return Object.fromEntries(names.map((name, index) => [name, decodeURIComponent(found[index + 1] ?? '')]));
}

function textResponse(status: number, text: string): Response {
  if (status === 204 || text === '') return new Response(null, { status });
  return new Response(text, { status, headers: { 'Content-Type': 'application/json' } });
}

/** The id the default answer to POST /api/v1/drafts gives the new draft. */
export const A_DRAFT_ID = 'd1a7f0e2-3b4c-4d5e-8f60-718293a4b5c6';

/** The id the default answer to POST /api/v1/drafts/:id/image gives the stored image. */
export const A_DRAFT_IMAGE_ID = 'e2b8a1f3-4c5d-4e6f-9a70-8192a3b4c5d6';

/** A saved draft, as GET /api/v1/drafts/:id answers it. */
export function aDraft(overrides: Partial<Draft> = {}): Draft {
  return {
    id: A_DRAFT_ID,
    text: 'A draft about our launch',
    platforms: ['x'],
    perPlatform: {},
    details: { linkedInTarget: 'personal', skipAi: true },
    image: null,
    media: [],
    scheduledAt: null,
    timeZone: 'Europe/Berlin',
    revision: 3,
    createdAt: '2026-03-02T10:00:00.000Z',
    updatedAt: '2026-03-02T11:00:00.000Z',
    author: { id: '5b0c4f1e-8d3a-4c36-9d7e-2f1a6b8c9d01', name: 'Ada Lovelace' },
    ...overrides,
  };
}

/** An answer that never comes, to look at loading states. */
export const never = (): Promise<never> => new Promise<never>(() => {});

export function apiError(status: number, code: ErrorCode, message: string, fields?: Record<string, string>): ErrorAnswer {
  return { status, body: { error: { code, message, ...(fields ? { fields } : {}) } } };
}

/** An answer whose body is not JSON of ours, e.g. an HTML error page. */
export function rawAnswer(status: number, text: string): RawAnswer {
  return { status, text };
}

/** A post on the calendar (GET /api/v1/calendar), scheduled on X unless overridden. */
export function aCalendarItem(overrides: Partial<CalendarItem> = {}): CalendarItem {
  const at = overrides.at ?? overrides.scheduledAt ?? '2026-03-10T14:00:00.000Z';
  return {
    id: '7a1b2c3d-4e5f-4a6b-8c7d-9e0f1a2b3c4d',
    kind: 'post',
    status: 'scheduled',
    scheduledAt: at,
    publishedAt: null,
    at,
    platforms: ['x'],
    text: 'Launch day is here',
    timeZone: 'America/New_York',
    postId: '8b2c3d4e-5f6a-4b7c-9d8e-0f1a2b3c4d5e',
    account: { id: '9f4c1b2a-3d4e-4f50-8a6b-7c8d9e0f1a2b', username: 'ada_on_x', displayName: 'Ada on X' },
    author: { id: '5b0c4f1e-8d3a-4c36-9d7e-2f1a6b8c9d01', name: 'Ada Lovelace' },
    failureReason: null,
    platformUrl: null,
    mediaUrls: [],
    mediaAlts: [],
    documentTitle: null,
    ...overrides,
  };
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
    // Chosen, so the signed-in shell does not propose the browser's zone (tests of that proposal set null).
    timeZone: 'UTC',
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

/** The personal workspace of `aUser()`, which they own; its id is theirs (docs/decisions/128-workspaces.md). */
export function aWorkspace(overrides: Partial<Workspace> = {}): Workspace {
  return {
    id: '5b0c4f1e-8d3a-4c36-9d7e-2f1a6b8c9d01',
    name: 'Personal',
    role: 'owner',
    personal: true,
    requireApproval: false,
    branding: null,
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

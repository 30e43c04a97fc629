import type {
  ErrorCode,
  ErrorResponse,
  RouteBody,
  RouteContract,
  RouteParams,
  RouteQuery,
  RouteResponse,
  SessionResponse,
} from '@postflow/contract';
import {
  api,
  errorCodes,
  WORKSPACE_HEADER,
  WORKSPACE_NOT_FOUND_MESSAGE,
  type AuthMode,
  type HttpMethod,
  type RouteRef,
} from '@postflow/contract/client';
import { clearTokens, getRefreshToken, getToken, storeTokens } from './auth-tokens';
import { apiUrl } from './config';
import { pageNavigation } from './page-navigation';
import { getWorkspaceId, reportWorkspaceGone } from './workspace-storage';
import { recordRenewal, renewedSince } from './renewal-journal';

/** docs/product.md, Shared rules · API client: the shared client gives up on a call after 10 seconds. */
export const REQUEST_TIMEOUT_MS = 10_000;

export const NETWORK_ERROR_MESSAGE = "Can't reach the server. Check your connection and try again.";
export const TIMEOUT_MESSAGE = 'The server took too long to answer. Try again in a moment.';

/** The server's closed set of codes, plus the two failures that never reach the server. */
export type ApiErrorCode = ErrorCode | 'network_error' | 'timeout';

/** Every failed call surfaces as this one class; screens show `message` and branch on `code`. */
export class ApiError extends Error {
  override readonly name = 'ApiError';
  readonly status: number;
  readonly code: ApiErrorCode;
  /** Field-level messages keyed by the request field's name (`email`, `password`, …). */
  readonly fields: Readonly<Record<string, string>>;

  constructor(status: number, code: ApiErrorCode, message: string, fields: Record<string, string> = {}) {
    super(message);
    this.status = status;
    this.code = code;
    this.fields = fields;
  }
}

export function isApiError(error: unknown): error is ApiError {
  return error instanceof ApiError;
}

type IsNever<T> = [T] extends [never] ? true : false;
type QueryValue = string | number | boolean | null | undefined | ReadonlyArray<string | number | boolean>;

type ParamsOption<R> = IsNever<RouteParams<R>> extends true ? { params?: undefined } : { params: RouteParams<R> };
type QueryOption<R> = IsNever<RouteQuery<R>> extends true ? { query?: undefined } : { query?: RouteQuery<R> };
type BodyOption<R> = IsNever<RouteBody<R>> extends true ? { body?: undefined } : { body: RouteBody<R> };

interface CommonOptions {
  signal?: AbortSignal;
  /**
   * When the session cannot be renewed, the client clears the tokens and sends the browser to /login.
   * The session check at start-up turns this off: an expired token on a public page is not a reason to leave it.
   */
  redirectOnAuthFailure?: boolean;
  /** Sends this token instead of the stored one, and never renews it (ending a session the person declined). */
  bearer?: string;
  /** Lets the request outlive the page (a draft's last save as the tab closes; docs/decisions/141-drafts.md). */
  keepalive?: boolean;
}

export type CallOptions<R> = ParamsOption<R> & QueryOption<R> & BodyOption<R> & CommonOptions;
type CallArgs<R> =
  IsNever<RouteParams<R>> extends true
    ? IsNever<RouteBody<R>> extends true
      ? [options?: CallOptions<R>]
      : [options: CallOptions<R>]
    : [options: CallOptions<R>];

/** A call described by hand: only for calls the contract does not define yet (say which issue adds them). */
export interface ApiRequest {
  method: HttpMethod;
  path: string;
  auth: AuthMode;
  query?: Record<string, QueryValue>;
  body?: unknown;
  formData?: FormData;
  signal?: AbortSignal;
  redirectOnAuthFailure?: boolean;
  bearer?: string;
  /** Longer than REQUEST_TIMEOUT_MS for a call known to take longer (a part of a bulk import). */
  timeoutMs?: number;
  keepalive?: boolean;
}

/** Calls one route of the contract; the path, query, body and answer are typed from it. */
export function apiCall<R extends RouteContract>(route: RouteRef<R>, ...[options]: CallArgs<R>): Promise<RouteResponse<R>> {
  const { params, query, body, signal, redirectOnAuthFailure, bearer, keepalive } = (options ?? {}) as CommonOptions & {
    params?: Record<string, unknown>;
    query?: Record<string, QueryValue>;
    body?: unknown;
  };
  return apiRequest<RouteResponse<R>>({
    method: route.method,
    path: fillPath(route.path, params),
    auth: route.auth,
    query,
    body,
    signal,
    redirectOnAuthFailure,
    bearer,
    ...(keepalive ? { keepalive } : {}),
  });
}

/** Multipart variant of `apiCall` (file uploads); the browser sets the multipart boundary. */
export function apiUpload<R extends RouteContract>(
  route: RouteRef<R>,
  formData: FormData,
  options: { params?: RouteParams<R>; query?: RouteQuery<R>; signal?: AbortSignal; timeoutMs?: number } = {},
): Promise<RouteResponse<R>> {
  return apiRequest<RouteResponse<R>>({
    method: route.method,
    path: fillPath(route.path, options.params as Record<string, unknown> | undefined),
    auth: route.auth,
    formData,
    query: options.query as Record<string, QueryValue> | undefined,
    signal: options.signal,
    timeoutMs: options.timeoutMs,
  });
}

export async function apiRequest<T>(request: ApiRequest): Promise<T> {
  const tokenUsed = request.bearer ?? getToken();
  let answer = await send(request, tokenUsed);
  if (request.bearer !== undefined) {
    if (answer.status >= 400) throw failure(request, answer);
    return parseSuccess<T>(answer);
  }

  // docs/product.md, Shared rules · API client: a 401 means the session is gone. We first try once to renew it with the refresh token
  // (docs/decisions/030); calls that need no session (login, register, refresh…) answer 401 for
  // wrong credentials instead, so they are passed through untouched.
  if (answer.status === 401 && request.auth === 'required') {
    const renewed = getToken() !== tokenUsed || (await renewSession(tokenUsed));
    if (renewed) answer = await send(request, getToken());
    if (answer.status === 401) {
      clearTokens();
      if (request.redirectOnAuthFailure !== false && window.location.pathname !== '/login') {
        pageNavigation.assign('/login');
      }
      throw toApiError(answer);
    }
  }

  if (answer.status >= 400) {
    const error = failure(request, answer);
    if (answer.workspaceId && error.status === 404 && error.message === WORKSPACE_NOT_FOUND_MESSAGE) {
      reportWorkspaceGone(answer.workspaceId);
    }
    throw error;
  }
  return parseSuccess<T>(answer);
}

/**
 * The one place that names the current workspace on a call (docs/product.md, Workspaces · Shell and
 * white-label): every call carries it, and calls that are about the person or a workspace named in
 * their path ignore it on the server.
 */
export function workspaceHeaders(): Record<string, string> {
  const workspaceId = getWorkspaceId();
  return workspaceId ? { [WORKSPACE_HEADER]: workspaceId } : {};
}

/** docs/product.md, Shared rules · API client: answers of 500 and above are logged; every failure is re-thrown as an ApiError. */
function failure(request: ApiRequest, answer: Answer): ApiError {
  const error = toApiError(answer);
  if (answer.status >= 500) {
    console.error(`${request.method} ${request.path} failed with ${answer.status} ${error.code}: ${error.message}`);
  }
  return error;
}

interface Answer {
  status: number;
  text: string;
  /** The workspace the call named, if any. */
  workspaceId?: string | undefined;
}

/** Sends one request and reads its body, both within the timeout. */
async function send(request: ApiRequest, token: string | null): Promise<Answer> {
  const named = workspaceHeaders();
  const headers: Record<string, string> = { Accept: 'application/json', ...named };
  let body: BodyInit | undefined;
  if (request.formData) {
    body = request.formData;
  } else if (request.body !== undefined) {
    headers['Content-Type'] = 'application/json';
    body = JSON.stringify(request.body);
  }
  if (token) headers.Authorization = `Bearer ${token}`;

  const controller = new AbortController();
  let timedOut = false;
  const timer = setTimeout(() => {
    timedOut = true;
    controller.abort();
  }, request.timeoutMs ?? REQUEST_TIMEOUT_MS);
  const forwardAbort = () => controller.abort();
  if (request.signal?.aborted) controller.abort();
  request.signal?.addEventListener('abort', forwardAbort, { once: true });

  try {
    const response = await fetch(apiUrl(request.path) + encodeQuery(request.query), {
      method: request.method,
      headers,
      body,
      credentials: 'include',
      signal: controller.signal,
      ...(request.keepalive ? { keepalive: true } : {}),
    });
    return { status: response.status, text: await response.text(), workspaceId: named[WORKSPACE_HEADER] };
  } catch (error) {
    if (timedOut) throw new ApiError(0, 'timeout', TIMEOUT_MESSAGE);
    // The caller cancelled (TanStack Query does on unmount): let its AbortError through unchanged.
    if (request.signal?.aborted) throw error;
    throw new ApiError(0, 'network_error', NETWORK_ERROR_MESSAGE);
  } finally {
    clearTimeout(timer);
    request.signal?.removeEventListener('abort', forwardAbort);
  }
}

let renewal: Promise<boolean> | null = null;

/** The Web Lock that lets one tab at a time trade the refresh token (tabs share the stored session). */
const RENEWAL_LOCK = 'postflow-session-renewal';

/**
 * Trades the refresh token for a new pair. Concurrent 401s share one renewal, and tabs take turns
 * under a Web Lock: the server rotates refresh tokens, so two tabs trading the same token at once
 * would each get a pair and could leave the older one in storage. A tab that gets the lock after
 * another tab renewed finds the new pair (in localStorage, or in the renewal journal while its copy
 * of localStorage lags) and uses it (decisions 126 and 140).
 * Resolves false when the server refuses; throws when it cannot be reached (the session may still be good).
 */
function renewSession(tokenUsed: string | null): Promise<boolean> {
  renewal ??= renewInTurn(tokenUsed).finally(() => {
    renewal = null;
  });
  return renewal;
}

function renewInTurn(tokenUsed: string | null): Promise<boolean> {
  const locks = typeof navigator === 'undefined' ? undefined : navigator.locks;
  if (!locks) return renewOnce(tokenUsed);
  return locks.request(RENEWAL_LOCK, async () => {
    if (getToken() !== tokenUsed) return true;
    // This tab's localStorage may not show another tab's renewal yet; the journal does (decision 140).
    const renewed = tokenUsed === null ? undefined : await renewedSince(tokenUsed);
    if (renewed) {
      storeTokens(renewed.token, renewed.refreshToken);
      return true;
    }
    return renewOnce(tokenUsed);
  });
}

async function renewOnce(tokenUsed: string | null): Promise<boolean> {
  const refreshToken = getRefreshToken();
  if (!refreshToken) return false;
  const request: ApiRequest = { ...api.auth.refresh, body: { refreshToken } };
  const answer = await send(request, null);
  if (answer.status >= 500) throw failure(request, answer);
  if (answer.status >= 400) return false;
  const session = parseSuccess<SessionResponse>(answer);
  storeTokens(session.token, session.refreshToken);
  // Before the lock is let go, so the tab that takes it next reads it.
  if (tokenUsed !== null) await recordRenewal(tokenUsed, { token: session.token, refreshToken: session.refreshToken });
  return true;
}

function parseSuccess<T>(answer: Answer): T {
  if (answer.status === 204 || answer.text === '') return null as T;
  try {
    return JSON.parse(answer.text) as T;
  } catch {
    throw new ApiError(answer.status, 'internal', 'The server sent an answer we could not read. Try again in a moment.');
  }
}

/** The one place that turns a failed answer into an ApiError. */
function toApiError(answer: Answer): ApiError {
  let payload: unknown = null;
  try {
    payload = JSON.parse(answer.text);
  } catch {
    // Not our JSON (a proxy's HTML page, an empty body): fall back on the status below.
  }
  if (isErrorResponse(payload)) {
    const { code, message, fields } = payload.error;
    return new ApiError(answer.status, code, message, fields ?? {});
  }
  const [code, message] = fallbackForStatus(answer.status);
  return new ApiError(answer.status, code, message);
}

/**
 * The contract's error shape, checked by hand: its zod schema would bring zod into every page's first load.
 * An answer of any other shape gets the status's own message.
 */
function isErrorResponse(payload: unknown): payload is ErrorResponse {
  const error = (payload as { error?: unknown } | null)?.error as Record<string, unknown> | undefined;
  if (typeof error !== 'object' || error === null) return false;
  if (!(errorCodes as readonly unknown[]).includes(error.code) || typeof error.message !== 'string') return false;
  const fields = error.fields;
  if (fields === undefined) return true;
  return (
    typeof fields === 'object' &&
    fields !== null &&
    !Array.isArray(fields) &&
    Object.values(fields).every((value) => typeof value === 'string')
  );
}

function fallbackForStatus(status: number): [ErrorCode, string] {
  switch (status) {
    case 400:
      return ['bad_request', 'The request was not accepted. Check what you entered and try again.'];
    case 401:
      return ['unauthorized', 'Your session has ended. Please sign in again.'];
    case 403:
      return ['forbidden', 'You are not allowed to do that.'];
    case 404:
      return ['not_found', 'We could not find what you were looking for.'];
    case 409:
      return ['conflict', 'That conflicts with something that already exists.'];
    case 410:
      return ['gone', 'That is no longer available.'];
    case 413:
      return ['payload_too_large', 'That is too large to upload.'];
    case 415:
      return ['unsupported_media_type', 'That type of file is not supported.'];
    case 422:
      return ['validation_failed', 'Some of what you entered is not valid.'];
    case 429:
      return ['rate_limited', 'Too many requests. Wait a moment and try again.'];
    case 502:
    case 503:
    case 504:
      return ['upstream_unavailable', 'The service is temporarily unavailable. Try again in a moment.'];
    default:
      return status >= 500
        ? ['internal', 'Something went wrong on our side. Try again in a moment.']
        : ['bad_request', 'The request was not accepted. Try again.'];
  }
}

function fillPath(path: string, params: Record<string, unknown> | undefined): string {
  return path.replace(/:([A-Za-z_]\w*)/g, (_match, name: string) => {
    const value = params?.[name];
    if (value === undefined || value === null) throw new Error(`Missing path parameter "${name}" for ${path}`);
    return encodeURIComponent(String(value));
  });
}

function encodeQuery(query: Record<string, QueryValue> | undefined): string {
  if (!query) return '';
  const search = new URLSearchParams();
  for (const [key, value] of Object.entries(query)) {
    if (value === undefined || value === null) continue;
    const values: ReadonlyArray<string | number | boolean> = Array.isArray(value) ? value : [value];
    for (const item of values) search.append(key, String(item));
  }
  const encoded = search.toString();
  return encoded ? `?${encoded}` : '';
}

import type { RouteBody, RouteContract, RouteParams, RouteQuery, RouteResponse } from '@postflow/contract';
import type { RouteRef } from '@postflow/contract/client';
import type { APIRequestContext } from 'playwright-core';

export interface ApiAnswer<R> {
  status: number;
  ok: boolean;
  /** The raw text, for assertion messages. */
  text: string;
  /** The parsed JSON, typed as the route's response (only meaningful on a 2xx). */
  body: RouteResponse<R>;
}

/**
 * Calls one route of the contract with a session, as an API client would (the tests' own shortcut
 * past the UI): `callApi(request, token, api.posts.createPost, { body })`. Body, query and answer
 * are typed by the route.
 */
export async function callApi<R extends RouteContract>(
  request: APIRequestContext,
  token: string,
  route: RouteRef<R>,
  options: { params?: RouteParams<R>; query?: RouteQuery<R>; body?: RouteBody<R> } = {},
): Promise<ApiAnswer<R>> {
  const path = route.path.replace(/:(\w+)/g, (_match, name: string) =>
    encodeURIComponent(String((options.params as Record<string, unknown>)[name])),
  );
  const query = new URLSearchParams(Object.entries(options.query ?? {}).map(([name, value]) => [name, String(value)])).toString();
  const answer = await request.fetch(query ? `${path}?${query}` : path, {
    method: route.method,
    headers: { Authorization: `Bearer ${token}` },
    data: options.body,
  });
  const text = await answer.text();
  return { status: answer.status(), ok: answer.ok(), text, body: (text ? JSON.parse(text) : null) as RouteResponse<R> };
}

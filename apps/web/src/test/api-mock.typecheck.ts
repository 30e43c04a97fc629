/**
 * What the typed mock refuses, checked by `tsc` (never run): each @ts-expect-error must stay an
 * error, or the type check fails with "Unused '@ts-expect-error' directive".
 */
import { api } from '@postflow/contract/client';
import { mockApi, reply } from './api-mock';

export const typeChecks = () => {
  const server = mockApi(
    reply(api.posts.listPosts, { body: [] }),
    // @ts-expect-error: a route the contract does not have
    reply(api.posts.listPostz, { body: [] }),
    // @ts-expect-error: an answer that is not the route's response
    reply(api.posts.listPosts, { body: { contents: [] } }),
    // @ts-expect-error: a handler reads the route's own body, which has no `title`
    reply(api.posts.enhance, (call) => ({ body: [{ platform: 'x', enhanced: call.body.title }] })),
  );
  // @ts-expect-error: path parameters the route does not have
  return server.callsTo(api.posts.remove, { postId: '1' });
};

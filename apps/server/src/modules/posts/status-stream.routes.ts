import { postStatusEvents, postsRoutes, type PostStatusChange } from '@postflow/contract';
import type { FastifyRequest } from 'fastify';
import type { Router } from '../../http/route';
import type { PostStatusChanges } from './post-status-changes';

/** A comment line this often keeps proxies and the server's idle timeout from closing a quiet stream. */
const HEARTBEAT_MS = 15_000;

export interface StatusStreamDeps {
  changes: PostStatusChanges;
  /** Whether the request's session is still valid (not signed out, not expired); checked at every heartbeat. */
  stillSignedIn(request: FastifyRequest): Promise<boolean>;
  /** Streams still open when the server stops are ended here, so closing does not wait for them. */
  onShutdown(end: () => void): () => void;
  heartbeatMs?: number;
}

/**
 * `GET /posts/status-changes`: server-sent events over a fetch the web app makes with its bearer
 * header, so no token travels in an address (decisions 106 and 125). The stream carries only the
 * caller's own posts and ends when the session does; the client reads everything again on
 * reconnecting, so a change made while it was away is not lost.
 */
export function registerStatusStreamRoute(router: Router, deps: StatusStreamDeps) {
  router.authedStream(postsRoutes.statusChanges, async ({ auth, request, reply }) => {
    reply.hijack();
    const raw = reply.raw;
    raw.writeHead(200, {
      ...(reply.getHeaders() as Record<string, string>),
      'content-type': 'text/event-stream; charset=utf-8',
      'cache-control': 'no-store',
      // nginx would otherwise hold events back to fill its buffer.
      'x-accel-buffering': 'no',
      // An ended stream closes its connection: a server stopping need not wait for it to idle out.
      connection: 'close',
    });
    let ended = false;
    const write = (text: string) => {
      if (!ended) raw.write(text);
    };
    const send = (event: string, data: PostStatusChange | null) => write(`event: ${event}\ndata: ${data ? JSON.stringify(data) : ''}\n\n`);

    const unsubscribe = await deps.changes.subscribe(auth.workspaceId, {
      change: (change) => send(postStatusEvents.change, change),
      resync: () => send(postStatusEvents.resync, null),
    });
    const end = () => {
      if (ended) return;
      ended = true;
      clearInterval(heartbeat);
      unsubscribe();
      stopWatchingShutdown();
      raw.end();
    };
    const heartbeat = setInterval(() => {
      write(': still here\n\n');
      void deps.stillSignedIn(request).then((signedIn) => {
        if (!signedIn) end();
      });
    }, deps.heartbeatMs ?? HEARTBEAT_MS);
    const stopWatchingShutdown = deps.onShutdown(() => {
      end();
      raw.destroy();
    });
    raw.on('close', end);
    if (raw.destroyed) end();
    // Tells the client the stream is live (and that anything before it must be read again).
    write(': open\n\n');
  });
}

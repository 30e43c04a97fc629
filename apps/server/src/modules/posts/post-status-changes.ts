import type { PostStatusChange } from '@postflow/contract';
import pg from 'pg';
import type { Log } from '../../lib/logger';
import { partStatusOnTheWire, statusOnTheWire } from './wire-status';

/** Migration 0021's channel: every change of a target's stage, from whichever process made it. */
export const POST_STATUS_CHANNEL = 'postflow_post_status';

export interface PostStatusSubscriber {
  change(change: PostStatusChange): void;
  /** The listening connection was lost and is back: changes in between may have been missed. */
  resync(): void;
}

/** A thread's own status: a head's, or 'partially_published' (migration 0040). */
type ItemStatus = keyof typeof statusOnTheWire | 'partially_published';

interface Notification {
  workspaceId: string;
  id: string;
  postId: string;
  status: ItemStatus;
  /** A thread part's or first comment's change (migration 0040). */
  part?: { id: string; kind: 'part' | 'comment'; position: number; status: keyof typeof partStatusOnTheWire };
}

const isItemStatus = (status: unknown): status is ItemStatus =>
  typeof status === 'string' && (status === 'partially_published' || status in statusOnTheWire);

function parse(payload: string | undefined): Notification | undefined {
  try {
    const value = JSON.parse(payload ?? '') as Partial<Notification>;
    if (typeof value.workspaceId !== 'string' || typeof value.id !== 'string' || typeof value.postId !== 'string') return undefined;
    if (!isItemStatus(value.status)) return undefined;
    if (value.part && !(value.part.status in partStatusOnTheWire)) return undefined;
    return value as Notification;
  } catch {
    return undefined;
  }
}

function toChange(notification: Notification): PostStatusChange {
  const { part } = notification;
  return {
    id: notification.id,
    post_id: notification.postId,
    status: notification.status === 'partially_published' ? 'partially_published' : statusOnTheWire[notification.status],
    ...(part
      ? {
          part: {
            id: part.id,
            kind: part.kind,
            position: part.kind === 'comment' ? 0 : part.position,
            status: partStatusOnTheWire[part.status],
          },
        }
      : {}),
  };
}

/**
 * One LISTEN connection per API process, shared by every open status stream in it, each change
 * handed only to the streams of the post's owner (decision 125). It connects with the first
 * subscriber and reconnects after a loss, telling every subscriber to resync.
 */
export function createPostStatusChanges(deps: { connectionString: string; log: Log; retryMs?: number }) {
  const byWorkspace = new Map<string, Set<PostStatusSubscriber>>();
  let client: pg.Client | undefined;
  let connecting: Promise<void> | undefined;
  let retry: NodeJS.Timeout | undefined;
  let closed = false;

  function deliver(message: pg.Notification) {
    const change = parse(message.payload);
    if (!change) return;
    for (const subscriber of byWorkspace.get(change.workspaceId) ?? []) {
      subscriber.change(toChange(change));
    }
  }

  function everyone(): PostStatusSubscriber[] {
    return [...byWorkspace.values()].flatMap((subscribers) => [...subscribers]);
  }

  function scheduleReconnect() {
    if (closed || retry || byWorkspace.size === 0) return;
    retry = setTimeout(() => {
      retry = undefined;
      void connect().then(() => {
        if (client) for (const subscriber of everyone()) subscriber.resync();
      });
    }, deps.retryMs ?? 1_000);
    retry.unref();
  }

  function connect(): Promise<void> {
    connecting ??= (async () => {
      // Bounded like the pool's connections: a database out of reach must not hold a stream's opening for minutes.
      const next = new pg.Client({
        connectionString: deps.connectionString,
        application_name: 'postflow-status-changes',
        connectionTimeoutMillis: 5_000,
      });
      next.on('notification', deliver);
      next.on('error', (error) => {
        deps.log.warn({ err: error }, 'post status listener lost its connection; reconnecting');
        if (client === next) client = undefined;
        next.end().catch(() => {});
        scheduleReconnect();
      });
      try {
        await next.connect();
        await next.query(`LISTEN ${POST_STATUS_CHANNEL}`);
        if (closed) await next.end();
        else client = next;
      } catch (error) {
        deps.log.warn({ err: error }, 'post status listener could not connect; retrying');
        next.end().catch(() => {});
        scheduleReconnect();
      }
    })().finally(() => {
      connecting = undefined;
    });
    return connecting;
  }

  return {
    /** Starts handing `workspaceId`'s changes to `subscriber`; resolves once the process listens (or will retry). */
    async subscribe(workspaceId: string, subscriber: PostStatusSubscriber): Promise<() => void> {
      const subscribers = byWorkspace.get(workspaceId) ?? new Set();
      subscribers.add(subscriber);
      byWorkspace.set(workspaceId, subscribers);
      if (!client) await connect();
      return () => {
        subscribers.delete(subscriber);
        if (subscribers.size === 0 && byWorkspace.get(workspaceId) === subscribers) byWorkspace.delete(workspaceId);
      };
    },

    async close(): Promise<void> {
      closed = true;
      if (retry) clearTimeout(retry);
      byWorkspace.clear();
      await connecting;
      await client?.end().catch(() => {});
      client = undefined;
    },
  };
}
export type PostStatusChanges = ReturnType<typeof createPostStatusChanges>;

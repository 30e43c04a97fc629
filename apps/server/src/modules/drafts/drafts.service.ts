import {
  DRAFTS_PER_WORKSPACE,
  type CreateDraftRequest,
  type Draft,
  type DraftSaved,
  type Network,
  threadMediaIds,
  type UpdateDraftRequest,
} from '@postflow/contract';
import type { Database, Queryable } from '../../db/client';
import type { Clock } from '../../lib/clock';
import { AppError, conflict, notFound } from '../../lib/errors';
import type { Log } from '../../lib/logger';
import type { MediaRecord } from '../media/media.repository';
import { mediaUrl, type MediaService } from '../media/media.service';
import { createDraftsRepository, heldMedia, type DraftContent, type DraftRow, type DraftSavedRow } from './drafts.repository';

/** A save made on an older revision: nothing changed, and this is the draft as it is now. */
export type DraftUpdate = { saved: DraftSaved } | { stale: Draft };

const toSaved = (row: DraftSavedRow): DraftSaved => ({ id: row.id, revision: row.revision, updatedAt: row.updatedAt.toISOString() });

/** Only the networks' own keys, and only for texts that say something. */
function perPlatformOf(value: Partial<Record<Network, string | undefined>> | undefined): Partial<Record<Network, string>> {
  const kept: Partial<Record<Network, string>> = {};
  for (const network of ['x', 'linkedin'] as const) {
    const text = value?.[network];
    if (text !== undefined) kept[network] = text;
  }
  return kept;
}

const detailsOf = (value: CreateDraftRequest['details']): DraftContent['details'] =>
  Object.fromEntries(Object.entries(value ?? {}).filter(([, field]) => field !== undefined));

/**
 * Drafts (docs/decisions/141-drafts.md): saved as the person types, one revision at a time, so a
 * tab holding an older copy cannot overwrite a newer one unseen. No activity is logged: a draft is
 * work in progress, and the post made from it is logged when it is created.
 */
export function createDraftsService(deps: { db: Database; media: MediaService; clock: Clock; publicUrl: string; log: Log }) {
  const { db, clock } = deps;

  /** Drafts as the API answers them; their files' kinds and names are read in one query. */
  async function toDrafts(workspaceId: string, rows: DraftRow[]): Promise<Draft[]> {
    const records = await deps.media.findInWorkspace(workspaceId, [...new Set(rows.flatMap((row) => heldMedia(row)))]);
    return rows.map((row) => toDraft(row, records));
  }

  function toDraft(row: DraftRow, records: MediaRecord[]): Draft {
    const url = (id: string) => `${deps.publicUrl}${mediaUrl(id)}`;
    /** A file as the composer draws it; none when it no longer exists. */
    const fileOf = (id: string) => {
      const record = records.find((candidate) => candidate.id === id);
      if (!record) return [];
      const { kind, mimeType, durationMs, pages } = record;
      return [
        {
          id,
          kind,
          mimeType,
          fileName: record.fileName ?? 'image',
          url: url(id),
          // What the composer's previews draw for a restored video or document (docs/decisions/152-channel-picker-and-kept-attachments.md).
          ...(durationMs !== null ? { durationMs } : {}),
          ...(pages !== null ? { pages } : {}),
        },
      ];
    };
    const [first] = row.mediaIds;
    return {
      id: row.id,
      text: row.text,
      platforms: row.platforms,
      perPlatform: row.perPlatform,
      channels: row.channels,
      perChannel: row.perChannel,
      details: row.details,
      image: first ? { id: first, url: url(first) } : null,
      media: row.mediaIds.flatMap((id, index) => fileOf(id).map((file) => ({ ...file, alt: row.mediaAlts[index] ?? '' }))),
      threadMedia: row.threadMediaIds.flatMap(fileOf),
      scheduledAt: row.scheduledAt?.toISOString() ?? null,
      timeZone: row.timeZone,
      revision: row.revision,
      createdAt: row.createdAt.toISOString(),
      updatedAt: row.updatedAt.toISOString(),
      author: row.authorId ? { id: row.authorId, name: row.authorName ?? '' } : null,
    };
  }

  async function load(workspaceId: string, id: string, tx: Queryable = db): Promise<DraftRow> {
    const row = await createDraftsRepository(tx).find(workspaceId, id);
    if (!row) throw notFound('This draft no longer exists: it was deleted, or became a post.');
    return row;
  }

  /** Files named by id must be this workspace's (those the draft has already are); `field` names them in the refusal. */
  async function checkMedia(workspaceId: string, ids: string[], current: string[], field?: string): Promise<void> {
    const added = [...new Set(ids.filter((id) => !current.includes(id)))];
    if (!added.length) return;
    if ((await deps.media.findInWorkspace(workspaceId, added)).length !== added.length) {
      const what = ids.length === 1 ? 'image' : 'file';
      throw new AppError('validation_failed', `That ${what} is not in this workspace or no longer exists. Choose it again.`, {
        fields: { [field ?? (ids.length === 1 ? 'mediaId' : 'media')]: `Unknown ${what}` },
      });
    }
  }

  /** The draft's own files and its threads' files must be this workspace's. */
  async function checkAllMedia(workspaceId: string, content: DraftContent, current?: DraftContent): Promise<void> {
    await checkMedia(workspaceId, content.mediaIds, current ? heldMedia(current) : []);
    await checkMedia(workspaceId, content.threadMediaIds, current ? heldMedia(current) : [], 'details.threads');
  }

  /** The files as the request names them (`media`, else the older `mediaId`), or undefined to keep them. */
  function mediaOf(request: CreateDraftRequest): { mediaIds: string[]; mediaAlts: string[] } | undefined {
    if (request.media !== undefined)
      return { mediaIds: (request.media ?? []).map((item) => item.id), mediaAlts: (request.media ?? []).map((item) => item.alt ?? '') };
    if (request.mediaId !== undefined)
      return { mediaIds: request.mediaId ? [request.mediaId] : [], mediaAlts: request.mediaId ? [''] : [] };
    return undefined;
  }

  /** The fields as they will be written: an optional field left out keeps `current`'s value. */
  function contentOf(request: CreateDraftRequest, current?: DraftContent): DraftContent {
    const details = request.details === undefined && current ? current.details : detailsOf(request.details);
    return {
      text: request.text,
      platforms: request.platforms,
      perPlatform: request.perPlatform === undefined && current ? current.perPlatform : perPlatformOf(request.perPlatform),
      channels: request.channels ?? current?.channels ?? [],
      perChannel: request.perChannel ?? current?.perChannel ?? {},
      details,
      ...(mediaOf(request) ?? { mediaIds: current?.mediaIds ?? [], mediaAlts: current?.mediaAlts ?? [] }),
      threadMediaIds: threadMediaIds(details.threads),
      scheduledAt:
        request.scheduledAt === undefined ? (current?.scheduledAt ?? null) : request.scheduledAt ? new Date(request.scheduledAt) : null,
      timeZone: request.timeZone === undefined ? (current?.timeZone ?? null) : request.timeZone,
    };
  }

  /** Deletes, once committed, files the draft no longer shows and nothing else uses. */
  async function forgetMedia(tx: Queryable, workspaceId: string, previous: readonly string[], keep: readonly string[]) {
    const dropped = previous.filter((id) => !keep.includes(id));
    if (!dropped.length) return undefined;
    return deps.media.forgetAllUnused(tx, workspaceId, dropped);
  }

  return {
    async list(workspaceId: string, limit: number): Promise<{ drafts: Draft[]; total: number }> {
      const repository = createDraftsRepository(db);
      const [rows, total] = await Promise.all([repository.list(workspaceId, limit), repository.count(workspaceId)]);
      return { drafts: await toDrafts(workspaceId, rows), total };
    },

    async get(workspaceId: string, id: string): Promise<Draft> {
      const [draft] = await toDrafts(workspaceId, [await load(workspaceId, id)]);
      return draft as Draft;
    },

    async create(workspaceId: string, userId: string, request: CreateDraftRequest): Promise<DraftSaved> {
      const content = contentOf(request);
      await checkAllMedia(workspaceId, content);
      return db.transaction(async (tx) => {
        const repository = createDraftsRepository(tx);
        await repository.lockForCreation(workspaceId);
        if ((await repository.count(workspaceId)) >= DRAFTS_PER_WORKSPACE) {
          throw conflict(
            `This workspace already keeps ${DRAFTS_PER_WORKSPACE} drafts, the most it can. Delete or schedule some on the Drafts page, then try again.`,
          );
        }
        return toSaved(await repository.insert(workspaceId, userId, content, clock.now()));
      });
    },

    async update(workspaceId: string, id: string, request: UpdateDraftRequest): Promise<DraftUpdate> {
      const current = await load(workspaceId, id);
      const stale = async (row: DraftRow) => ({ stale: (await toDrafts(workspaceId, [row]))[0] as Draft });
      if (current.revision !== request.revision) return stale(current);
      const content = contentOf(request, current);
      await checkAllMedia(workspaceId, content, current);
      const outcome = await db.transaction(async (tx) => {
        const row = await createDraftsRepository(tx).update(workspaceId, id, request.revision, content, clock.now());
        if (!row) return undefined;
        return { row, removeBytes: await forgetMedia(tx, workspaceId, heldMedia(current), heldMedia(content)) };
      });
      // Saved or deleted by someone else between the read and the write.
      if (!outcome) return stale(await load(workspaceId, id));
      await outcome.removeBytes?.(deps.log);
      return { saved: toSaved(outcome.row) };
    },

    async remove(workspaceId: string, id: string): Promise<void> {
      const removeBytes = await db.transaction(async (tx) => {
        const gone = await createDraftsRepository(tx).delete(workspaceId, id);
        if (!gone) throw notFound('This draft no longer exists: it was deleted, or became a post.');
        return forgetMedia(tx, workspaceId, gone.mediaIds, []);
      });
      await removeBytes?.(deps.log);
    },

    /** Stores an upload (checked and re-encoded as a post's image is) and makes it the draft's image. */
    async attachImage(
      workspaceId: string,
      userId: string,
      id: string,
      upload: Buffer,
    ): Promise<DraftSaved & { image: { id: string; url: string } }> {
      await load(workspaceId, id);
      const image = await deps.media.prepare(userId, upload);
      let discard: (() => Promise<void>) | undefined;
      try {
        const { row, mediaId, removeBytes } = await db.transaction(async (tx) => {
          const stored = await deps.media.save(tx, workspaceId, image);
          discard = stored.discard;
          const row = await createDraftsRepository(tx).setImage(workspaceId, id, stored.record.id, clock.now());
          if (!row) throw notFound('This draft no longer exists: it was deleted, or became a post.');
          return { row, mediaId: stored.record.id, removeBytes: await forgetMedia(tx, workspaceId, row.previous, [stored.record.id]) };
        });
        await removeBytes?.(deps.log);
        return { ...toSaved(row), image: { id: mediaId, url: `${deps.publicUrl}${mediaUrl(mediaId)}` } };
      } catch (error) {
        await discard?.();
        throw error;
      }
    },
  };
}
export type DraftsService = ReturnType<typeof createDraftsService>;

/**
 * Deletes, in the caller's transaction, the draft a post was written in (the posts service calls
 * it in the transaction that creates the post), answering its image so the caller can forget it
 * if the post does not show it. A draft already gone is no reason to refuse the post.
 */
export async function deleteDraftOfPost(tx: Queryable, workspaceId: string, draftId: string): Promise<{ mediaIds: string[] } | undefined> {
  return createDraftsRepository(tx).delete(workspaceId, draftId);
}

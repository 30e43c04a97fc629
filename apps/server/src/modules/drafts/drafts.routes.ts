import { DRAFT_IMAGE_FIELD, draftsRoutes, type DraftConflict } from '@postflow/contract';
import type { FastifyRequest } from 'fastify';
import type { Router } from '../../http/route';
import { AppError } from '../../lib/errors';
import type { DraftsService } from './drafts.service';

/** Reads the one picture of a draft's upload, refusing anything else. */
async function readImagePart(request: FastifyRequest): Promise<Buffer> {
  if (!request.isMultipart()) {
    throw new AppError('unsupported_media_type', `Send the picture as multipart/form-data, in a file field named "${DRAFT_IMAGE_FIELD}".`);
  }
  let upload: Buffer | undefined;
  try {
    for await (const part of request.parts()) {
      if (part.type !== 'file') continue;
      if (part.fieldname !== DRAFT_IMAGE_FIELD) {
        throw new AppError('validation_failed', `Unexpected file "${part.fieldname}"; send the picture as "${DRAFT_IMAGE_FIELD}".`, {
          fields: { [DRAFT_IMAGE_FIELD]: 'Missing' },
        });
      }
      // Bounded by the multipart plugin's 10 MB file limit (a larger file answers 413).
      upload = await part.toBuffer();
    }
  } catch (error) {
    if (error instanceof AppError || (error as { code?: string }).code?.startsWith('FST_')) throw error;
    throw new AppError('bad_request', 'The upload is not valid multipart data. Please try again.', { cause: error });
  }
  if (!upload || upload.length === 0) {
    throw new AppError('validation_failed', `Choose a picture to upload, in a file field named "${DRAFT_IMAGE_FIELD}".`, {
      fields: { [DRAFT_IMAGE_FIELD]: 'Choose a picture' },
    });
  }
  return upload;
}

/** The words of a stale save's 409 (docs/decisions/141-drafts.md): the client shows them with the newer draft. */
export const STALE_DRAFT_MESSAGE =
  'This draft changed in another tab or on another device since you opened it. Your change was not saved: see the newer version first.';

export function registerDraftsRoutes(router: Router, drafts: DraftsService) {
  router.authed(draftsRoutes.list, ({ auth, query }) => drafts.list(auth.workspaceId, query.limit));

  router.authed(draftsRoutes.create, ({ auth, body }) => drafts.create(auth.workspaceId, auth.userId, body));

  router.authed(draftsRoutes.get, async ({ auth, params }) => ({ draft: await drafts.get(auth.workspaceId, params.id) }));

  router.authed(draftsRoutes.update, async ({ auth, params, body, reply }) => {
    const outcome = await drafts.update(auth.workspaceId, params.id, body);
    if ('saved' in outcome) return outcome.saved;
    // The error's shape, with the draft as it is now: the contract's draftConflictSchema.
    const answer: DraftConflict = { error: { code: 'conflict', message: STALE_DRAFT_MESSAGE }, draft: outcome.stale };
    await reply.code(409).type('application/json; charset=utf-8').send(answer);
    return reply as never;
  });

  router.authed(draftsRoutes.remove, async ({ auth, params }) => {
    await drafts.remove(auth.workspaceId, params.id);
    return null;
  });

  router.authed(draftsRoutes.uploadImage, async ({ auth, params, request }) =>
    drafts.attachImage(auth.workspaceId, auth.userId, params.id, await readImagePart(request)),
  );
}

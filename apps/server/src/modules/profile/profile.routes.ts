import { AVATAR_FIELD, COVER_FIELD, profileRoutes } from '@postflow/contract';
import type { FastifyRequest } from 'fastify';
import type { Router } from '../../http/route';
import { AppError } from '../../lib/errors';
import type { ProfileService } from './profile.service';

/** Reads the one picture of an upload (`profile_image` or `cover_image`; docs/product.md, Profile · Calls), refusing anything else. */
async function readImagePart(request: FastifyRequest, field: string): Promise<Buffer> {
  if (!request.isMultipart()) {
    throw new AppError('unsupported_media_type', `Send the picture as multipart/form-data, in a file field named "${field}".`);
  }
  let upload: Buffer | undefined;
  try {
    for await (const part of request.parts()) {
      if (part.type !== 'file') continue;
      if (part.fieldname !== field) {
        throw new AppError('validation_failed', `Unexpected file "${part.fieldname}"; send the picture as "${field}".`, {
          fields: { [field]: 'Missing' },
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
    throw new AppError('validation_failed', `Choose a picture to upload, in a file field named "${field}".`, {
      fields: { [field]: 'Choose a picture' },
    });
  }
  return upload;
}

export function registerProfileRoutes(router: Router, profile: ProfileService) {
  router.authed(profileRoutes.details, ({ auth, query }) => profile.details(auth, query.range, query.tz, query.channelId));

  router.authed(profileRoutes.update, async ({ auth, body }) => ({ user: await profile.update(auth, body) }));

  router.authed(profileRoutes.updateTimeZone, async ({ auth, body }) => ({ user: await profile.setTimeZone(auth.userId, body.timeZone) }));

  router.authed(profileRoutes.uploadAvatar, async ({ auth, request }) => ({
    profileUrl: await profile.replaceImage(auth.userId, 'avatar', await readImagePart(request, AVATAR_FIELD)),
  }));

  router.authed(profileRoutes.uploadCover, async ({ auth, request }) => ({
    coverImageUrl: await profile.replaceImage(auth.userId, 'cover', await readImagePart(request, COVER_FIELD)),
  }));
}

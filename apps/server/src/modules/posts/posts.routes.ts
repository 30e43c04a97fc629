import {
  IMAGE_MAX_BYTES,
  MEDIA_FIELD,
  MEDIA_LIMITS,
  networks,
  normalizeThreadPart,
  postsRoutes,
  publishDataSchema,
  type Network,
  type PublishData,
  type ThreadPartInput,
} from '@postflow/contract';
import { refuseNulCharacters, type Router } from '../../http/route';
import { validationError } from '../../http/zod-error';
import { AppError } from '../../lib/errors';
import { withMultipart, type MultipartBody } from '../media/media-parts';
import type { MediaService, PreparedMedia } from '../media/media.service';
import type { ApprovalsService } from './approvals.service';
import type { ChainChoice } from './destinations';
import type { EnhanceService } from './enhance.service';
import type { PostsService } from './posts.service';

const SEND_AS = `Send this as multipart/form-data, with a JSON part named "data" and the files in parts named "${MEDIA_FIELD}", in order.`;
/** The most files a post takes (LinkedIn's images), and today's single "image" part. */
const MOST_FILES = Math.max(MEDIA_LIMITS.x.images, MEDIA_LIMITS.linkedin.images);

/** The wizard's multipart body: `media` file parts (or the older single `image`, images only), in order, and the `data` part. */
const PUBLISH_PARTS = {
  fileFields: [MEDIA_FIELD, 'image'],
  maxFiles: MOST_FILES + 1,
  fieldMaxBytes: { image: IMAGE_MAX_BYTES },
  sendAs: SEND_AS,
} as const;

/**
 * Reads the wizard's multipart body: a JSON part `data`, and repeated `media` file parts (or the
 * older single `image`) in the order the post shows them (docs/product.md, Composer · Publish call).
 */
async function readPublishParts(
  { files, fields }: MultipartBody,
  uploaderId: string,
  media: MediaService,
): Promise<{ data: PublishData; uploads: Array<PreparedMedia & { fileName: string }> }> {
  const rawData = fields.data;
  if (rawData === undefined)
    throw new AppError('validation_failed', 'The request has no "data" part with the post.', { fields: { data: 'Missing' } });
  let json: unknown;
  try {
    json = JSON.parse(rawData);
  } catch {
    throw new AppError('validation_failed', 'The "data" part is not valid JSON.', { fields: { data: 'Not JSON' } });
  }
  refuseNulCharacters({ data: json });
  const parsed = publishDataSchema.safeParse(json);
  if (!parsed.success) throw validationError(parsed.error);
  if (files.length && (parsed.data.mediaIds?.length || parsed.data.mediaId))
    throw new AppError('validation_failed', 'Send the files either as parts or as mediaIds, not both.', {
      fields: { mediaIds: 'Files sent too' },
    });
  if (files.length > MOST_FILES)
    throw new AppError('validation_failed', `A post can carry up to ${MOST_FILES} files; ${files[MOST_FILES]?.fileName} is one too many.`, {
      fields: { media: 'Too many files' },
    });
  // Checked before anything is stored: a bad file leaves no post behind, and the reverse.
  const uploads: Array<PreparedMedia & { fileName: string }> = [];
  // Today's single "image" part takes images only, as it always did.
  for (const file of files) uploads.push(await media.ingest(uploaderId, file.fileName, file.file, { imagesOnly: file.field === 'image' }));
  return { data: parsed.data, uploads };
}

/** The publish data's and the JSON call's media: ids (the older single `mediaId` too), alt texts and a document title. */
function mediaOf(data: {
  mediaIds?: string[] | undefined;
  mediaId?: string | undefined;
  media?: Array<{ alt?: string | undefined }> | undefined;
  document?: { title: string } | undefined;
}) {
  return {
    mediaIds: data.mediaIds ?? (data.mediaId ? [data.mediaId] : []),
    alts: (data.media ?? []).map((item) => item.alt ?? ''),
    documentTitle: data.document?.title,
  };
}

/** The call's threads and first comments, parts read as text with their files (docs/decisions/155-threads.md). */
function chainsOf(data: {
  thread?: Record<string, ThreadPartInput[]> | undefined;
  perChannelThread?: Record<string, ThreadPartInput[]> | undefined;
  firstComment?: Record<string, string> | undefined;
  perChannelFirstComment?: Record<string, string> | undefined;
}): ChainChoice {
  const parts = (record: Record<string, ThreadPartInput[]> | undefined) =>
    Object.fromEntries(Object.entries(record ?? {}).map(([key, list]) => [key, list.map(normalizeThreadPart)]));
  return {
    threadByNetwork: parts(data.thread),
    threadByChannel: parts(data.perChannelThread),
    commentByNetwork: data.firstComment ?? {},
    commentByChannel: data.perChannelFirstComment ?? {},
  };
}

function scheduledInstant(data: PublishData): Date | undefined {
  if (!data.isScheduled) return undefined;
  const instant = new Date(`${data.scheduleDate}T${data.scheduleTime}:00.000Z`);
  if (Number.isNaN(instant.getTime()))
    throw new AppError('validation_failed', 'That date does not exist.', { fields: { scheduleDate: 'Invalid date' } });
  return instant;
}

/**
 * What the person wrote, when the wizard did not send it: the first network's text, or the first
 * channel's own, or a thread's first part.
 */
function firstText(data: PublishData): string {
  const platform = data.platforms[0];
  if (platform && data.enhancedContent[platform]) return data.enhancedContent[platform];
  const channel = data.channels.find((id) => data.perChannel[id]);
  const thread = [...Object.values(data.thread ?? {}), ...Object.values(data.perChannelThread ?? {})][0];
  const part = thread?.[0];
  return (
    (channel ? data.perChannel[channel] : undefined) ??
    Object.values(data.enhancedContent).find(Boolean) ??
    (part === undefined ? '' : normalizeThreadPart(part).text)
  );
}

export function registerPostsRoutes(
  router: Router,
  deps: { posts: PostsService; media: MediaService; enhance: EnhanceService; approvals: ApprovalsService },
) {
  const { posts } = deps;

  router.authed(postsRoutes.enhance, ({ auth, body }) => deps.enhance.enhance(auth.workspaceId, body));

  router.authed(postsRoutes.publish, async ({ auth, request }) =>
    withMultipart(request, deps.media, { ...PUBLISH_PARTS, uploader: auth.userId, maxBytes: deps.media.maxUploadBytes }, async (parts) => {
      const { data, uploads } = await readPublishParts(parts, auth.userId, deps.media);
      // With channels, every network's text the wizard sent applies to that network's channels without their own.
      const named: Network[] = data.channels.length
        ? networks.filter((network) => data.enhancedContent[network] !== undefined)
        : data.platforms;
      const texts = Object.fromEntries(named.map((platform) => [platform, data.enhancedContent[platform] ?? ''])) as Record<
        Network,
        string
      >;
      const result = await posts.compose(
        { workspaceId: auth.workspaceId, author: auth.userId, role: auth.role },
        {
          platforms: data.platforms,
          texts,
          originalText: data.originalText ?? firstText(data),
          aiEnhanced: data.aiEnhanced ?? false,
          scheduledAt: scheduledInstant(data),
          queue: data.queue,
          timeZone: data.timeZone,
          linkedInOrgId: data.linkedInOrgId,
          channels: data.channels,
          perChannel: data.perChannel,
          uploads,
          ...mediaOf(data),
          draftId: data.draftId,
          linkCard: data.linkCard,
          chains: chainsOf(data),
          perChannelLinkCard: data.perChannelLinkCard,
        },
      );
      return {
        scheduled: data.isScheduled || data.queue,
        scheduleTime: result.scheduledAt.toISOString(),
        postId: result.postId,
        posts: result.posts,
        ...(result.queued ? { queued: result.queued } : {}),
      };
    }),
  );

  router.authed(postsRoutes.createPost, async ({ auth, body }) => {
    const named: Network[] = body.channels.length ? [...networks] : body.platforms;
    const texts = Object.fromEntries(named.map((platform) => [platform, body.perPlatformText?.[platform] ?? body.text])) as Record<
      Network,
      string
    >;
    const scheduledAt = body.scheduledFor ? new Date(body.scheduledFor) : undefined;
    const result = await posts.compose(
      { workspaceId: auth.workspaceId, author: auth.userId, role: auth.role },
      {
        platforms: body.platforms,
        texts,
        originalText: body.text,
        aiEnhanced: false,
        scheduledAt,
        queue: body.queue,
        timeZone: body.timeZone,
        linkedInOrgId: body.linkedInOrgId,
        channels: body.channels,
        perChannel: body.perChannel,
        ...mediaOf(body),
        draftId: body.draftId,
        linkCard: body.linkCard,
        chains: chainsOf(body),
        perChannelLinkCard: body.perChannelLinkCard,
      },
    );
    return {
      scheduled: Boolean(scheduledAt) || body.queue,
      scheduleTime: result.scheduledAt.toISOString(),
      postId: result.postId,
      posts: result.posts,
      ...(result.queued ? { queued: result.queued } : {}),
    };
  });

  router.authed(postsRoutes.listPosts, ({ auth, query }) => posts.list(auth.workspaceId, query));
  router.authed(postsRoutes.history, async ({ auth, query }) => ({ contents: await posts.list(auth.workspaceId, query) }));
  router.authed(postsRoutes.recent, async ({ auth, query }) => ({
    contents: await posts.list(auth.workspaceId, { limit: query.limit, offset: 0, status: ['all'], platform: 'all' }),
  }));

  router.authed(postsRoutes.update, async ({ auth, params, body }) => ({
    post: await posts.update(auth, params.id, {
      // With a thread, part 1 is the post's text (the contract checked that `text`, if sent, says the same).
      text: body.thread?.[0] === undefined ? (body.text ?? '') : normalizeThreadPart(body.thread[0]).text,
      thread: body.thread?.map(normalizeThreadPart),
      firstComment: body.firstComment === '' ? null : body.firstComment,
      platform: body.platform,
      scheduledFor: new Date(body.scheduled_for),
      mediaUrls: body.media_urls,
      linkedinOrgId: body.linkedin_org_id,
      alts: body.media?.map((item) => item.alt),
      documentTitle: body.document?.title,
    }),
  }));

  router.authed(postsRoutes.reschedule, async ({ auth, params, body }) => ({
    post: await posts.reschedule(auth, params.id, new Date(body.scheduledAt)),
  }));

  router.authed(postsRoutes.publishNow, async ({ auth, params }) => ({ post: await posts.publishNow(auth, params.id) }));

  router.authed(postsRoutes.retry, async ({ auth, params, body }) => ({ post: await posts.retry(auth, params.id, body.fromPart) }));

  router.authed(postsRoutes.remove, async ({ auth, params }) => {
    await posts.remove(auth, params.id);
    return null;
  });

  // Access 'admin' in the contract: editors and viewers are refused before this runs (decision 130).
  router.authed(postsRoutes.approve, ({ auth, params }) => deps.approvals.approve(auth.workspaceId, params.id, auth.userId));
  router.authed(postsRoutes.reject, ({ auth, params, body }) =>
    deps.approvals.reject(auth.workspaceId, params.id, auth.userId, body.reason),
  );
}

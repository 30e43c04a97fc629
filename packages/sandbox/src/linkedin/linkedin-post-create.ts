import type { SandboxContext } from '../context';
import { accessDenied, type LinkedInCaller } from './linkedin-auth';
import { canPostAs, parseAuthorUrn } from './linkedin-access';
import { linkedInDuplicate, linkedInError, linkedInMissingField, linkedInSchemaError } from './linkedin-errors';
import { publishedCommentary } from './little-text';
import { checkArticle } from './linkedin-article';
import { deleteCommentsOf } from './linkedin-comments';
import { documentStatus, videoStatus } from './linkedin-media';
import { addPost, commentaryKey, type LinkedInDocument, type LinkedInPost, type LinkedInVideo } from './linkedin-store';

const VISIBILITIES = ['PUBLIC', 'CONNECTIONS', 'LOGGED_IN', 'CONTAINER'];
const FEED_DISTRIBUTIONS = ['MAIN_FEED', 'NONE'];

/** docs/networks.md, LinkedIn · Image upload: alt text limit. */
const MAX_ALT_TEXT = 4086;

function checkAltText(path: string, altText: unknown): void {
  if (altText === undefined) return;
  if (typeof altText !== 'string') throw linkedInSchemaError(path, 'expected a string');
  if ([...altText].length > MAX_ALT_TEXT) {
    throw linkedInError(400, `${path} :: length ${[...altText].length} exceeds the maximum allowed ${MAX_ALT_TEXT}`, {
      code: 'FIELD_LENGTH_TOO_LONG',
    });
  }
}

/** An image, video or document urn in a post: it must exist, belong to the author and be AVAILABLE (docs/networks.md, LinkedIn · Creating a post). */
function checkMedia(ctx: SandboxContext, path: string, urn: unknown, author: string, imagesOnly: boolean): 'image' | 'video' | 'document' {
  if (typeof urn !== 'string') throw linkedInMissingField(path);
  const kind = /^urn:li:(image|video|document):/.exec(urn)?.[1] as 'image' | 'video' | 'document' | undefined;
  if (!kind || (imagesOnly && kind !== 'image')) {
    throw linkedInError(400, `${path} :: ${urn} is not a supported media urn here`, { code: 'INVALID_URN_TYPE' });
  }
  const store = ctx.state.linkedin;
  const media = kind === 'image' ? store.images.get(urn) : kind === 'video' ? store.videos.get(urn) : store.documents.get(urn);
  if (!media)
    throw linkedInSchemaError(path, `${kind === 'image' ? 'Image' : kind === 'video' ? 'Video' : 'Document'} ${urn} does not exist`);
  if (media.owner !== author) throw linkedInSchemaError(path, `Media owner ${media.owner} must equal the post author ${author}`);
  const status =
    kind === 'image'
      ? (media as { status: string }).status
      : kind === 'video'
        ? videoStatus(ctx, media as LinkedInVideo)
        : documentStatus(ctx, media as LinkedInDocument);
  if (status !== 'AVAILABLE') throw linkedInSchemaError(path, `${urn} is ${status}, not AVAILABLE`);
  return kind;
}

function checkContent(ctx: SandboxContext, content: unknown, author: string): Record<string, unknown> | undefined {
  if (content === undefined) return undefined;
  if (typeof content !== 'object' || content === null || Array.isArray(content)) throw linkedInSchemaError('/content', 'expected a record');
  const record = content as Record<string, unknown>;
  if (record.media !== undefined) {
    const media = record.media as { id?: unknown; title?: unknown; altText?: unknown } | null;
    const kind = checkMedia(ctx, '/content/media/id', media?.id, author, false);
    if (kind === 'image') checkAltText('/content/media/altText', media?.altText);
    // A document post needs a title: LinkedIn shows it on the document card.
    if (kind === 'document' && (typeof media?.title !== 'string' || media.title.trim() === ''))
      throw linkedInMissingField('/content/media/title');
  }
  if (record.multiImage !== undefined) {
    const images = (record.multiImage as { images?: unknown } | null)?.images;
    if (!Array.isArray(images) || images.length < 2 || images.length > 20) {
      throw linkedInSchemaError('/content/multiImage/images', 'a multi-image post takes 2 to 20 images');
    }
    images.forEach((image: { id?: unknown; altText?: unknown } | null, index) => {
      checkMedia(ctx, `/content/multiImage/images/${index}/id`, image?.id, author, true);
      checkAltText(`/content/multiImage/images/${index}/altText`, image?.altText);
    });
  }
  checkArticle(record, (path, urn) => checkMedia(ctx, path, urn, author, true));
  return record;
}

/** Creating a post: validation order follows what LinkedIn's errors imply, schema 422 before permissions (docs/networks.md, LinkedIn · Post errors). */
export function createLinkedInPost(ctx: SandboxContext, caller: LinkedInCaller, body: unknown, receivedAt: number): LinkedInPost {
  if (typeof body !== 'object' || body === null || Array.isArray(body)) throw linkedInMissingField('/author');
  const request = body as Record<string, unknown>;
  for (const field of ['author', 'visibility', 'distribution', 'lifecycleState']) {
    if (request[field] === undefined || request[field] === null) throw linkedInMissingField(`/${field}`);
  }
  if (typeof request.author !== 'string') throw linkedInSchemaError('/author', 'expected a urn string');
  const author = parseAuthorUrn(request.author);
  if (author === 'bad-type') throw linkedInError(400, `Invalid urn type for /author: ${request.author}`, { code: 'INVALID_URN_TYPE' });
  if (author === 'bad-id') throw linkedInError(400, `Invalid urn id for /author: ${request.author}`, { code: 'INVALID_URN_ID' });
  if (!VISIBILITIES.includes(String(request.visibility))) {
    throw linkedInSchemaError('/visibility', `"${String(request.visibility)}" is not an enum symbol`);
  }
  if (request.lifecycleState !== 'PUBLISHED') {
    throw linkedInSchemaError('/lifecycleState', 'PUBLISHED is the only accepted value on create');
  }
  const distribution = request.distribution as { feedDistribution?: unknown } | null;
  if (typeof distribution !== 'object' || distribution === null || !FEED_DISTRIBUTIONS.includes(String(distribution.feedDistribution))) {
    throw linkedInMissingField('/distribution/feedDistribution');
  }
  if (distribution.feedDistribution === 'NONE' && author.kind === 'person') {
    throw linkedInSchemaError('/distribution/feedDistribution', 'NONE (dark posts) is only for organization authors');
  }
  const commentary = request.commentary === undefined ? '' : request.commentary;
  if (typeof commentary !== 'string') throw linkedInSchemaError('/commentary', 'expected a string');
  if ([...commentary].length > ctx.options.linkedin.maxCommentaryLength) {
    throw linkedInError(
      400,
      `/commentary :: length ${[...commentary].length} exceeds the maximum allowed ${ctx.options.linkedin.maxCommentaryLength}`,
      {
        code: 'FIELD_LENGTH_TOO_LONG',
      },
    );
  }
  if (!canPostAs(ctx, caller, author)) throw accessDenied(caller, 'posts.CREATE');
  const content = checkContent(ctx, request.content, request.author);

  const now = ctx.clock.now();
  if (commentary) {
    const existingUrn = ctx.state.linkedin.latestPostByCommentary.get(commentaryKey(request.author, commentary));
    const existing = existingUrn ? ctx.state.linkedin.posts.get(existingUrn) : undefined;
    if (existing && !existing.deleted && now - existing.createdAt < ctx.options.linkedin.duplicateWindowMs) {
      throw linkedInDuplicate(existing.urn);
    }
  }
  const post: LinkedInPost = {
    urn: `urn:li:share:${ctx.ids.linkedin.next(now)}`,
    author: request.author,
    createdBy: caller.member.sub,
    clientId: caller.token.clientId,
    commentary,
    publishedCommentary: publishedCommentary(commentary),
    visibility: String(request.visibility),
    distribution: request.distribution,
    ...(content ? { content } : {}),
    lifecycleState: 'PUBLISHED',
    isReshareDisabledByAuthor: request.isReshareDisabledByAuthor === true,
    createdAt: now,
    receivedAt,
    arrivedAt: receivedAt - ctx.clock.offsetMs,
    lastModifiedAt: now,
    deleted: false,
  };
  addPost(ctx.state.linkedin, post);
  ctx.markDirty();
  return post;
}

export function markLinkedInPostDeleted(ctx: SandboxContext, post: LinkedInPost): void {
  if (post.deleted) return;
  post.deleted = true;
  post.deletedAt = ctx.clock.now();
  const key = commentaryKey(post.author, post.commentary);
  if (ctx.state.linkedin.latestPostByCommentary.get(key) === post.urn) ctx.state.linkedin.latestPostByCommentary.delete(key);
  ctx.metrics.forget('linkedin', post.urn);
  deleteCommentsOf(ctx, post);
  ctx.markDirty();
}

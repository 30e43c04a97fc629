import type { SandboxContext } from '../context';
import { accessDenied, type LinkedInCaller } from './linkedin-auth';
import { canPostAs, parseAuthorUrn } from './linkedin-access';
import { linkedInDuplicate, linkedInError, linkedInMissingField, linkedInSchemaError } from './linkedin-errors';
import { publishedCommentary } from './little-text';
import { checkArticle } from './linkedin-article';
import { addPost, commentaryKey, type LinkedInPost } from './linkedin-store';

const VISIBILITIES = ['PUBLIC', 'CONNECTIONS', 'LOGGED_IN', 'CONTAINER'];
const FEED_DISTRIBUTIONS = ['MAIN_FEED', 'NONE'];

function checkImage(ctx: SandboxContext, path: string, urn: unknown, author: string): void {
  if (typeof urn !== 'string') throw linkedInMissingField(path);
  if (!urn.startsWith('urn:li:image:')) {
    throw linkedInError(400, `${path} :: ${urn} is not a supported media urn in the sandbox (images only)`, { code: 'INVALID_URN_TYPE' });
  }
  const image = ctx.state.linkedin.images.get(urn);
  if (!image) throw linkedInSchemaError(path, `Image ${urn} does not exist`);
  if (image.owner !== author) throw linkedInSchemaError(path, `Image owner ${image.owner} must equal the post author ${author}`);
  if (image.status !== 'AVAILABLE') throw linkedInSchemaError(path, `Image ${urn} is ${image.status}, not AVAILABLE`);
}

function checkContent(ctx: SandboxContext, content: unknown, author: string): Record<string, unknown> | undefined {
  if (content === undefined) return undefined;
  if (typeof content !== 'object' || content === null || Array.isArray(content)) throw linkedInSchemaError('/content', 'expected a record');
  const record = content as Record<string, unknown>;
  if (record.media !== undefined) {
    checkImage(ctx, '/content/media/id', (record.media as { id?: unknown } | null)?.id, author);
  }
  if (record.multiImage !== undefined) {
    const images = (record.multiImage as { images?: unknown } | null)?.images;
    if (!Array.isArray(images) || images.length < 2 || images.length > 20) {
      throw linkedInSchemaError('/content/multiImage/images', 'a multi-image post takes 2 to 20 images');
    }
    images.forEach((image: { id?: unknown } | null, index) => checkImage(ctx, `/content/multiImage/images/${index}/id`, image?.id, author));
  }
  checkArticle(record, (path, urn) => checkImage(ctx, path, urn, author));
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
  ctx.markDirty();
}

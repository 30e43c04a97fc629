import type { SandboxContext } from '../context';
import { xFollowersNow } from './x-personas';
import type { XUser } from './x-store';

export function liveTweetCount(ctx: SandboxContext, user: XUser): number {
  let count = 0;
  for (const id of ctx.state.x.tweetIdsByAuthor.get(user.id) ?? []) {
    if (!ctx.state.x.tweets.get(id)?.deleted) count++;
  }
  return count;
}

/** docs/networks.md, X · Account profile: only id, name and username unless user.fields asks for more. */
export function renderXUser(ctx: SandboxContext, user: XUser, fields: Set<string>, baseUrl: string): Record<string, unknown> {
  const view: Record<string, unknown> = { id: user.id, name: user.name, username: user.username };
  if (fields.has('created_at')) view.created_at = new Date(user.createdAt).toISOString();
  if (fields.has('description')) view.description = user.description;
  if (fields.has('profile_image_url')) view.profile_image_url = `${baseUrl}/_sandbox/avatars/x/${encodeURIComponent(user.username)}.svg`;
  if (fields.has('protected')) view.protected = false;
  if (fields.has('verified')) view.verified = false;
  if (fields.has('verified_type')) view.verified_type = 'none';
  if (fields.has('url')) view.url = '';
  if (fields.has('location')) view.location = 'Sandbox';
  if (fields.has('public_metrics')) {
    const followers = xFollowersNow(ctx, user);
    view.public_metrics = {
      followers_count: followers,
      following_count: user.following,
      tweet_count: liveTweetCount(ctx, user),
      listed_count: user.listed,
      like_count: Math.floor(user.following * 3.5),
    };
  }
  if (fields.has('most_recent_tweet_id')) {
    const ids = ctx.state.x.tweetIdsByAuthor.get(user.id) ?? [];
    for (let i = ids.length - 1; i >= 0; i--) {
      const id = ids[i];
      if (id && !ctx.state.x.tweets.get(id)?.deleted) {
        view.most_recent_tweet_id = id;
        break;
      }
    }
  }
  return view;
}

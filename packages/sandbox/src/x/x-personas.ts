import type { SandboxContext } from '../context';
import { seededRandom } from '../random';
import { addUser, type XUser } from './x-store';

export const X_USERNAME_PATTERN = /^[A-Za-z0-9_]{1,15}$/;

const DAY_MS = 86_400_000;

export function findXUserByUsername(ctx: SandboxContext, username: string): XUser | undefined {
  const id = ctx.state.x.userIdsByUsername.get(username.toLowerCase());
  return id === undefined ? undefined : ctx.state.x.users.get(id);
}

/** Ids derive from the seed and the username, so a persona keeps its id across resets and restarts. */
export function ensureXUser(ctx: SandboxContext, username: string, name?: string): XUser {
  const existing = findXUserByUsername(ctx, username);
  if (existing) return existing;
  if (!X_USERNAME_PATTERN.test(username)) {
    throw new RangeError('X usernames are 1 to 15 letters, digits or underscores');
  }
  let id = '';
  for (let attempt = 0; !id || ctx.state.x.users.has(id); attempt++) {
    const random = seededRandom(ctx.options.seed, 'x-user', username.toLowerCase(), attempt);
    id = String(1 + Math.floor(random() * 9));
    for (let i = 0; i < 17; i++) id += String(Math.floor(random() * 10));
  }
  const random = seededRandom(ctx.options.seed, 'x-user-profile', username.toLowerCase());
  const now = ctx.clock.now();
  const baseFollowers = ctx.metrics.baseFollowers('x', username.toLowerCase());
  const user: XUser = {
    id,
    username,
    name: name?.trim() || username,
    description: `Sandbox persona @${username}`,
    createdAt: Math.floor(now - (200 + random() * 3000) * DAY_MS),
    addedAt: now,
    baseFollowers,
    following: 20 + Math.floor(random() * 800),
    listed: Math.floor(baseFollowers / 150),
  };
  addUser(ctx.state.x, user);
  ctx.markDirty();
  return user;
}

export function xFollowersNow(ctx: SandboxContext, user: XUser): number {
  return ctx.metrics.followersAt('x', user.baseFollowers, user.addedAt, ctx.clock.now());
}

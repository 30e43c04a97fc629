import {
  AVATAR_MAX_SIZE,
  COVER_MAX_WIDTH,
  DASHBOARD_RANGE_DAYS,
  type DashboardRange,
  type ProfileDetails,
  type UpdateProfileRequest,
  type User,
} from '@postflow/contract';
import type { AuthContext } from '../../http/request-context';
import type { Database, Queryable } from '../../db/client';
import type { Log } from '../../lib/logger';
import type { Clock } from '../../lib/clock';
import { AppError, conflict, notFound } from '../../lib/errors';
import type { MailService } from '../mail/mail.service';
import type { ImageBox } from '../media/image-processing';
import { mediaUrl, type ForgottenMedia, type MediaService } from '../media/media.service';
import type { RateLimit, RateLimiter } from '../security/rate-limiter';
import { toUserDto } from '../users/user-dto';
import { createUsersRepository } from '../users/users.repository';
import { emailChangeMails, isNewAddress } from '../mail/messages/email-change';
import { createFiguresService } from '../analytics/figures/figures.service';
import { engagementRateText } from '../analytics/figures/formulas';
import { cutBefore, lastDays } from '../analytics/figures/period';
import type { HistoryStart } from '../plans/plan-limits';
import { createReportingRepository } from '../analytics/reporting/reporting.repository';
import { audienceOf } from './audience';
import { createProfileRepository, type ImageColumn } from './profile.repository';

const UNIQUE_VIOLATION = '23505';

const usernameTaken = () => conflict('That username is already taken. Choose another one.', { username: 'That username is already taken' });
const emailTaken = () =>
  conflict('Another account already uses this email address.', { email: 'An account with this email already exists' });

const DAY = 24 * 60 * 60_000;

/**
 * Every change of address mails the new one (decision 099), so changes are limited (fixed UTC-day
 * windows of the shared limiter): per person, and per new address across every account, so one
 * address cannot be flooded from many accounts either. Saves that keep the address never count.
 */
export const emailChangeLimits = {
  perUser: { name: 'email-change:user', max: 3, windowMs: DAY, message: 'You have changed your email address too often.' },
  perAddress: { name: 'email-change:address', max: 3, windowMs: DAY, message: 'This email address has been entered too often recently.' },
} satisfies Record<string, RateLimit>;

/** The limiter words its wait in minutes; a day's window reads better in hours. */
function tooOften(limit: RateLimit, retryAfterSeconds = DAY / 1000): AppError {
  const hours = Math.ceil(retryAfterSeconds / 3600);
  const minutes = Math.max(1, Math.ceil(retryAfterSeconds / 60));
  const wait = hours > 1 ? `${hours} hours` : `${minutes} minute${minutes === 1 ? '' : 's'}`;
  const message = `${limit.message} Try again in ${wait}.`;
  // As a field message too: the profile form shows a refusal's field messages, not its message.
  return new AppError('rate_limited', message, { retryAfterSeconds, fields: { email: message } });
}

/** '' clears an optional field; undefined leaves it as it is. */
const clearable = (value: string | undefined) => (value === undefined ? undefined : value === '' ? null : value);

export type ProfileImageKind = 'avatar' | 'cover';

const images: Record<ProfileImageKind, { column: ImageColumn; box: ImageBox }> = {
  avatar: { column: 'avatar_url', box: { width: AVATAR_MAX_SIZE, height: AVATAR_MAX_SIZE } },
  cover: { column: 'cover_url', box: { width: COVER_MAX_WIDTH } },
};

/** The id of a picture we serve (`{PUBLIC_URL}/media/{uuid}`); undefined for anything else, such as a network's avatar. */
function mediaIdOf(url: string | null): string | undefined {
  return url?.match(/\/media\/([0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12})$/i)?.[1];
}

export function createProfileService(deps: {
  db: Database;
  media: MediaService;
  mail: MailService;
  clock: Clock;
  rateLimiter: RateLimiter;
  log: Log;
  publicUrl: string;
  supportEmail: string | undefined;
  /** The current password, or a fresh sign-in, before the email changes (decision 108). */
  confirmOwner(caller: AuthContext, currentPassword: string | undefined): Promise<void>;
  historyStart: HistoryStart;
}) {
  const { db } = deps;

  async function announceNewEmail(
    tx: Queryable,
    change: { userId: string; name: string; previous: string | null; current: string; timeZone: string | null },
  ): Promise<void> {
    for (const message of emailChangeMails({ ...change, at: deps.clock.now() }, deps)) await deps.mail.queue(tx, message);
  }

  /** Counts a change to `address` against both limits; throws a 429 once either is used up. */
  async function countEmailChange(userId: string, address: string): Promise<void> {
    // The person's own limit first, so someone over it cannot use up an address's allowance too.
    for (const [limit, subject] of [
      [emailChangeLimits.perUser, userId],
      [emailChangeLimits.perAddress, address.toLowerCase()],
    ] as const) {
      try {
        await deps.rateLimiter.consume(limit, subject);
      } catch (error) {
        if (error instanceof AppError && error.code === 'rate_limited') throw tooOften(limit, error.options.retryAfterSeconds);
        throw error;
      }
    }
  }

  async function loadUser(userId: string): Promise<User> {
    const user = await createUsersRepository(db).findById(userId);
    if (!user) throw notFound('No such user.');
    return toUserDto(user);
  }

  return {
    /**
     * The person, with the current workspace's posts, figures and audience; the figures are those the dashboard
     * shows for the same range and zone (docs/product.md, Shared rules · Figures). With `channelId`, the posts and
     * figures are that channel's (docs/decisions/151-channels-in-every-view.md).
     */
    async details(
      { userId, workspaceId }: { userId: string; workspaceId: string },
      range: DashboardRange,
      timeZone: string,
      channelId?: string,
    ): Promise<ProfileDetails> {
      const repository = createProfileRepository(db);
      // The dashboard's figures for the same range, without what the workspace's plan no longer shows.
      const period = cutBefore(lastDays(DASHBOARD_RANGE_DAYS[range], deps.clock.now(), timeZone), await deps.historyStart(workspaceId));
      const [user, scheduled, published, accounts, followers] = await Promise.all([
        loadUser(userId),
        repository.waitingCount(workspaceId, channelId),
        createFiguresService(db).published(workspaceId, { channelId }, period),
        repository.accountsWithFollowers(workspaceId),
        createReportingRepository(db).latestFollowers(workspaceId, undefined),
      ]);
      const audience = audienceOf(followers);
      return {
        user,
        stats: {
          posts: published.total.posts,
          scheduled,
          engagement: engagementRateText(published.total.engagementRate),
          engagement_rate: published.total.engagementRate,
          range,
          followers: audience.byNetwork,
          audience: audience.entries,
        },
        socialAccounts: accounts.map((account) => ({
          id: account.id,
          provider: account.network,
          username: account.username,
          displayName: account.displayName,
          followers_count: account.followers,
        })),
      };
    },

    async update(caller: AuthContext, input: UpdateProfileRequest): Promise<User> {
      const { userId } = caller;
      const repository = createProfileRepository(db);
      const stored = await createUsersRepository(db).findById(userId);
      if (!stored) throw notFound('No such user.');
      // A new address is how a stolen session becomes a takeover (through a password reset):
      // only the owner may set it, before anything else is checked or said about it.
      if (isNewAddress(stored.email, input.email)) await deps.confirmOwner(caller, input.currentPassword);
      // Checked first for a clear field message; the unique indexes still decide a race below.
      if (await repository.isUsernameTakenByOther(userId, input.username)) throw usernameTaken();
      if (await repository.isEmailTakenByOther(userId, input.email)) throw emailTaken();
      // Counted before the transaction, so no pooled connection is held while the limiter writes;
      // a refusal changes and sends nothing.
      const counted = isNewAddress(stored.email, input.email);
      if (counted) await countEmailChange(userId, input.email);
      try {
        // The mails about a new address exist exactly when the change was committed (decision 005).
        await db.transaction(async (tx) => {
          const name = `${input.firstName} ${input.lastName}`;
          const before = await createProfileRepository(tx).update(userId, {
            firstName: input.firstName,
            lastName: input.lastName,
            name,
            email: input.email,
            username: input.username,
            bio: clearable(input.bio),
            location: clearable(input.location),
            website: clearable(input.website),
            timeZone: input.timeZone,
          });
          if (!before) throw notFound('No such user.');
          if (isNewAddress(before.previousEmail, input.email)) {
            // Another save changed the address since it was read above: this one mails too, so it counts (a refusal rolls back).
            if (!counted) await countEmailChange(userId, input.email);
            await announceNewEmail(tx, {
              userId,
              name: before.previousName,
              previous: before.previousEmail,
              current: input.email,
              timeZone: input.timeZone ?? stored.timeZone,
            });
          }
        });
      } catch (error) {
        const { code, constraint } = error as { code?: string; constraint?: string };
        if (code === UNIQUE_VIOLATION && constraint === 'users_username_key') throw usernameTaken();
        if (code === UNIQUE_VIOLATION && constraint === 'users_email_key') throw emailTaken();
        throw error;
      }
      return loadUser(userId);
    },

    /** Only the zone: needs no password and none of the other fields (docs/decisions/145-person-time-zone.md). */
    async setTimeZone(userId: string, timeZone: string): Promise<User> {
      if (!(await createUsersRepository(db).setTimeZone(userId, timeZone))) throw notFound('No such user.');
      return loadUser(userId);
    },

    /**
     * Checks an upload by its content, re-encodes it without metadata, scales it down, stores it as
     * media (served at /media/{id}) and points the user's avatar or cover at it. A refused file
     * stores nothing; a failed update removes the bytes again. The picture it replaces is deleted
     * once nothing of the person's shows it any more (decision 098).
     */
    async replaceImage(userId: string, kind: ProfileImageKind, upload: Buffer): Promise<string> {
      const { column, box } = images[kind];
      const image = await deps.media.prepare(userId, upload, box);
      let discard: (() => Promise<void>) | undefined;
      let replaced: ForgottenMedia | undefined;
      let url: string;
      try {
        url = await db.transaction(async (tx) => {
          // Uploads of one person take turns here, so the last to commit is the picture shown.
          await createProfileRepository(tx).lockUser(userId);
          // Avatars and covers belong to the person's personal workspace, whose id is theirs.
          const saved = await deps.media.save(tx, userId, image);
          discard = saved.discard;
          const next = `${deps.publicUrl}${mediaUrl(saved.record.id)}`;
          const previousId = mediaIdOf(await createProfileRepository(tx).setImage(userId, column, next));
          if (previousId) replaced = await deps.media.forgetUnused(tx, userId, previousId);
          return next;
        });
      } catch (error) {
        // The row rolled back with the transaction; the bytes on disk go too.
        await discard?.();
        throw error;
      }
      // Only now that the user points at the new picture may the old bytes go. A failed delete
      // leaves an orphan file behind, which is not worth failing an upload that was saved.
      await replaced
        ?.removeBytes()
        .catch((error: unknown) =>
          deps.log.warn(
            { userId, kind, storageKey: replaced?.storageKey, err: error },
            'could not delete a replaced profile picture; its file stays on disk',
          ),
        );
      return url;
    },
  };
}
export type ProfileService = ReturnType<typeof createProfileService>;

import { randomUUID } from 'node:crypto';
import { existsSync, mkdirSync, readdirSync, rmSync } from 'node:fs';
import path from 'node:path';
import zlib from 'node:zlib';
import sharp from 'sharp';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { createSocialAccount } from '../../../test/helpers/factories';
import { multipart } from '../../../test/helpers/multipart';
import { signUp, type TestSession } from '../../../test/helpers/session';
import { createTestApp, createTestClock, type TestApp } from '../../../test/helpers/test-app';
import { maskEmail } from '../mail/messages/email-change';
import { createImageQueue } from '../media/image-queue';

const validProfile = {
  firstName: 'Ada',
  lastName: 'Lovelace',
  email: 'ada@example.com',
  username: 'ada.lovelace',
  bio: 'First programmer.',
  location: 'London',
  website: 'https://ada.example.com',
  // The sign-up password (test/helpers/session.ts): a new email address needs it (decision 108).
  currentPassword: 'a long enough password',
};

describe('profile', () => {
  let t: TestApp;
  let person: TestSession;

  beforeEach(async () => {
    t = await createTestApp({ worker: false });
    person = await signUp(t, 'Ada');
  });
  afterEach(() => t.close());

  const update = (body: object, headers: Record<string, string> = person.headers) =>
    t.app.inject({ method: 'PUT', url: '/auth/profile', headers, payload: body });
  const details = (headers: Record<string, string> = person.headers) => t.app.inject({ method: 'GET', url: '/users/profile', headers });
  const upload = (path: string, parts: Parameters<typeof multipart>[0], headers: Record<string, string> = person.headers) => {
    const body = multipart(parts);
    return t.app.inject({ method: 'POST', url: path, payload: body.payload, headers: { ...headers, ...body.headers } });
  };
  const one = async <R extends object>(sql: string, values: unknown[] = []) =>
    (await t.database.db.query<R & object>(sql, values)).rows[0] as R;
  const storedUser = (id = person.userId) =>
    one<{ name: string; avatar_url: string | null; cover_url: string | null; username: string | null }>(
      'SELECT name, avatar_url, cover_url, username FROM users WHERE id = $1',
      [id],
    );
  const mediaCount = async () => (await one<{ n: number }>('SELECT count(*)::int AS n FROM media')).n;

  describe('PUT /auth/profile', () => {
    it('saves names, username, email, bio, location and website, and sets the name to "first last"', async () => {
      const response = await update({ ...validProfile, firstName: '  Ada ', email: ' ADA@Example.com ' });
      expect(response.statusCode, response.body).toBe(200);
      expect(response.json().user).toMatchObject({
        name: 'Ada Lovelace',
        firstName: 'Ada',
        lastName: 'Lovelace',
        email: 'ada@example.com',
        username: 'ada.lovelace',
        bio: 'First programmer.',
        location: 'London',
        website: 'https://ada.example.com',
      });
      const profile = await t.app.inject({ method: 'GET', url: '/auth/profile', headers: person.headers });
      expect(profile.json().user).toMatchObject({ name: 'Ada Lovelace', username: 'ada.lovelace', bio: 'First programmer.' });
    });

    it('keeps optional fields that are left out, and clears those sent empty', async () => {
      await update(validProfile);
      const kept = await update({
        firstName: 'Ada',
        lastName: 'King',
        email: 'ada@example.com',
        username: 'ada_king',
        currentPassword: validProfile.currentPassword,
      });
      expect(kept.json().user).toMatchObject({
        name: 'Ada King',
        bio: 'First programmer.',
        location: 'London',
        website: 'https://ada.example.com',
      });
      const cleared = await update({ ...validProfile, bio: '', location: '  ', website: '' });
      expect(cleared.json().user).toMatchObject({ bio: null, location: null, website: null });
    });

    it('lets people keep their own username and email, in any case', async () => {
      await update(validProfile);
      const again = await update({ ...validProfile, username: 'Ada.Lovelace', email: 'Ada@example.com' });
      expect(again.statusCode, again.body).toBe(200);
      expect(again.json().user.username).toBe('Ada.Lovelace');
    });

    const invalid: Array<[string, object, string, string]> = [
      ['no username', { username: undefined }, 'username', 'Username is required'],
      ['a blank first name', { firstName: '   ' }, 'firstName', 'First name is required'],
      ['no last name', { lastName: undefined }, 'lastName', 'Last name is required'],
      ['no email', { email: '' }, 'email', 'Email is required'],
      ['a first name over 50 characters', { firstName: 'a'.repeat(51) }, 'firstName', 'First name must be at most 50 characters'],
      ['a last name over 50 characters', { lastName: 'b'.repeat(51) }, 'lastName', 'Last name must be at most 50 characters'],
      ['an email that is not one', { email: 'ada-at-example' }, 'email', 'Enter a valid email address, like name@example.com'],
      ['a two-letter username', { username: 'ab' }, 'username', 'Username must be at least 3 characters'],
      ['a 31-letter username', { username: 'a'.repeat(31) }, 'username', 'Username must be at most 30 characters'],
      ['a username with a space', { username: 'ada lovelace' }, 'username', 'Username can use only letters, digits, underscores and dots'],
      ['a username with an @', { username: '@ada' }, 'username', 'Username can use only letters, digits, underscores and dots'],
      ['a bio over 300 characters', { bio: 'b'.repeat(301) }, 'bio', 'Bio must be at most 300 characters'],
      [
        'a website that is not http(s)',
        { website: 'javascript:alert(1)' },
        'website',
        'Website must be a web address starting with http:// or https://',
      ],
      [
        'a website without a scheme',
        { website: 'ada.example.com' },
        'website',
        'Website must be a web address starting with http:// or https://',
      ],
    ];
    for (const [name, change, field, message] of invalid) {
      it(`refuses ${name} with a field message, and changes nothing`, async () => {
        const response = await update({ ...validProfile, ...change });
        expect(response.statusCode, response.body).toBe(400);
        expect(response.json().error).toMatchObject({ code: 'validation_failed', fields: { [field]: message } });
        expect((await storedUser()).name).toBe('Ada');
      });
    }

    it('refuses a username someone else has, whatever its case, with 409 and a field message', async () => {
      const other = await signUp(t, 'Grace');
      expect((await update({ ...validProfile, email: 'grace@example.com', username: 'grace_h' }, other.headers)).statusCode).toBe(200);
      const response = await update({ ...validProfile, username: 'GRACE_H' });
      expect(response.statusCode).toBe(409);
      expect(response.json().error).toMatchObject({ code: 'conflict', fields: { username: 'That username is already taken' } });
      expect((await storedUser()).username).toBeNull();
    });

    it('refuses an email another account uses with 409 and a field message', async () => {
      const other = await signUp(t, 'Grace');
      await update({ ...validProfile, email: 'grace@example.com', username: 'grace_h' }, other.headers);
      const response = await update({ ...validProfile, email: 'Grace@Example.com' });
      expect(response.statusCode).toBe(409);
      expect(response.json().error).toMatchObject({ code: 'conflict', fields: { email: 'An account with this email already exists' } });
    });

    it('changes only the caller: a token decides whose profile, not the body', async () => {
      const other = await signUp(t, 'Grace');
      await update({ ...validProfile, id: other.userId, userId: other.userId });
      expect((await storedUser(other.userId)).name).toBe('Grace');
      expect((await storedUser()).name).toBe('Ada Lovelace');
    });

    describe('a new email address', () => {
      const mails = () =>
        t.database.db
          .query<{ user_id: string; to_address: string; subject: string; text_body: string }>(
            'SELECT user_id, to_address, subject, text_body FROM emails',
          )
          .then((result) => result.rows);
      const signUpEmail = async () => (await one<{ email: string }>('SELECT email FROM users WHERE id = $1', [person.userId])).email;

      it('tells the old address where the account went and what to do if it was not them, and confirms the new one', async () => {
        const previous = await signUpEmail();
        const response = await update({ ...validProfile, email: 'ada.new@example.org' });
        expect(response.statusCode, response.body).toBe(200);
        expect(response.json().user.email).toBe('ada.new@example.org');

        const sent = await mails();
        expect(sent.map((mail) => mail.to_address).sort()).toEqual([previous, 'ada.new@example.org'].sort());
        const notice = sent.find((mail) => mail.to_address === previous);
        const confirmation = sent.find((mail) => mail.to_address === 'ada.new@example.org');
        expect(notice).toMatchObject({
          user_id: person.userId,
          to_address: previous,
          subject: 'The email address of your Postflow account was changed',
        });
        // Greeted by the name the account had, not the one typed in the same save.
        expect(notice?.text_body).toMatch(/^Hello Ada,\n/);
        expect(notice?.text_body).toMatch(/was changed to a\*\*\*@e\*\*\*\.org on \d{4}-\d{2}-\d{2} \d{2}:\d{2} UTC\./);
        expect(notice?.text_body).not.toContain('ada.new');
        expect(notice?.text_body).toContain('If it was not you');
        expect(notice?.text_body).toContain('http://localhost:8080/reset-password');
        expect(notice?.text_body).toContain('http://localhost:8080/contact');
        expect(confirmation).toMatchObject({
          user_id: person.userId,
          to_address: 'ada.new@example.org',
          subject: 'This address now signs in to Postflow',
        });
        expect(confirmation?.text_body).toContain('This address now signs in to Postflow');
        // The new address is not confirmed yet: it is greeted without the name the person typed.
        expect(confirmation?.text_body).toMatch(/^Hello,\n/);
        expect(confirmation?.text_body).not.toMatch(/Ada|Lovelace/);
        for (const mail of [notice, confirmation]) expect(mail?.text_body).not.toMatch(/token|password:|pf_/i);
      });

      it('sends nothing when the address stays the same, whatever its case', async () => {
        // Stored as an older sign-up may have left it; the request is lower-cased by the contract.
        await t.database.db.query(`UPDATE users SET email = 'Ada@Example.com' WHERE id = $1`, [person.userId]);
        const response = await update({ ...validProfile, email: 'ada@example.com' });
        expect(response.statusCode, response.body).toBe(200);
        expect(await mails()).toEqual([]);
        await update({ ...validProfile, bio: 'Saved twice.' });
        expect(await mails()).toEqual([]);
      });

      describe('limits, so the profile cannot relay mail to any address', () => {
        // A clock that stands still keeps every change in one day's window, whatever the hour.
        beforeEach(async () => {
          await t.close();
          t = await createTestApp({ worker: false, clock: createTestClock() });
          person = await signUp(t, 'Ada');
        });
        const stored = () => one<{ email: string; name: string }>('SELECT email, name FROM users WHERE id = $1', [person.userId]);

        it('refuses a 4th change of address within a day with 429, changing and sending nothing', async () => {
          for (const n of [1, 2, 3]) {
            const response = await update({ ...validProfile, email: `ada.${n}@example.org` });
            expect(response.statusCode, response.body).toBe(200);
          }
          const sentBefore = await mails();
          expect(sentBefore).toHaveLength(6);

          const refused = await update({ ...validProfile, firstName: 'Spam', email: 'victim@example.net' });
          expect(refused.statusCode, refused.body).toBe(429);
          expect(Number(refused.headers['retry-after'])).toBeGreaterThan(0);
          expect(refused.json().error).toMatchObject({
            code: 'rate_limited',
            message: expect.stringMatching(/^You have changed your email address too often\. Try again in \d+ (hours|minutes?)\.$/),
            fields: { email: expect.stringContaining('too often') },
          });
          expect(await stored()).toEqual({ email: 'ada.3@example.org', name: 'Ada Lovelace' });
          expect(await mails()).toEqual(sentBefore);
        });

        it('never counts or refuses saves that keep the address', async () => {
          await update({ ...validProfile, email: 'ada.1@example.org' });
          for (let n = 0; n < 8; n++) {
            const response = await update({ ...validProfile, email: 'ada.1@example.org', bio: `Edit ${n}`, firstName: `Ada${n}` });
            expect(response.statusCode, response.body).toBe(200);
          }
          // Two more changes still go through: the bio edits used none of the three.
          expect((await update({ ...validProfile, email: 'ada.2@example.org' })).statusCode).toBe(200);
          expect((await update({ ...validProfile, email: 'ada.3@example.org' })).statusCode).toBe(200);
          expect((await update({ ...validProfile, email: 'ada.4@example.org' })).statusCode).toBe(429);
          // Over the limit for address changes, but other edits are still saved.
          const bio = await update({ ...validProfile, email: 'ada.3@example.org', bio: 'Still editable.' });
          expect(bio.statusCode, bio.body).toBe(200);
          expect(bio.json().user.bio).toBe('Still editable.');
        });

        it('refuses a 4th mail to the same new address within a day, across accounts', async () => {
          const target = 'victim@example.net';
          for (const name of ['Eve', 'Mallory', 'Trudy']) {
            const session = await signUp(t, name);
            expect((await update({ ...validProfile, username: `${name}_x`, email: target }, session.headers)).statusCode).toBe(200);
            // Gives the address back so the next account may take it.
            expect(
              (await update({ ...validProfile, username: `${name}_x`, email: `${name}@example.com` }, session.headers)).statusCode,
            ).toBe(200);
          }
          const sentBefore = (await mails()).filter((mail) => mail.to_address === target).length;
          const refused = await update({ ...validProfile, email: 'VICTIM@example.net' });
          expect(refused.statusCode, refused.body).toBe(429);
          expect(refused.json().error).toMatchObject({
            code: 'rate_limited',
            fields: { email: expect.stringContaining('entered too often') },
          });
          expect((await mails()).filter((mail) => mail.to_address === target)).toHaveLength(sentBefore);
          expect((await stored()).email).not.toBe(target);
        });
      });

      it('sends only the confirmation to someone who had no address before', async () => {
        await t.database.db.query('UPDATE users SET email = NULL WHERE id = $1', [person.userId]);
        await update(validProfile);
        expect((await mails()).map((mail) => mail.to_address)).toEqual(['ada@example.com']);
      });
    });
  });

  describe('authorisation', () => {
    const calls: Array<[string, string]> = [
      ['GET', '/users/profile'],
      ['PUT', '/auth/profile'],
      ['POST', '/users/profile/image'],
      ['POST', '/users/profile/cover'],
    ];
    for (const [method, url] of calls) {
      it(`${method} ${url} answers 401 without a valid token`, async () => {
        const payload = method === 'PUT' ? validProfile : undefined;
        const none = await t.app.inject({ method: method as 'GET', url, payload });
        expect(none.statusCode).toBe(401);
        const forged = await t.app.inject({ method: method as 'GET', url, payload, headers: { authorization: 'Bearer pf_at_forged' } });
        expect(forged.statusCode).toBe(401);
      });
    }
  });

  describe('GET /users/profile', () => {
    async function addPost(
      userId: string,
      target: { status: string; network?: string; impressions?: number | null; likes?: number; comments?: number; shares?: number },
    ): Promise<void> {
      const postId = (
        await one<{ id: string }>(`INSERT INTO posts (workspace_id, original_text, time_zone) VALUES ($1, 'text', 'UTC') RETURNING id`, [
          userId,
        ])
      ).id;
      const published = target.status === 'published';
      const publishing = target.status === 'publishing';
      await t.database.db.query(
        `INSERT INTO post_targets (post_id, workspace_id, network, text, scheduled_at, due_at, status, published_at,
           lease_owner, lease_token, lease_until, impressions_count, likes_count, comments_count, shares_count)
         VALUES ($1, $2, $3, 'text', now(), now(), $4, $5, $6, $7, $8, $9, $10, $11, $12)`,
        [
          postId,
          userId,
          target.network ?? 'x',
          target.status,
          published ? new Date() : null,
          publishing ? 'worker-1' : null,
          publishing ? randomUUID() : null,
          publishing ? new Date(Date.now() + 60_000) : null,
          target.impressions ?? null,
          target.likes ?? 0,
          target.comments ?? 0,
          target.shares ?? 0,
        ],
      );
    }
    const snapshot = (accountId: string, day: string, followers: number, organizationId = '') =>
      t.database.db.query(
        `INSERT INTO follower_snapshots (account_id, organization_id, day, followers, captured_at) VALUES ($1, $2, $3, $4, now())`,
        [accountId, organizationId, day, followers],
      );

    it("answers zeros, '0%' and no followers for someone new", async () => {
      const response = await details();
      expect(response.statusCode, response.body).toBe(200);
      expect(response.json()).toMatchObject({
        user: { id: person.userId, name: 'Ada' },
        stats: { posts: 0, scheduled: 0, engagement: '0%', engagement_rate: null, range: '30d', followers: [], audience: [] },
        socialAccounts: [],
      });
    });

    it('counts published and waiting posts, and rates engagement only over posts whose impressions are known', async () => {
      await addPost(person.userId, { status: 'published', impressions: 1000, likes: 20, comments: 5, shares: 5 });
      await addPost(person.userId, { status: 'published', impressions: 200, likes: 3, comments: 1, shares: 0, network: 'linkedin' });
      // No impressions reported (X without the right tier): its likes must not inflate the rate.
      await addPost(person.userId, { status: 'published', impressions: null, likes: 100 });
      await addPost(person.userId, { status: 'scheduled' });
      await addPost(person.userId, { status: 'scheduled', network: 'linkedin' });
      await addPost(person.userId, { status: 'publishing' });
      await addPost(person.userId, { status: 'failed' });
      await addPost(person.userId, { status: 'missed' });
      const other = await signUp(t, 'Grace');
      await addPost(other.userId, { status: 'published', impressions: 10, likes: 10 });
      await addPost(other.userId, { status: 'scheduled' });

      const { stats } = (await details()).json();
      // (30 + 4) / (1000 + 200) = 2.8333…%
      expect(stats).toMatchObject({ posts: 3, scheduled: 3, engagement: '2.83%', engagement_rate: 2.83 });
    });

    it("lists every audience as analytics does (an account's own followers and its LinkedIn pages'), and each account's own count", async () => {
      const x = await createSocialAccount(t.services, person.userId, { network: 'x', username: 'ada_x' });
      const linkedIn = await createSocialAccount(t.services, person.userId, { network: 'linkedin', username: 'Ada L' });
      await snapshot(x, '2026-01-01', 100);
      await snapshot(x, '2026-01-03', 150);
      await snapshot(x, '2026-01-02', 120);
      // LinkedIn tells apps how many follow a page, not a member: the page is the LinkedIn audience analytics shows.
      await snapshot(linkedIn, '2026-01-03', 9999, '123456');
      const other = await signUp(t, 'Grace');
      await snapshot(await createSocialAccount(t.services, other.userId, { network: 'x' }), '2026-01-03', 5);

      const body = (await details()).json();
      expect(body.stats.followers).toEqual([
        { provider: 'linkedin', followers_count: 9999 },
        { provider: 'x', followers_count: 150 },
      ]);
      expect(body.stats.audience).toEqual([
        { provider: 'linkedin', name: 'linkedin person', kind: 'page', followers_count: 9999 },
        { provider: 'x', name: 'x person', kind: 'account', followers_count: 150 },
      ]);
      expect(body.socialAccounts).toEqual([
        { id: linkedIn, provider: 'linkedin', username: 'Ada L', displayName: 'linkedin person', followers_count: null },
        { id: x, provider: 'x', username: 'ada_x', displayName: 'x person', followers_count: 150 },
      ]);
    });
  });

  describe('pictures', () => {
    const png = (width: number, height: number) =>
      sharp({ create: { width, height, channels: 3, background: '#3366ff' } })
        .withMetadata({ exif: { IFD0: { Copyright: 'secret camera owner' } } })
        .png()
        .toBuffer();

    it('stores an avatar re-encoded, without metadata, at most 512×512, and serves it at /media/{id}', async () => {
      const response = await upload('/users/profile/image', [
        { name: 'profile_image', value: await png(1200, 900), filename: 'me.png', type: 'image/png' },
      ]);
      expect(response.statusCode, response.body).toBe(200);
      const { profileUrl } = response.json();
      expect(profileUrl).toMatch(/^http:\/\/localhost:8080\/media\/[0-9a-f-]{36}$/);
      expect((await storedUser()).avatar_url).toBe(profileUrl);

      const served = await t.app.inject({ method: 'GET', url: new URL(profileUrl).pathname });
      expect(served.statusCode).toBe(200);
      expect(served.headers['content-type']).toBe('image/png');
      expect(served.rawPayload.includes(Buffer.from('secret camera owner'))).toBe(false);
      const size = await sharp(served.rawPayload).metadata();
      expect([size.width, size.height]).toEqual([512, 384]);
      expect((await t.app.inject({ method: 'GET', url: '/auth/profile', headers: person.headers })).json().user.avatarURL).toBe(profileUrl);
    });

    it('keeps a small avatar at its size', async () => {
      const response = await upload('/users/profile/image', [{ name: 'profile_image', value: await png(64, 48), filename: 'me.png' }]);
      const served = await t.app.inject({ method: 'GET', url: new URL(response.json().profileUrl).pathname });
      const size = await sharp(served.rawPayload).metadata();
      expect([size.width, size.height]).toEqual([64, 48]);
    });

    it('stores a cover at most 1600 wide, as a JPEG when a JPEG was sent', async () => {
      const jpeg = await sharp({ create: { width: 2400, height: 600, channels: 3, background: '#ff8800' } })
        .jpeg()
        .toBuffer();
      const response = await upload('/users/profile/cover', [
        { name: 'cover_image', value: jpeg, filename: 'cover.jpg', type: 'image/jpeg' },
      ]);
      expect(response.statusCode, response.body).toBe(200);
      const { coverImageUrl } = response.json();
      expect((await storedUser()).cover_url).toBe(coverImageUrl);
      const served = await t.app.inject({ method: 'GET', url: new URL(coverImageUrl).pathname });
      expect(served.headers['content-type']).toBe('image/jpeg');
      const size = await sharp(served.rawPayload).metadata();
      expect([size.width, size.height]).toEqual([1600, 400]);
    });

    const refused: Array<
      [string, string, () => Promise<Parameters<typeof multipart>[0]> | Parameters<typeof multipart>[0], number, RegExp]
    > = [
      [
        'a text file named .jpg',
        '/users/profile/image',
        () => [{ name: 'profile_image', value: 'just some words', filename: 'me.jpg', type: 'image/jpeg' }],
        415,
        /not an image/,
      ],
      [
        'a PDF',
        '/users/profile/cover',
        () => [
          {
            name: 'cover_image',
            value: Buffer.from('%PDF-1.4\n1 0 obj\n<<>>\nendobj\ntrailer\n<<>>\n%%EOF'),
            filename: 'cv.pdf',
            type: 'application/pdf',
          },
        ],
        415,
        /That file is PDF; upload a JPG, PNG or GIF image/,
      ],
      [
        'an 11 MB file',
        '/users/profile/image',
        () => [{ name: 'profile_image', value: Buffer.alloc(11 * 1024 * 1024, 1), filename: 'big.png', type: 'image/png' }],
        413,
        /larger than 10 MB/,
      ],
      [
        'a picture in the wrong field',
        '/users/profile/image',
        async () => [{ name: 'image', value: await png(20, 20), filename: 'me.png' }],
        400,
        /send the picture as "profile_image"/,
      ],
      ['no picture at all', '/users/profile/cover', () => [{ name: 'note', value: 'hello' }], 400, /Choose a picture to upload/],
    ];
    for (const [name, path, parts, status, message] of refused) {
      it(`refuses ${name} with a clear message and stores nothing`, async () => {
        const response = await upload(path, await parts());
        expect(response.statusCode, response.body).toBe(status);
        expect(response.json().error.message).toMatch(message);
        expect(await mediaCount()).toBe(0);
        expect(await storedUser()).toMatchObject({ avatar_url: null, cover_url: null });
      });
    }

    describe('a replaced picture', () => {
      const avatar = async () =>
        (
          await upload('/users/profile/image', [{ name: 'profile_image', value: await png(40, 40), filename: 'me.png', type: 'image/png' }])
        ).json().profileUrl as string;
      const cover = async () =>
        (
          await upload('/users/profile/cover', [
            { name: 'cover_image', value: await png(80, 20), filename: 'cover.png', type: 'image/png' },
          ])
        ).json().coverImageUrl as string;
      const fileOf = async (url: string) => {
        const { storage_key: key } = await one<{ storage_key: string }>('SELECT storage_key FROM media WHERE id = $1', [
          new URL(url).pathname.split('/').pop(),
        ]);
        return path.join(t.config.dataDir, 'media', key);
      };
      const served = async (url: string) => (await t.app.inject({ method: 'GET', url: new URL(url).pathname })).statusCode;

      for (const [kind, send] of [
        ['avatar', avatar],
        ['cover', cover],
      ] as const) {
        it(`is deleted from DATA_DIR once the new ${kind} is saved, and the new one is served`, async () => {
          const first = await send();
          const firstFile = await fileOf(first);
          expect(existsSync(firstFile)).toBe(true);

          const second = await send();
          expect(second).not.toBe(first);
          expect(existsSync(firstFile)).toBe(false);
          expect(await served(first)).toBe(404);
          expect(existsSync(await fileOf(second))).toBe(true);
          expect(await served(second)).toBe(200);
          expect(await mediaCount()).toBe(1);
        });
      }

      it('leaves the other picture alone: a new cover keeps the avatar', async () => {
        const picture = await avatar();
        await cover();
        await cover();
        expect(existsSync(await fileOf(picture))).toBe(true);
        expect(await served(picture)).toBe(200);
      });

      it('is kept while a post still shows it', async () => {
        const first = await avatar();
        const postId = (
          await one<{ id: string }>(`INSERT INTO posts (workspace_id, original_text, time_zone) VALUES ($1, 'text', 'UTC') RETURNING id`, [
            person.userId,
          ])
        ).id;
        await t.database.db.query(
          `INSERT INTO post_targets (post_id, workspace_id, network, text, media_ids, scheduled_at, due_at) VALUES ($1, $2, 'x', 'text', $3, now(), now())`,
          [postId, person.userId, [new URL(first).pathname.split('/').pop()]],
        );
        await avatar();
        expect(existsSync(await fileOf(first))).toBe(true);
        expect(await served(first)).toBe(200);
      });

      it('that cannot be deleted is logged, and the upload still succeeds', async () => {
        const firstFile = await fileOf(await avatar());
        // A directory where the file was: removing it as a file fails.
        rmSync(firstFile);
        mkdirSync(firstFile);
        const response = await upload('/users/profile/image', [
          { name: 'profile_image', value: await png(30, 30), filename: 'me.png', type: 'image/png' },
        ]);
        expect(response.statusCode, response.body).toBe(200);
        expect(await served(response.json().profileUrl)).toBe(200);
        expect(t.logs.some((line) => line.includes('could not delete a replaced profile picture'))).toBe(true);
      });

      it('answers every one of several uploads at once, keeps the last saved and deletes the others (issue 17, item 10)', async () => {
        // Six images decoded side by side, as a bigger machine would, so their saves overlap.
        await t.close();
        t = await createTestApp({ worker: false, imageQueue: createImageQueue({ concurrency: 6, maxWaiting: 0, perPerson: 6 }) });
        person = await signUp(t, 'Ada');
        const responses = await Promise.all(
          Array.from({ length: 6 }, async (_, index) =>
            upload('/users/profile/image', [
              { name: 'profile_image', value: await png(40 + index, 40), filename: 'me.png', type: 'image/png' },
            ]),
          ),
        );
        for (const response of responses) expect(response.statusCode, response.body).toBe(200);
        const current = (await storedUser()).avatar_url as string;
        expect(responses.map((response) => response.json().profileUrl)).toContain(current);
        expect(await mediaCount()).toBe(1);
        expect(readdirSync(path.dirname(await fileOf(current)))).toEqual([path.basename(await fileOf(current))]);
      });

      it('leaves exactly one file when two uploads race', async () => {
        await Promise.all([avatar(), avatar(), avatar()]);
        const current = (await storedUser()).avatar_url as string;
        expect(await mediaCount()).toBe(1);
        const folder = path.dirname(await fileOf(current));
        expect(readdirSync(folder)).toEqual([path.basename(await fileOf(current))]);
      });
    });

    describe('one person cannot stall everyone with images (issue 17, item 3)', () => {
      /** A PNG whose header claims `width` × `height`: refusing it must not need decoding it. */
      const pngHeader = (width: number, height: number) => {
        const chunk = (type: string, data: Buffer) => {
          const body = Buffer.concat([Buffer.from(type, 'ascii'), data]);
          const length = Buffer.alloc(4);
          length.writeUInt32BE(data.length);
          const crc = Buffer.alloc(4);
          crc.writeUInt32BE(zlib.crc32(body));
          return Buffer.concat([length, body, crc]);
        };
        const header = Buffer.alloc(13);
        header.writeUInt32BE(width, 0);
        header.writeUInt32BE(height, 4);
        header.set([8, 2, 0, 0, 0], 8);
        const signature = Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]);
        return Buffer.concat([
          signature,
          chunk('IHDR', header),
          chunk('IDAT', zlib.deflateSync(Buffer.alloc(64))),
          chunk('IEND', Buffer.alloc(0)),
        ]);
      };

      it('refuses an image of more than 36 megapixels with 413 naming its size', async () => {
        const response = await upload('/users/profile/image', [
          { name: 'profile_image', value: pngHeader(8000, 6000), filename: 'huge.png', type: 'image/png' },
        ]);
        expect(response.statusCode, response.body).toBe(413);
        expect(response.json().error.message).toMatch(/8000 × 6000 pixels; images can be up to 36 megapixels/);
        expect(await mediaCount()).toBe(0);
      });

      it('refuses the 31st upload within 10 minutes with 429 and Retry-After, and not someone else’s', async () => {
        const picture = await png(8, 8);
        const send = (headers = person.headers) =>
          upload('/users/profile/image', [{ name: 'profile_image', value: picture, filename: 'me.png', type: 'image/png' }], headers);
        for (let index = 0; index < 30; index += 1) expect((await send()).statusCode).toBe(200);
        const refused = await send();
        expect(refused.statusCode, refused.body).toBe(429);
        expect(Number(refused.headers['retry-after'])).toBeGreaterThan(0);
        expect(refused.json().error.message).toMatch(/uploaded 30 images.*Try again in \d+ minutes?/);
        const other = await signUp(t, 'Grace');
        expect((await send(other.headers)).statusCode).toBe(200);
      });

      it('answers 503 with Retry-After, never 500, while too many images wait, and stores nothing', async () => {
        await t.close();
        const imageQueue = createImageQueue({ concurrency: 1, maxWaiting: 0, perPerson: 2 });
        t = await createTestApp({ worker: false, imageQueue });
        person = await signUp(t, 'Ada');
        let release!: () => void;
        const busy = imageQueue.run('someone else', () => new Promise<void>((resolve) => (release = resolve)));

        const response = await upload('/users/profile/image', [{ name: 'profile_image', value: await png(20, 20), filename: 'me.png' }]);
        expect(response.statusCode, response.body).toBe(503);
        expect(Number(response.headers['retry-after'])).toBeGreaterThan(0);
        expect(response.json().error.message).toMatch(/processing many images right now/);
        expect(await mediaCount()).toBe(0);

        release();
        await busy;
        const later = await upload('/users/profile/image', [{ name: 'profile_image', value: await png(20, 20), filename: 'me.png' }]);
        expect(later.statusCode, later.body).toBe(200);
      });
    });

    it('refuses JSON instead of multipart', async () => {
      const response = await t.app.inject({
        method: 'POST',
        url: '/users/profile/image',
        headers: person.headers,
        payload: { profile_image: 'data:image/png;base64,AAAA' },
      });
      expect(response.statusCode).toBe(415);
      expect(await mediaCount()).toBe(0);
    });
  });
});

describe('maskEmail', () => {
  it('shows the first letters and the top-level domain only', () => {
    expect(maskEmail('ada.new@example.org')).toBe('a***@e***.org');
    expect(maskEmail('x@localhost')).toBe('x***@l***');
  });
});

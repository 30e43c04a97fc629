import { expect, it } from 'vitest';
import { databasesBefore } from '../../test/helpers/database-before';
import { migrate } from './migrate';

const before = databasesBefore();

it('gives the accounts and pages posted to before channels existed their channels, and their posts too', async () => {
  const db = await before('0034');

  const workspace = (await db.query<{ id: string }>(`INSERT INTO users (name) VALUES ('Before channels') RETURNING id`)).rows[0]
    ?.id as string;
  const account = async (network: string, networkUserId: string, displayName: string) =>
    (
      await db.query<{ id: string }>(
        `INSERT INTO social_accounts (workspace_id, network, network_user_id, is_sandbox, access_token_enc, username, display_name)
         VALUES ($1, $2, $3, true, '\\x00', $4, $5) RETURNING id`,
        [workspace, network, networkUserId, displayName.toLowerCase().replace(/ /g, '_'), displayName],
      )
    ).rows[0]?.id as string;
  const ada = await account('x', 'x-1', 'Ada');
  const grace = await account('x', 'x-2', 'Grace');
  const member = await account('linkedin', 'li-1', 'Alice Admin');
  const target = async (accountId: string | null, network: string, orgId: string | null, author: string | null) => {
    const post = await db.query<{ id: string }>(
      `INSERT INTO posts (workspace_id, original_text, time_zone) VALUES ($1, 'Hello', 'UTC') RETURNING id`,
      [workspace],
    );
    return (
      await db.query<{ id: string }>(
        `INSERT INTO post_targets (post_id, workspace_id, account_id, network, linkedin_org_id, text, scheduled_at, due_at, author_name)
         VALUES ($1, $2, $3, $4, $5, 'Hello', now(), now(), $6) RETURNING id`,
        [post.rows[0]?.id, workspace, accountId, network, orgId, author],
      )
    ).rows[0]?.id as string;
  };
  const onAda = await target(ada, 'x', null, null);
  const onGrace = await target(grace, 'x', null, null);
  const onPage = await target(member, 'linkedin', '1234', 'Acme Corp');
  const orphan = await target(null, 'x', null, 'Gone');

  await migrate(db);

  const channels = await db.query<{ kind: string; external_id: string; account_id: string; name: string }>(
    'SELECT kind, external_id, account_id, name FROM channels ORDER BY kind, external_id',
  );
  expect(channels.rows).toEqual([
    { kind: 'organization', external_id: '1234', account_id: member, name: 'Acme Corp' },
    { kind: 'person', external_id: 'li-1', account_id: member, name: 'Alice Admin' },
    { kind: 'person', external_id: 'x-1', account_id: ada, name: 'Ada' },
    { kind: 'person', external_id: 'x-2', account_id: grace, name: 'Grace' },
  ]);
  const recorded = await db.query<{ id: string; external_id: string | null }>(
    'SELECT t.id, c.external_id FROM post_targets t LEFT JOIN channels c ON c.id = t.channel_id',
  );
  const channelOf = (id: string) => recorded.rows.find((row) => row.id === id)?.external_id;
  expect([channelOf(onAda), channelOf(onGrace), channelOf(onPage), channelOf(orphan)]).toEqual(['x-1', 'x-2', '1234', null]);

  // From now on, an account connected later gets its channel, and a post through it records it.
  const later = await account('x', 'x-3', 'Later');
  const onLater = await target(later, 'x', null, null);
  const { rows } = await db.query<{ external_id: string }>(
    'SELECT c.external_id FROM post_targets t JOIN channels c ON c.id = t.channel_id WHERE t.id = $1',
    [onLater],
  );
  expect(rows).toEqual([{ external_id: 'x-3' }]);
});

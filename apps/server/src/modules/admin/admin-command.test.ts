import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { systemClock } from '../../lib/clock';
import { createUser } from '../../../test/helpers/factories';
import { createTestApp, type TestApp } from '../../../test/helpers/test-app';
import { runAdminCommand } from './admin-command';

describe('npm run admin -- plan', () => {
  let t: TestApp;
  const planOf = async (id: string) => (await t.database.db.query('SELECT plan FROM workspaces WHERE id = $1', [id])).rows[0]?.plan;
  const run = (...args: string[]) => runAdminCommand(t.database.db, systemClock, args);

  beforeAll(async () => {
    t = await createTestApp({ worker: false });
  });
  afterAll(() => t.close());

  it("changes a person's personal workspace by email, and says what changed", async () => {
    const person = await createUser(t.services, { email: 'Maker@Example.com' });
    await t.database.db.query('INSERT INTO plan_requests (user_id, workspace_id, plan) VALUES ($1, $1, $2)', [person.id, 'pro']);
    expect(await run('plan', 'maker@example.com', 'pro')).toBe(
      `maker@example.com's personal workspace (${person.id}): plan changed from Starter (free) to Creator (pro).`,
    );
    expect(await planOf(person.id)).toBe('pro');
    const { rows } = await t.database.db.query('SELECT handled_at FROM plan_requests WHERE workspace_id = $1', [person.id]);
    expect(rows[0]?.handled_at).toBeInstanceOf(Date);
    expect(await run('plan', 'maker@example.com', 'Creator')).toMatch(/is already on Creator \(pro\); nothing changed\.$/);
  });

  it('changes a workspace by id, the plan named by id or name', async () => {
    const person = await createUser(t.services);
    const team = await t.services.workspaces.create(person.id, { name: 'Agency work' });
    expect(await run('plan', team.id, 'Agency')).toBe(
      `workspace "Agency work" (${team.id}): plan changed from Starter (free) to Agency (enterprise).`,
    );
    expect(await planOf(team.id)).toBe('enterprise');
  });

  it('refuses an unknown email, workspace or plan, or a wrong command, with what to do', async () => {
    await expect(run('plan', 'nobody@example.com', 'pro')).rejects.toThrow('No one has the email nobody@example.com on this instance.');
    await expect(run('plan', '00000000-0000-4000-8000-000000000000', 'pro')).rejects.toThrow(
      /^There is no workspace 00000000-0000-4000-8000-000000000000\./,
    );
    const person = await createUser(t.services);
    await expect(run('plan', person.email as string, 'gold')).rejects.toThrow(
      'There is no plan "gold". Plans: free, pro, business, enterprise.',
    );
    await expect(run('plans', 'x')).rejects.toThrow(/^Usage: npm run admin -- plan <email\|workspace-id> <plan>/);
    expect(await planOf(person.id)).toBe('free');
  });
});

import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { createTestDatabase, terminateBackends, type TestDatabase } from '../../test/helpers/database';
import { watchEscapedErrors } from '../../test/helpers/escaped-errors';

describe('a database connection that is cut while a transaction holds it', () => {
  let database: TestDatabase;
  let watch: ReturnType<typeof watchEscapedErrors>;

  beforeEach(async () => {
    database = await createTestDatabase();
    watch = watchEscapedErrors();
  });
  afterEach(async () => {
    watch.stop();
    await database.drop();
  });

  it('fails that transaction, leaves the process running, and the next query gets a fresh connection', async () => {
    let inside!: () => void;
    const opened = new Promise<void>((resolve) => (inside = resolve));
    const transaction = database.db.transaction(async (tx) => {
      await tx.query('SELECT 1');
      inside();
      // Held open between statements (as one waiting on a lock would be) while the database goes away.
      await new Promise((resolve) => setTimeout(resolve, 500));
      await tx.query('SELECT 1');
    });
    const outcome = transaction.then(
      () => 'committed',
      (error: Error) => error.message,
    );
    await opened;
    await terminateBackends(database.url);
    expect(await outcome).not.toBe('committed');
    await new Promise((resolve) => setTimeout(resolve, 100));
    expect(watch.escaped).toEqual([]);
    const { rows } = await database.db.query<{ one: number }>('SELECT 1 AS one');
    expect(rows[0]?.one).toBe(1);
  });
});

import pg from 'pg';

// int8 (counts, sums) as numbers: every value we keep in bigint columns stays far below 2^53.
pg.types.setTypeParser(20, (value) => Number(value));
// numeric (averages, rates) as numbers for the same reason.
pg.types.setTypeParser(1700, (value) => Number(value));

export type Row = pg.QueryResultRow;

/** What repositories need: a pool or a transaction's client, interchangeably. */
export interface Queryable {
  query<R extends Row = Row>(text: string, values?: readonly unknown[]): Promise<pg.QueryResult<R>>;
}

export interface Database extends Queryable {
  readonly pool: pg.Pool;
  /** Runs `work` in one transaction; rolls back when it throws. */
  transaction<T>(work: (tx: Queryable) => Promise<T>): Promise<T>;
  close(): Promise<void>;
}

export function createDatabase(connectionString: string, options: { max?: number; applicationName?: string } = {}): Database {
  const pool = new pg.Pool({
    connectionString,
    max: options.max ?? 10,
    application_name: options.applicationName ?? 'postflow',
    // A restarted database must not leave requests hanging on dead sockets.
    connectionTimeoutMillis: 5_000,
    idleTimeoutMillis: 30_000,
  });
  // An idle client whose server went away emits 'error' on the pool; without a listener it would crash the process.
  pool.on('error', () => {});

  return {
    pool,
    query: (text, values) => pool.query(text, values as unknown[]),
    async transaction(work) {
      const client = await pool.connect();
      try {
        await client.query('BEGIN');
        const result = await work(client as Queryable);
        await client.query('COMMIT');
        return result;
      } catch (error) {
        await client.query('ROLLBACK').catch(() => {});
        throw error;
      } finally {
        client.release();
      }
    },
    close: () => pool.end(),
  };
}

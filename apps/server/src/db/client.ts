import { createHash } from 'node:crypto';
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
  /** Where the pool connects: a LISTEN needs a connection of its own, outside the pool. */
  readonly connectionString: string;
  /** Runs `work` in one transaction; rolls back when it throws. */
  transaction<T>(work: (tx: Queryable) => Promise<T>): Promise<T>;
  close(): Promise<void>;
}

/** More distinct statements than the code holds means SQL is being built from data: stop preparing. */
const PREPARED_STATEMENTS_LIMIT = 500;

/**
 * Every statement with parameters runs as a named prepared statement, so each connection parses and
 * plans it once instead of at every call (planning cost more than running most of the API's reads;
 * decision 094). The name is the text's digest: the same text is the same statement everywhere.
 */
function createStatementNamer() {
  const names = new Map<string, string>();
  return (text: string, values: readonly unknown[] | undefined): string | pg.QueryConfig => {
    if (!values?.length) return text;
    let name = names.get(text);
    if (!name) {
      if (names.size >= PREPARED_STATEMENTS_LIMIT) return { text, values: values as unknown[] };
      name = `pf_${createHash('sha1').update(text).digest('hex').slice(0, 24)}`;
      names.set(text, name);
    }
    return { name, text, values: values as unknown[] };
  };
}

export interface DatabaseOptions {
  max?: number;
  applicationName?: string;
  /** Told when a connection dies under the pool (a database restart); the pool itself carries on. */
  onConnectionError?: (error: Error) => void;
}

export function createDatabase(connectionString: string, options: DatabaseOptions = {}): Database {
  const pool = new pg.Pool({
    connectionString,
    max: options.max ?? 10,
    application_name: options.applicationName ?? 'postflow',
    // A restarted database must not leave requests hanging on dead sockets.
    connectionTimeoutMillis: 5_000,
    idleTimeoutMillis: 30_000,
  });
  const onConnectionError = options.onConnectionError ?? (() => {});
  // An idle client whose server went away emits 'error' on the pool; without a listener it would crash the process.
  pool.on('error', onConnectionError);
  const statement = createStatementNamer();

  return {
    pool,
    connectionString,
    query: <R extends Row>(text: string, values?: readonly unknown[]) => pool.query<R>(statement(text, values)),
    async transaction(work) {
      const client = await pool.connect();
      // pg-pool takes its own 'error' listener off a client while it is checked out, so a restart
      // during a transaction would emit 'error' with no one listening and end the process (the
      // chaos run's unexpected worker exits). The statement in flight fails on its own; remember why,
      // so the broken connection is discarded rather than returned to the pool.
      let lost: Error | undefined;
      const onLost = (error: Error) => {
        lost ??= error;
        onConnectionError(error);
      };
      client.on('error', onLost);
      try {
        await client.query('BEGIN');
        const result = await work({
          query: <R extends Row>(text: string, values?: readonly unknown[]) => client.query<R>(statement(text, values)),
        });
        await client.query('COMMIT');
        return result;
      } catch (error) {
        await client.query('ROLLBACK').catch(() => {});
        throw error;
      } finally {
        client.off('error', onLost);
        client.release(lost);
      }
    },
    close: () => pool.end(),
  };
}

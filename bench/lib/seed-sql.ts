import type { Database } from '../../apps/server/src/db/client';

/** Index definitions of a table other than its primary key, to drop before a bulk load and build after. */
export async function secondaryIndexes(db: Database, table: string): Promise<Array<{ name: string; definition: string }>> {
  const { rows } = await db.query<{ name: string; definition: string }>(
    `SELECT i.indexname AS name, i.indexdef AS definition FROM pg_indexes i
     JOIN pg_class c ON c.relname = i.indexname
     LEFT JOIN pg_constraint k ON k.conindid = c.oid
     WHERE i.schemaname = 'public' AND i.tablename = $1 AND k.oid IS NULL`,
    [table],
  );
  return rows;
}

/** A valid (version 4, RFC variant) uuid derived from a key, so posts, targets and users agree without lookups. */
export const uuidOf = (kind: string, key: string) =>
  `overlay(overlay(md5('${kind}' || ${key}) placing '4' from 13) placing '8' from 17)::uuid`;

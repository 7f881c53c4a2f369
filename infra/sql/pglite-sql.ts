import { PGlite } from '@electric-sql/pglite';
import type { Queryable, Sql, SqlParam } from './sql.ts';

/** PGlite in-process (a folder on disk, or memory when `dataDir` is undefined). */
export async function createPgliteSql(dataDir?: string): Promise<Sql> {
  const db = await PGlite.create(dataDir ? { dataDir } : {});
  const queryOn = (q: Pick<PGlite, 'query'>): Queryable => ({
    async query<Row>(text: string, params: readonly SqlParam[] = []) {
      const result = await q.query<Row>(text, params as unknown[]);
      return result.rows;
    },
    // PGlite has no STDIN: COPY reads the rows from the blob handed over with the query.
    async copyFrom(target, text) {
      await q.query(`COPY ${target} FROM '/dev/blob'`, [], { blob: new Blob([text]) });
    },
  });
  // int8 arrives as a JS number from PGlite when it fits, matching the pg parser above.
  return {
    kind: 'pglite',
    ...queryOn(db),
    transaction: (fn) => db.transaction((tx) => fn(queryOn(tx))),
    async exec(text) {
      await db.exec(text);
    },
    async listen(channel, onNotify) {
      const unsubscribe = await db.listen(channel, (payload) => onNotify(payload));
      return async () => unsubscribe();
    },
    async close() {
      await db.close();
    },
  };
}

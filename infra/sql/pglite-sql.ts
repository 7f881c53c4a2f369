import { PGlite } from '@electric-sql/pglite';
import type { Queryable, Sql, SqlParam } from './sql.ts';

/** PGlite's own copy of its whole data directory, on top of the Sql every engine has. */
export interface PgliteSql extends Sql {
  /** The data directory as a tarball, to open another PGlite on with `loadDataDir` (no initdb). */
  dumpDataDir(): Promise<Blob>;
}

/**
 * PGlite in-process (a folder on disk, or memory when `dataDir` is undefined). `loadDataDir` starts
 * it from a tarball of `dumpDataDir` instead of a fresh initdb.
 */
export async function createPgliteSql(dataDir?: string, options: { loadDataDir?: Blob } = {}): Promise<PgliteSql> {
  const db = await PGlite.create({ ...(dataDir ? { dataDir } : {}), ...(options.loadDataDir ? { loadDataDir: options.loadDataDir } : {}) });
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
    dumpDataDir: () => db.dumpDataDir('none'),
  };
}

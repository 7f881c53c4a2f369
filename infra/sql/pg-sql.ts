import pg from 'pg';
import { from as copyFromStdin } from 'pg-copy-streams';
import type { Queryable, QueryOptions, Sql, SqlParam } from './sql.ts';

// int8 and numeric come back as strings by default; our positions and versions fit in a double.
pg.types.setTypeParser(pg.types.builtins.INT8, (v) => Number(v));

export function createPgSql(connectionString: string, options: { max?: number } = {}): Sql {
  const pool = new pg.Pool({ connectionString, max: options.max ?? 10 });
  pool.on('error', () => {
    // An idle client lost its connection; the pool replaces it. Nothing to do here.
  });

  const queryOn = (client: pg.Pool | pg.PoolClient): Queryable => ({
    async query<Row>(text: string, params: readonly SqlParam[] = [], options: QueryOptions = {}) {
      const values = params as unknown[];
      const result = await (options.prepareAs ? client.query({ name: options.prepareAs, text, values }) : client.query(text, values));
      return result.rows as Row[];
    },
  });
  // COPY needs one connection for the whole stream, so only a transaction's client offers it.
  const copyOn = (client: pg.PoolClient): Queryable['copyFrom'] => (target, text) =>
    new Promise<void>((resolve, reject) => {
      const stream = client.query(copyFromStdin(`COPY ${target} FROM STDIN`));
      stream.on('finish', resolve);
      stream.on('error', reject);
      stream.end(text);
    });

  return {
    kind: 'postgres',
    ...queryOn(pool),
    async transaction(fn) {
      const client = await pool.connect();
      try {
        await client.query('BEGIN');
        const result = await fn({ ...queryOn(client), copyFrom: copyOn(client) });
        await client.query('COMMIT');
        return result;
      } catch (error) {
        await client.query('ROLLBACK').catch(() => undefined);
        throw error;
      } finally {
        client.release();
      }
    },
    async exec(text) {
      await pool.query(text);
    },
    async listen(channel, onNotify) {
      const client = await pool.connect();
      const deliver = (message: pg.Notification) => {
        if (message.channel === channel) onNotify(message.payload ?? '');
      };
      client.on('notification', deliver);
      await client.query(`LISTEN ${pg.escapeIdentifier(channel)}`);
      return async () => {
        await client.query(`UNLISTEN ${pg.escapeIdentifier(channel)}`).catch(() => undefined);
        // The client goes back to the pool, and the next listen may get it: without this, this
        // listener would hear that one's channel too.
        client.off('notification', deliver);
        client.release();
      };
    },
    async close() {
      await pool.end();
    },
  };
}

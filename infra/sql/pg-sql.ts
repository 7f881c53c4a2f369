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
  const listeners = new Set<Listener>();

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
      // A checked-out client has no listener of the pool's: a server restart's 57P01 (or a lost
      // connection) would be an unhandled 'error' event, which ends the process. Here it only fails
      // the transaction's statements, and the broken client is thrown away, not pooled again.
      let lost: Error | undefined;
      const onLost = (error: Error) => (lost = error);
      client.on('error', onLost);
      try {
        await client.query('BEGIN');
        const result = await fn({ ...queryOn(client), copyFrom: copyOn(client) });
        await client.query('COMMIT');
        return result;
      } catch (error) {
        if (!lost) await client.query('ROLLBACK').catch(() => undefined);
        throw error;
      } finally {
        client.off('error', onLost);
        client.release(lost);
      }
    },
    async exec(text) {
      await pool.query(text);
    },
    async listen(channel, onNotify) {
      const listener = listenWithReconnect(connectionString, channel, onNotify);
      listeners.add(listener);
      await listener.ready;
      return async () => {
        listeners.delete(listener);
        await listener.stop();
      };
    },
    async close() {
      await Promise.all([...listeners].map((listener) => listener.stop()));
      await pool.end();
    },
  };
}

interface Listener {
  ready: Promise<void>;
  stop(): Promise<void>;
}

const RECONNECT_MS = { initial: 100, max: 5000 };

/**
 * LISTEN on a connection of its own (not the pool's: pool.end() would wait for it), which comes
 * back after the server restarts or fails over: a lost connection is replaced with backoff and
 * LISTENs again. NOTIFYs sent while it was away are not heard; those who listen poll as well (the
 * projection runner) or are live-only (the live channel, whose browsers reload on reconnect).
 */
function listenWithReconnect(connectionString: string, channel: string, onNotify: (payload: string) => void): Listener {
  let client: pg.Client | undefined;
  let stopped = false;
  let timer: NodeJS.Timeout | undefined;
  let delay = RECONNECT_MS.initial;
  const connect = async (first = false): Promise<void> => {
    const next = new pg.Client({ connectionString });
    let gone = false;
    const lose = () => {
      if (gone) return;
      gone = true;
      next.end().catch(() => undefined);
      if (client === next) client = undefined;
      if (!stopped) {
        timer = setTimeout(() => void connect().catch(() => undefined), delay);
        delay = Math.min(delay * 2, RECONNECT_MS.max);
      }
    };
    next.on('error', lose);
    next.on('end', lose);
    next.on('notification', (message) => {
      if (message.channel === channel) onNotify(message.payload ?? '');
    });
    try {
      await next.connect();
      await next.query(`LISTEN ${pg.escapeIdentifier(channel)}`);
    } catch (error) {
      // The first connection must work (a wrong URL fails the start); later ones are retried.
      if (first) stopped = true;
      lose();
      throw error;
    }
    if (stopped) {
      await next.end().catch(() => undefined);
      return;
    }
    client = next;
    delay = RECONNECT_MS.initial;
  };
  const ready = connect(true);
  return {
    ready,
    async stop() {
      stopped = true;
      clearTimeout(timer);
      const last = client;
      client = undefined;
      if (last) {
        await last.query(`UNLISTEN ${pg.escapeIdentifier(channel)}`).catch(() => undefined);
        await last.end().catch(() => undefined);
      }
    },
  };
}

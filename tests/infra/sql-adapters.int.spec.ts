import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createPgSql } from '../../infra/sql/pg-sql.ts';
import type { Sql } from '../../infra/sql/sql.ts';
import { createTestDatabase } from '../support/postgres-server.ts';
import { emptyPglite } from '../support/test-databases.ts';

// The Sql contract on both engines: what every caller (event store, read models, checkpoints,
// leases) relies on gives the same answer on PGlite and on a Postgres server. Because this and
// tests/infra/event-store.int.spec.ts hold, the route tests run on PGlite only (tests/README.md).

const engines: Array<[string, () => Promise<Sql>]> = [
  ['PGlite', () => emptyPglite()],
  ['Postgres', async () => createPgSql(await createTestDatabase(process.env.TEST_DATABASE_URL!))],
];

describe.each(engines)('Sql on %s', (_engine, open) => {
  let sql: Sql;

  beforeAll(async () => {
    sql = await open();
    await sql.exec(`
      CREATE TABLE items (id bigserial PRIMARY KEY, name text NOT NULL UNIQUE, score numeric, tags text[], data jsonb, at timestamptz, flag boolean);
      CREATE TABLE copied (a int, b text);
    `);
  });

  afterAll(async () => {
    await sql?.close();
  });

  it('should give int8 as a number, and jsonb, arrays, booleans, NULL and timestamps typed alike', async () => {
    const at = new Date('2026-03-29T01:30:00.123Z');
    const [row] = await sql.query<{ id: number; name: string; tags: string[]; data: unknown; at: Date; flag: boolean; score: unknown }>(
      'INSERT INTO items (name, score, tags, data, at, flag) VALUES ($1, $2, $3, $4, $5, $6) RETURNING id, name, tags, data, at, flag, score',
      ['ääkkönen \'quoted\' \\ back', null, ['a', 'b c'], JSON.stringify({ n: 1, s: 'x' }), at, true],
    );
    expect(row).toEqual({ id: 1, name: "ääkkönen 'quoted' \\ back", tags: ['a', 'b c'], data: { n: 1, s: 'x' }, at, flag: true, score: null });
    const [count] = await sql.query<{ n: number }>('SELECT count(*) AS n FROM items');
    expect(count!.n).toBe(1);
    const [big] = await sql.query<{ n: number }>('SELECT 9007199254740991::bigint AS n');
    expect(big!.n).toBe(Number.MAX_SAFE_INTEGER);
  });

  it('should commit a transaction that resolves and roll back one that throws, keeping the error', async () => {
    await sql.transaction(async (tx) => {
      await tx.query('INSERT INTO items (name) VALUES ($1)', ['committed']);
    });
    const failure = await sql
      .transaction(async (tx) => {
        await tx.query('INSERT INTO items (name) VALUES ($1)', ['rolled back']);
        await tx.query('INSERT INTO items (name) VALUES ($1)', ['committed']);
      })
      .catch((error: unknown) => error);
    // The unique violation reaches the caller with Postgres's code, on both engines.
    expect(failure).toMatchObject({ code: '23505' });
    const names = await sql.query<{ name: string }>("SELECT name FROM items WHERE name IN ('committed', 'rolled back') ORDER BY name");
    expect(names.map((r) => r.name)).toEqual(['committed']);
  });

  it('should see its own writes inside a transaction and no half of them outside it while it runs', async () => {
    let release!: () => void;
    const held = new Promise<void>((done) => (release = done));
    const inside = sql.transaction(async (tx) => {
      await tx.query('INSERT INTO items (name) VALUES ($1)', ['pending']);
      const seen = await tx.query<{ n: number }>("SELECT count(*)::int AS n FROM items WHERE name = 'pending'");
      await held;
      return seen[0]!.n;
    });
    // PGlite runs one statement at a time: a query outside waits for the transaction; a server answers at once.
    const outside = sql.kind === 'postgres' ? await sql.query<{ n: number }>("SELECT count(*)::int AS n FROM items WHERE name = 'pending'") : null;
    release();
    expect(await inside).toBe(1);
    if (outside) expect(outside[0]!.n).toBe(0);
    const [after] = await sql.query<{ n: number }>("SELECT count(*)::int AS n FROM items WHERE name = 'pending'");
    expect(after!.n).toBe(1);
  });

  it('should load rows with COPY inside a transaction, text format escapes included', async () => {
    await sql.transaction(async (tx) => {
      expect(tx.copyFrom).toBeTypeOf('function');
      await tx.copyFrom!('copied (a, b)', '1\tone\n2\ttab\\there\n3\t\\N\n');
    });
    expect(await sql.query('SELECT a, b FROM copied ORDER BY a')).toEqual([
      { a: 1, b: 'one' },
      { a: 2, b: 'tab\there' },
      { a: 3, b: null },
    ]);
  });

  it('should run several statements with exec', async () => {
    await sql.exec("CREATE TABLE two (x int); INSERT INTO two VALUES (1); INSERT INTO two VALUES (2);");
    expect(await sql.query('SELECT x FROM two ORDER BY x')).toEqual([{ x: 1 }, { x: 2 }]);
  });

  it('should deliver NOTIFY payloads to a listener until it stops listening', async () => {
    const payloads: string[] = [];
    const stop = await sql.listen('sql_contract', (payload) => payloads.push(payload));
    await sql.query("SELECT pg_notify('sql_contract', 'first')");
    await sql.transaction(async (tx) => {
      await tx.query("SELECT pg_notify('sql_contract', 'after commit')");
    });
    await expect.poll(() => payloads, { timeout: 10_000 }).toEqual(['first', 'after commit']);
    await stop();
    await sql.query("SELECT pg_notify('sql_contract', 'unheard')");
    // One more round trip on the same channel name from a fresh listener proves the first is gone.
    const later: string[] = [];
    const again = await sql.listen('sql_contract', (payload) => later.push(payload));
    await sql.query("SELECT pg_notify('sql_contract', 'second')");
    await expect.poll(() => later, { timeout: 10_000 }).toEqual(['second']);
    await again();
    expect(payloads).toEqual(['first', 'after commit']);
  });

  it('should refuse bad SQL with Postgres error codes and stay usable', async () => {
    await expect(sql.query('SELECT * FROM no_such_table')).rejects.toMatchObject({ code: '42P01' });
    await expect(sql.query('SELECT $1::int AS n', ['not a number'])).rejects.toMatchObject({ code: '22P02' });
    expect(await sql.query('SELECT 1 AS one')).toEqual([{ one: 1 }]);
  });
});

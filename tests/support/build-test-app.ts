import { buildApp, type AppDeps, type BuildOptions } from '../../server/app.ts';
import { hashPassword } from '../../infra/auth/password.ts';
import { createPostgresEventStore } from '../../infra/event-store/postgres-event-store.ts';
import type { App } from '../../server/http/zod.ts';
import { createPgSql } from '../../infra/sql/pg-sql.ts';
import type { Sql } from '../../infra/sql/sql.ts';
import type { EventStore } from '../../infra/event-store/event-store.ts';
import type { Warehouse } from '../../infra/clickhouse/clickhouse.ts';
import type { Mailer } from '../../infra/mail/mailer.ts';
import type { FileStore } from '../../infra/files/file-store.ts';
import { migratedPglite, migratedPostgresUrl, prepareDatabase } from './test-databases.ts';

// The one way HTTP tests get a server: the real app on a real database (PGlite in memory, or a
// fresh database on the test Postgres server) with the real event store, driven by app.inject.
// The database is a copy of one migrated once per run (tests/support/test-databases.ts).

export type TestDatabase = 'pglite' | 'postgres';

/**
 * The engines a route test runs on: PGlite, the embedded default. The adapter contract tests
 * (tests/infra/event-store.int.spec.ts, tests/infra/sql-adapters.int.spec.ts) prove the two
 * engines give the same answers, so running every route on both proved nothing more; with
 * ROUTE_TESTS_ON_POSTGRES=1 they all run on both again (tests/README.md).
 */
export const routeDatabases: readonly TestDatabase[] = process.env.ROUTE_TESTS_ON_POSTGRES === '1' ? ['pglite', 'postgres'] : ['pglite'];

/** The few end-to-end route tests that always run on the Postgres server too (tests/README.md). */
export const bothDatabases: readonly TestDatabase[] = ['pglite', 'postgres'];

export interface TestUserOptions {
  name?: string;
  password?: string;
  email?: string;
  config?: Record<string, unknown>;
  contractStartDate?: string;
  contractEndDate?: string;
  active?: boolean;
  /** A service operator (warehouse SQL, usage rules, rebuilds). */
  operator?: boolean;
}

export interface TestUser {
  id: number;
  name: string;
  password: string;
}

export interface TestApp {
  app: App;
  sql: Sql;
  store: EventStore;
  createUser(options?: TestUserOptions): Promise<TestUser>;
  /** Logs in through POST /api/login and returns the signed session cookie. */
  login(user: TestUser): Promise<{ cookie: string; body: unknown }>;
  close(): Promise<void>;
}

let userCount = 0;

export async function buildTestApp(
  options: { database?: TestDatabase; /** With database 'postgres': this database (a second app instance on the same data) rather than a fresh one. */ databaseUrl?: string; now?: () => Date; webDir?: string; config?: Partial<AppDeps['config']>; logger?: BuildOptions['logger']; onRoute?: BuildOptions['onRoute']; warehouse?: Warehouse; files?: FileStore; mailer?: Mailer; mailLinkUrl?: string | null } = {},
): Promise<TestApp> {
  let sql: Sql;
  if (options.database !== 'postgres') sql = await migratedPglite();
  else if (!options.databaseUrl) sql = createPgSql(await migratedPostgresUrl());
  else {
    // A second instance on a database another already uses: the server's start-up steps, which
    // leave a prepared database as it is.
    sql = createPgSql(options.databaseUrl);
    await prepareDatabase(sql);
  }
  const store = createPostgresEventStore(sql);
  // Its schema is there already; setup also reads the log's row count this store keeps.
  await store.setup();
  const app = await buildApp({
    sql,
    store,
    config: { cookieSecret: 'test-cookie-secret', jwtSecret: 'test-jwt-secret-of-enough-length!', contactEmail: 'help@sointu.test', ...options.config },
    now: options.now ?? (() => new Date()),
    webDir: options.webDir,
    warehouse: options.warehouse,
    files: options.files,
    mailer: options.mailer,
    // The embedded default's printed address; null: a deployment without PUBLIC_URL.
    mailLinkUrl: options.mailLinkUrl === null ? undefined : (options.mailLinkUrl ?? 'http://localhost:3000'),
  }, { logger: options.logger, onRoute: options.onRoute });

  return {
    app,
    sql,
    store,
    async createUser(user = {}) {
      const name = user.name ?? `user-${process.pid}-${++userCount}-${Math.floor(Math.random() * 1e6)}`;
      const password = user.password ?? `pw-${name}`;
      const [row] = await sql.query<{ id: number }>(
        `INSERT INTO users (name, password_hash, email, config, contract_start_date, contract_end_date, active, operator)
         VALUES ($1, $2, $3, $4, $5, $6, $7, $8) RETURNING id`,
        [name, await hashPassword(password), user.email ?? null, JSON.stringify(user.config ?? {}), user.contractStartDate ?? null, user.contractEndDate ?? null, user.active ?? true, user.operator ?? false],
      );
      return { id: row!.id, name, password };
    },
    async login(user) {
      const response = await app.inject({ method: 'POST', url: '/api/login', payload: { username: user.name, password: user.password } });
      if (response.statusCode !== 200) throw new Error(`login failed: ${response.statusCode} ${response.body}`);
      const cookie = response.cookies.find((c) => c.name === 'sointu_session');
      if (!cookie) throw new Error('login set no session cookie');
      return { cookie: `sointu_session=${cookie.value}`, body: response.json() };
    },
    async close() {
      await app.close();
      await store.close();
      await sql.close();
    },
  };
}

import { startPostgresServer, type PostgresServer } from './postgres-server.ts';

// One Postgres server for the whole run; each test file makes its own database on it.
let server: PostgresServer | undefined;

export async function setup(): Promise<void> {
  server = await startPostgresServer();
  process.env.TEST_DATABASE_URL = server.url;
}

export async function teardown(): Promise<void> {
  await server?.stop();
}

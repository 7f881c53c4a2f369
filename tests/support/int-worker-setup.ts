// Before each integration test file: this worker's own Postgres server (tests/support/global-setup.ts
// starts one per worker), so files running side by side never share a cluster.
const servers = (process.env.TEST_DATABASE_SERVERS ?? '').split(' ').filter(Boolean);
const worker = Number(process.env.VITEST_POOL_ID ?? 1);
if (servers.length > 0) process.env.TEST_DATABASE_URL = servers[(worker - 1) % servers.length];

import { describe, expect, it } from 'vitest';
import { createTestDatabase } from '../support/postgres-server.ts';
import { killInstance, newClient, startInstance, stopInstance, type AppInstance } from './support/app-instances.ts';

// A redeploy or an operator's restart sends SIGTERM: the process must stop taking requests, stop
// its writers and close its connections, and exit 0 within seconds. It did not: the connections
// were closed before the live channel's own close hook, whose UNLISTEN then failed on PGlite
// ("PGlite is closed", exit 1), and on a Postgres server the pool's end() waited for ever for its
// listening client (the orchestrator's kill after its grace period, every time).

async function exitOnSigterm(instance: AppInstance): Promise<{ code: number | null; ms: number }> {
  const exited = new Promise<number | null>((done) => instance.process.once('exit', (code) => done(code)));
  const started = Date.now();
  instance.process.kill('SIGTERM');
  const code = await Promise.race([exited, new Promise<'hung'>((done) => setTimeout(() => done('hung'), 20_000))]);
  if (code === 'hung') {
    await killInstance(instance);
    throw new Error(`no exit within 20 s of SIGTERM:\n${instance.output().slice(-3000)}`);
  }
  return { code, ms: Date.now() - started };
}

describe.each([
  ['embedded (PGlite and chDB)', async () => ({})],
  ['on a Postgres server', async () => ({ DATABASE_URL: await createTestDatabase(process.env.TEST_DATABASE_URL!) })],
])('SIGTERM, %s', (_name, environment) => {
  it('should exit 0 within seconds of SIGTERM, with nothing logged as unclean', async () => {
    // The demo's 90 days of usage are being written in the background, as after a first start.
    const instance = await startInstance('shutdown', { ...(await environment()), LOG_LEVEL: 'info', DEMO_USAGE_DAYS: '90' });
    try {
      // A session and a live socket's listener are open, as on a working day.
      const client = newClient();
      expect((await client.call(instance.url, 'POST', '/api/login', { username: 'caregiver', password: 'sointu-demo' })).status).toBe(200);
      expect((await client.call(instance.url, 'GET', '/api/')).status).toBe(200);
      const { code, ms } = await exitOnSigterm(instance);
      expect(code, instance.output().slice(-3000)).toBe(0);
      expect(ms).toBeLessThan(15_000);
      expect(instance.output()).not.toContain('unclean shutdown');
    } finally {
      await stopInstance(instance);
    }
  }, 180_000);
});

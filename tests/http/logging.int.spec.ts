import { Writable } from 'node:stream';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { logRedaction } from '../../server/app.ts';
import { buildTestApp, type TestApp } from '../support/build-test-app.ts';

describe('structured request logs', () => {
  const lines: string[] = [];
  let t: TestApp;
  beforeAll(async () => {
    const stream = new Writable({
      write(chunk, _encoding, done) {
        lines.push(String(chunk));
        done();
      },
    });
    t = await buildTestApp({ logger: { level: 'trace', stream, redact: logRedaction } });
  });
  afterAll(() => t.close());

  it('should log requests as JSON without passwords, cookies or tokens', async () => {
    const user = await t.createUser({ password: 'Very-Secret-Pw-1' });
    const response = await t.app.inject({ method: 'POST', url: '/api/login', payload: { username: user.name, password: user.password, jwt: true } });
    const cookie = response.cookies.find((c) => c.name === 'sointu_session')!.value;
    const { jwt } = response.json();
    await t.app.inject({ method: 'GET', url: '/api/', headers: { authorization: `Bearer ${jwt}`, cookie: `sointu_session=${cookie}` } });
    await t.app.inject({ method: 'POST', url: '/api/login', payload: { username: user.name, password: 'Wrong-Secret-Pw-2' } });

    const records = lines.map((line) => JSON.parse(line) as Record<string, unknown>);
    expect(records.some((r) => r.msg === 'logged in' && r.userId === user.id)).toBe(true);
    expect(records.some((r) => r.msg === 'request refused' && r.kind === 'Unauthorized')).toBe(true);
    const all = lines.join('\n');
    for (const secret of ['Very-Secret-Pw-1', 'Wrong-Secret-Pw-2', jwt, cookie.slice(0, 20)]) expect(all).not.toContain(secret);
  });
});

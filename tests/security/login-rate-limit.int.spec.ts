import { hashOneTimeSecret } from '../../infra/auth/one-time-codes.ts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loadConfig } from '../../infra/config.ts';
import { defaultLoginLimits } from '../../server/http/login-limits.ts';
import { routeDatabases, buildTestApp, type TestApp } from '../support/build-test-app.ts';

// Login abuse (issue 12, 5; issue 37): failed logins lock an account from one address, an account
// from addresses it does not know, and an address for accounts that do not know it, with
// TooManyRequests 429 and Retry-After; each lockout in a row lasts twice as long. No one shuts out
// someone else's right password from where that person logs in. The limits are small here and the
// clock is the app's own (AppDeps.now), moved by the test.

const windowMs = 60_000;

describe.each(routeDatabases)('login rate limits on %s', (database) => {
  let t: TestApp;
  let clock = new Date('2026-02-01T10:00:00.000Z').getTime();
  const wait = (ms: number) => void (clock += ms);
  beforeAll(async () => {
    t = await buildTestApp({ database, now: () => new Date(clock), config: { loginLimits: { failuresPerAccount: 3, failuresPerAccountAnywhere: 5, failuresPerAddress: 6, windowMs } } });
  });
  afterAll(() => t.close());

  let address = 0;
  /** Every test tries from addresses of its own, so the per-address count starts at zero. */
  const newAddress = () => `10.0.${database === 'pglite' ? 1 : 2}.${++address}`;
  const login = (remoteAddress: string, username: string, password: string) =>
    t.app.inject({ method: 'POST', url: '/api/login', remoteAddress, payload: { username, password } });
  const post = (remoteAddress: string, url: string, token: string) => t.app.inject({ method: 'POST', url, remoteAddress, payload: { token } });

  const expectLockedOut = (response: Awaited<ReturnType<typeof login>>, retryAfterSeconds: number) => {
    expect(response.statusCode, response.body).toBe(429);
    expect(response.headers['retry-after']).toBe(String(retryAfterSeconds));
    expect(response.json()).toEqual({ error: { kind: 'TooManyRequests', message: expect.stringMatching(/^Too many failed logins\. Try again in \d+ minutes?\.$/), details: { retryAfterSeconds } } });
  };

  it('should lock an account out from the guessing address, the right password too, and let other accounts in', async () => {
    const victim = await t.createUser();
    const other = await t.createUser();
    const from = newAddress();
    for (let i = 0; i < 3; i++) expect((await login(from, victim.name, 'wrong')).statusCode).toBe(401);

    expectLockedOut(await login(from, victim.name, victim.password), 60);
    expect((await login(from, other.name, other.password)).statusCode).toBe(200);

    wait(20_000);
    expect((await login(from, victim.name, victim.password)).headers['retry-after']).toBe('40');
    wait(40_000);
    expect((await login(from, victim.name, victim.password)).statusCode).toBe(200);
  });

  it('should let the account in with its right password from a fresh address while one address hammers it', async () => {
    const victim = await t.createUser();
    const attacker = newAddress();
    for (let i = 0; i < 3; i++) expect((await login(attacker, victim.name, 'wrong')).statusCode).toBe(401);
    // The attacker goes on: every try is refused unchecked, and counts nowhere else.
    for (let i = 0; i < 5; i++) expectLockedOut(await login(attacker, victim.name, i === 4 ? victim.password : 'wrong'), 60);
    expect((await login(newAddress(), victim.name, victim.password)).statusCode).toBe(200);
  });

  it('should lock an account guessed from many addresses for new addresses, not for those it logs in from', async () => {
    const victim = await t.createUser();
    const home = newAddress();
    expect((await login(home, victim.name, victim.password)).statusCode).toBe(200);
    // Five failures (the account's limit anywhere), each from an address of its own: no pair reaches its limit.
    for (let i = 0; i < 5; i++) expect((await login(newAddress(), victim.name, 'wrong')).statusCode).toBe(401);
    expectLockedOut(await login(newAddress(), victim.name, victim.password), 60);
    expect((await login(home, victim.name, victim.password)).statusCode).toBe(200);
  });

  it('should lock an address that fails over many accounts for accounts new to it, not for the units that log in there', async () => {
    const careHome = newAddress();
    const unit = await t.createUser();
    const newcomer = await t.createUser();
    expect((await login(careHome, unit.name, unit.password)).statusCode).toBe(200);
    // Someone behind the same address guesses six names (the address's limit).
    for (let i = 0; i < 6; i++) expect((await login(careHome, `nobody-${database}-${i}`, 'wrong')).statusCode).toBe(401);
    expectLockedOut(await login(careHome, `nobody-${database}-9`, 'wrong'), 60);
    expectLockedOut(await login(careHome, newcomer.name, newcomer.password), 60);
    // The unit that logs in from there keeps its right password; the newcomer gets in from elsewhere.
    expect((await login(careHome, unit.name, unit.password)).statusCode).toBe(200);
    expect((await login(newAddress(), newcomer.name, newcomer.password)).statusCode).toBe(200);
  });

  it('should let no more guesses through than the limit when they arrive all at once', async () => {
    const user = await t.createUser();
    const from = newAddress();
    const answers = await Promise.all(Array.from({ length: 8 }, () => login(from, user.name, 'wrong')));
    expect(answers.map((a) => a.statusCode).sort()).toEqual([401, 401, 401, 429, 429, 429, 429, 429]);
  });

  it('should lock out twice as long after failing again right after a lockout', async () => {
    const user = await t.createUser();
    const from = newAddress();
    for (let i = 0; i < 3; i++) await login(from, user.name, 'wrong');
    wait(windowMs);
    for (let i = 0; i < 3; i++) expect((await login(from, user.name, 'wrong')).statusCode).toBe(401);
    expectLockedOut(await login(from, user.name, user.password), 120);
    wait(2 * windowMs);
    expect((await login(from, user.name, user.password)).statusCode).toBe(200);
  });

  it('should forget an account that stays quiet for a window after its lockout', async () => {
    const user = await t.createUser();
    const from = newAddress();
    for (let i = 0; i < 3; i++) await login(from, user.name, 'wrong');
    wait(2 * windowMs);
    // Back to the first level: three more failures lock for one window, not two.
    for (let i = 0; i < 3; i++) await login(from, user.name, 'wrong');
    expectLockedOut(await login(from, user.name, user.password), 60);
  });

  it('should count failures per address on the token login routes together, and leave other addresses alone', async () => {
    const from = newAddress();
    const user = await t.createUser();
    const token = `link-${user.id}-${database}`;
    await t.sql.query("UPDATE users SET login_token = $2, login_token_expires = '2999-01-01' WHERE id = $1", [user.id, hashOneTimeSecret(token)]);
    for (const url of ['/api/tokenLogin', '/api/token-login', '/api/publicReportTokenLogin']) {
      for (let i = 0; i < 2; i++) expect((await post(from, url, `guess-${i}`)).statusCode).toBe(401);
    }
    for (const url of ['/api/tokenLogin', '/api/token-login', '/api/publicReportTokenLogin']) expectLockedOut(await post(from, url, 'guess'), 60);
    // A valid link from the locked address waits as well, and is not spent by the refused try.
    expectLockedOut(await post(from, '/api/token-login', token), 60);
    expect((await post(newAddress(), '/api/token-login', token)).statusCode).toBe(200);
  });

  it('should not count successful logins, so one address logs many users in', async () => {
    const from = newAddress();
    for (let i = 0; i < 8; i++) {
      const user = await t.createUser();
      expect((await login(from, user.name, user.password)).statusCode).toBe(200);
    }
  });

  it('should not count a refused contract or a validation error as a failed login', async () => {
    const from = newAddress();
    const ended = await t.createUser({ contractEndDate: '2020-01-01' });
    for (let i = 0; i < 4; i++) expect((await login(from, ended.name, ended.password)).json().error.kind).not.toBe('TooManyRequests');
    for (let i = 0; i < 4; i++) expect((await t.app.inject({ method: 'POST', url: '/api/login', remoteAddress: from, payload: { username: ended.name } })).statusCode).toBe(400);
  });
});

describe('login rate limit defaults', () => {
  it('should allow ten failures per account and address, fifty per account and a hundred per address in fifteen minutes', () => {
    expect(defaultLoginLimits).toMatchObject({ failuresPerAccount: 10, failuresPerAccountAnywhere: 50, failuresPerAddress: 100, windowMs: 15 * 60_000 });
  });

  it('should lock out on the eleventh try with the defaults, for fifteen minutes', async () => {
    const t = await buildTestApp();
    try {
      const user = await t.createUser();
      const login = (password: string) => t.app.inject({ method: 'POST', url: '/api/login', payload: { username: user.name, password } });
      for (let i = 0; i < 10; i++) expect((await login('wrong')).statusCode).toBe(401);
      const locked = await login(user.password);
      expect(locked.statusCode).toBe(429);
      expect(locked.headers['retry-after']).toBe('900');
    } finally {
      await t.close();
    }
  });
});

describe('login rate limits behind a proxy', () => {
  it('should take the client address from X-Forwarded-For only when the proxy sends it', async () => {
    const proxy = '10.9.9.9';
    const t = await buildTestApp({ config: { trustProxy: [proxy], loginLimits: { failuresPerAccount: 3, failuresPerAccountAnywhere: 50, failuresPerAddress: 4, windowMs } } });
    try {
      const login = (remoteAddress: string, forwardedFor: string, username: string, password: string) =>
        t.app.inject({ method: 'POST', url: '/api/login', remoteAddress, headers: { 'x-forwarded-for': forwardedFor }, payload: { username, password } });
      // A client that reaches the app directly forges a new X-Forwarded-For each try: it is not
      // the proxy, so its own address counts, and four failures lock it.
      for (let i = 0; i < 4; i++) expect((await login('10.0.7.1', `203.0.113.${i}`, `ghost-${i}`, 'wrong')).statusCode).toBe(401);
      expect((await login('10.0.7.1', '203.0.113.99', 'ghost-9', 'wrong')).statusCode).toBe(429);
      // Through the proxy, the address it appended is the client's, whatever the client put before it.
      for (let i = 0; i < 4; i++) expect((await login(proxy, `198.51.100.${i}, 203.0.113.50`, `ghost-${i}`, 'wrong')).statusCode).toBe(401);
      expect((await login(proxy, '198.51.100.77, 203.0.113.50', 'ghost-9', 'wrong')).statusCode).toBe(429);
      const user = await t.createUser();
      expect((await login(proxy, '203.0.113.51', user.name, user.password)).statusCode).toBe(200);
    } finally {
      await t.close();
    }
  });

  it('should refuse TRUST_PROXY=true, which believed anyone', () => {
    expect(() => loadConfig({ TRUST_PROXY: 'true' })).toThrow(/name the proxy/);
    expect(loadConfig({ TRUST_PROXY: '127.0.0.1, uniquelocal' }).trustProxy).toEqual(['127.0.0.1', 'uniquelocal']);
    expect(loadConfig({}).trustProxy).toBe(false);
  });
});

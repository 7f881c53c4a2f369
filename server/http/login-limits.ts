import fp from 'fastify-plugin';
import rateLimit from '@fastify/rate-limit';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { AppError } from '../../infra/errors.ts';
import type { Sql } from '../../infra/sql/sql.ts';

// Login abuse (issue 12, 5): failed logins are counted per account name and per address with
// @fastify/rate-limit, through its createRateLimit API and a store of our own that locks a key
// out once it reaches its limit, for a time that doubles with each lockout in a row. The store
// keeps its counts in Postgres, shared by every app instance (issue 20).
//
// Three counts, so that no one can shut out someone else's right password (issue 37):
// - an account from one address (`pair:`): 10 failures lock that account from that address;
// - an account from anywhere (`account:`): 50 failures lock it from addresses it has never logged
//   in from (a guesser spread over many addresses), not from the ones it knows;
// - an address (`address:`): 100 failures over any accounts lock it for accounts that have never
//   logged in from it, not for the units of the care home behind it.
// "Knows" means a login with the right password from that address within 90 days
// (login_successes). Only failures count. Success neither counts (a care home behind one address
// logs many units in) nor resets a count: with one account of their own an attacker could
// otherwise clear an address's failures between guesses. A locked-out try is refused before the
// password is checked, so even the right password waits there; that is what makes guessing
// pointless, and it costs the user at most the lockout, from that one place.

export interface LoginLimits {
  /** Failed logins of one account name from one address within `windowMs` that lock the pair. */
  failuresPerAccount: number;
  /** Failed logins of one account name from any addresses that lock it from addresses it does not know. */
  failuresPerAccountAnywhere: number;
  /** How long an address where an account logged in stays known to it. */
  familiarForMs: number;
  /** Failed logins from one address within `windowMs`, on every login route, that lock it. */
  failuresPerAddress: number;
  /** The counting window, and the first lockout; each further lockout in a row doubles. */
  windowMs: number;
  /** The longest lockout. */
  maxLockoutMs: number;
}

/** OWASP-style defaults: a person mistyping never meets them, a guesser gets ten tries per 15 minutes. */
export const defaultLoginLimits: LoginLimits = {
  failuresPerAccount: 10,
  failuresPerAccountAnywhere: 50,
  failuresPerAddress: 100,
  familiarForMs: 90 * 24 * 60 * 60_000,
  windowMs: 15 * 60_000,
  maxLockoutMs: 24 * 60 * 60_000,
};

type Check = ReturnType<FastifyInstance['createRateLimit']>;

declare module 'fastify' {
  interface FastifyInstance {
    loginLimits: { byAddress: Check; byPair: Check; byAccount: Check; accountOf: WeakMap<FastifyRequest, string>; settings: LoginLimits };
  }
}

export const loginLimits = fp(
  async (app: FastifyInstance) => {
    const clock = app.deps.now;
    const settings = { ...defaultLoginLimits, ...app.deps.config.loginLimits };
    const accountOf = new WeakMap<FastifyRequest, string>();
    let checks: { byAddress: Check; byPair: Check; byAccount: Check } | undefined;
    // Registered in a scope of its own, so the lockout store is only these checks' store: a route
    // elsewhere that registers the plugin for plain request rates gets the plugin's own store.
    await app.register(async (scope) => {
      await scope.register(rateLimit, { global: false, store: lockoutStore(settings, () => clock().getTime(), app.deps.sql) });
      checks = {
        byAddress: scope.createRateLimit({ max: settings.failuresPerAddress, timeWindow: settings.windowMs, keyGenerator: (request) => `address:${request.ip}` }),
        byPair: scope.createRateLimit({ max: settings.failuresPerAccount, timeWindow: settings.windowMs, keyGenerator: (request) => pairKey(accountOf.get(request) ?? '', request.ip) }),
        byAccount: scope.createRateLimit({ max: settings.failuresPerAccountAnywhere, timeWindow: settings.windowMs, keyGenerator: (request) => `account:${accountOf.get(request) ?? ''}` }),
      };
    });
    app.decorate('loginLimits', { ...checks!, accountOf, settings });
  },
  { name: 'login-limits', dependencies: ['error-handling'], fastify: '5.x' },
);

const pairKey = (account: string, address: string) => `pair:${account}@${address}`;

/**
 * Runs one login attempt under the limits: refused with TooManyRequests (and Retry-After) while
 * the account is locked from this address, or (unless the account knows this address) the address
 * or the account is locked; an attempt that fails with Unauthorized counts against all three, one
 * that succeeds makes the address known to the account.
 */
export async function guardLogin<T>(request: FastifyRequest, reply: FastifyReply, account: string | null, attempt: () => Promise<T>): Promise<T> {
  const { byAddress, byPair, byAccount, accountOf, settings } = request.server.loginLimits;
  const { sql, now } = request.server.deps;
  if (account !== null) accountOf.set(request, account);
  const checks = account === null ? [byAddress] : [byAddress, byPair, byAccount];
  const keys = account === null ? [`address:${request.ip}`] : [`address:${request.ip}`, pairKey(account, request.ip), `account:${account}`];
  // One attempt at a time per address and per account: checked and counted in one step, so a
  // burst of parallel guesses cannot all pass the check before the first failure is counted.
  return oneAtATime(keys, async () => {
    const familiar = account !== null && (await knowsAddress(sql, account, request.ip, now().getTime() - settings.familiarForMs));
    // A known address answers to its own pair's lock only.
    for (const check of familiar ? [byPair] : checks) {
      const state = await check(request, { increment: false });
      if (!state.isAllowed && state.isExceeded) throw tooManyRequests(reply, state.ttlInSeconds);
    }
    try {
      const result = await attempt();
      if (account !== null) await rememberAddress(sql, account, request.ip, now().getTime(), settings.familiarForMs);
      return result;
    } catch (error) {
      if (error instanceof AppError && error.kind === 'Unauthorized') for (const check of checks) await check(request);
      throw error;
    }
  });
}

async function knowsAddress(sql: Sql, account: string, address: string, since: number): Promise<boolean> {
  const rows = await sql.query('SELECT 1 FROM login_successes WHERE account = $1 AND address = $2 AND last_at >= $3', [account, address, since]);
  return rows.length > 0;
}

async function rememberAddress(sql: Sql, account: string, address: string, at: number, familiarForMs: number): Promise<void> {
  await sql.query(
    `INSERT INTO login_successes (account, address, last_at) VALUES ($1, $2, $3)
     ON CONFLICT (account, address) DO UPDATE SET last_at = greatest(login_successes.last_at, $3)`,
    [account, address, at],
  );
  await sql.query('DELETE FROM login_successes WHERE last_at < $1', [at - familiarForMs]);
}

const tails = new Map<string, Promise<unknown>>();

/**
 * Runs `task` after every earlier task that shares a key has settled. A task waits only for tasks
 * that arrived before it, so keys taken in any order cannot deadlock.
 */
function oneAtATime<T>(keys: readonly string[], task: () => Promise<T>): Promise<T> {
  const run = Promise.allSettled(keys.map((key) => tails.get(key))).then(task);
  const tail = run.then(
    () => undefined,
    () => undefined,
  );
  for (const key of keys) tails.set(key, tail);
  void tail.then(() => {
    for (const key of keys) if (tails.get(key) === tail) tails.delete(key);
  });
  return run;
}

function tooManyRequests(reply: FastifyReply, retryAfterSeconds: number): AppError {
  const seconds = Math.max(1, retryAfterSeconds);
  // DOMAIN.md section 4: TooManyRequests carries Retry-After. Set here, as only this code knows
  // it; the error mapping keeps headers already set on the reply.
  reply.header('retry-after', String(seconds));
  const minutes = Math.ceil(seconds / 60);
  return new AppError('TooManyRequests', `Too many failed logins. Try again in ${minutes} minute${minutes === 1 ? '' : 's'}.`, { retryAfterSeconds: seconds });
}

// ---- the store ------------------------------------------------------------------------------

interface Entry {
  /** Failures in the current window. */
  failures: number;
  windowStart: number;
  /** 0 when not locked out. */
  lockedUntil: number;
  /** Lockouts in a row: the next lasts windowMs * 2^level. */
  level: number;
}

interface StoreAnswer {
  current: number;
  ttl: number;
}
type Callback = (error: Error | null, answer: StoreAnswer) => void;

interface EntryRow {
  failures: number;
  window_start: string | number;
  locked_until: string | number;
  level: number;
}

/**
 * A rate-limit store (the plugin's `incr`/`read`/`child` contract) with lockouts: `incr` is one
 * failure, and reaching `max` failures in a window locks the key out. While locked, it answers
 * `current` above `max`, which the plugin reports as exceeded, with the lockout's remaining time as
 * `ttl`. A key is forgotten after a whole quiet window past its last lockout.
 *
 * The entries are rows of `login_failures` (migration 028), not this process's memory: every app
 * instance behind a load balancer counts into the same rows, so spreading guesses over instances
 * gains nothing, and a restart forgets no lockout. `incr` reads and writes its row in one
 * transaction under a row lock, so failures counted at once on two instances both count. The
 * one-at-a-time queue of guardLogin is per process: with N instances at most N attempts of one
 * key run at once, so a lockout can arrive up to N - 1 attempts late, never later.
 */
function lockoutStore(limits: LoginLimits, now: () => number, sql: Sql) {
  const toEntry = (row: EntryRow): Entry => ({ failures: row.failures, windowStart: Number(row.window_start), lockedUntil: Number(row.locked_until), level: row.level });
  const isQuiet = (entry: Entry, at: number, timeWindow: number) => at >= entry.windowStart + timeWindow && at >= entry.lockedUntil + timeWindow;
  const answer = (entry: Entry, at: number, timeWindow: number, max: number): StoreAnswer => {
    if (at < entry.lockedUntil) return { current: max + 1, ttl: entry.lockedUntil - at };
    return { current: entry.failures, ttl: entry.windowStart + timeWindow - at };
  };

  async function increment(key: string, timeWindow: number, max: number): Promise<StoreAnswer> {
    const at = now();
    const entry = await sql.transaction(async (tx) => {
      const [row] = await tx.query<EntryRow>('SELECT failures, window_start, locked_until, level FROM login_failures WHERE key = $1 FOR UPDATE', [key]);
      const found = row ? toEntry(row) : undefined;
      const next = found && !isQuiet(found, at, timeWindow) ? found : { failures: 0, windowStart: at, lockedUntil: 0, level: 0 };
      if (at >= next.windowStart + timeWindow) Object.assign(next, { failures: 0, windowStart: at });
      next.failures += 1;
      if (next.failures >= max) {
        next.lockedUntil = at + Math.min(timeWindow * 2 ** next.level, limits.maxLockoutMs);
        next.level += 1;
        Object.assign(next, { failures: 0, windowStart: at });
      }
      await tx.query(
        `INSERT INTO login_failures (key, failures, window_start, locked_until, level) VALUES ($1, $2, $3, $4, $5)
         ON CONFLICT (key) DO UPDATE SET failures = $2, window_start = $3, locked_until = $4, level = $5`,
        [key, next.failures, next.windowStart, next.lockedUntil, next.level],
      );
      return next;
    });
    // Keys quiet for a whole window past their last lockout are forgotten, so the table holds only
    // the recent failures however many names and addresses have tried.
    await sql.query('DELETE FROM login_failures WHERE greatest(window_start, locked_until) < $1', [at - timeWindow]);
    return answer(entry, at, timeWindow, max);
  }

  async function current(key: string, timeWindow: number, max: number): Promise<StoreAnswer> {
    const at = now();
    const [row] = await sql.query<EntryRow>('SELECT failures, window_start, locked_until, level FROM login_failures WHERE key = $1', [key]);
    const entry = row ? toEntry(row) : undefined;
    return entry && !isQuiet(entry, at, timeWindow) ? answer(entry, at, timeWindow, max) : { current: 0, ttl: 0 };
  }

  const settle = (work: Promise<StoreAnswer>, callback: Callback) =>
    void work.then(
      (result) => callback(null, result),
      (error: unknown) => callback(error instanceof Error ? error : new Error(String(error)), { current: 0, ttl: 0 }),
    );

  return class LockoutStore {
    incr(key: string, callback: Callback, timeWindow: number, max: number): void {
      settle(increment(key, timeWindow, max), callback);
    }

    read(key: string, callback: Callback, timeWindow: number, max: number): void {
      settle(current(key, timeWindow, max), callback);
    }

    /** One store for all limits: keys carry their kind (`address:`, `account:`). */
    child(): this {
      return this;
    }
  };
}

import fp from 'fastify-plugin';
import rateLimit from '@fastify/rate-limit';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { AppError } from '../../infra/errors.ts';

// Login abuse (issue 12, 5): failed logins are counted per account name and per address with
// @fastify/rate-limit, through its createRateLimit API and a store of our own that locks a key
// out once it reaches its limit, for a time that doubles with each lockout in a row.
//
// Only failures count. Success neither counts (a care home behind one address logs many units
// in, and tests log hundreds of users in from 127.0.0.1) nor resets the count: with one account
// of their own an attacker could otherwise clear an address's failures between guesses. A
// locked-out try is refused before the password is checked, so even the right password waits;
// that is what makes guessing pointless, and it costs a user at most the lockout.

export interface LoginLimits {
  /** Failed logins of one account name within `windowMs` that lock it (POST /api/login). */
  failuresPerAccount: number;
  /** Failed logins from one address within `windowMs`, on every login route, that lock it. */
  failuresPerAddress: number;
  /** The counting window, and the first lockout; each further lockout in a row doubles. */
  windowMs: number;
  /** The longest lockout. */
  maxLockoutMs: number;
  /** How many accounts and addresses are remembered (least recently used are forgotten first). */
  cacheSize: number;
}

/** OWASP-style defaults: a person mistyping never meets them, a guesser gets ten tries per 15 minutes. */
export const defaultLoginLimits: LoginLimits = {
  failuresPerAccount: 10,
  failuresPerAddress: 100,
  windowMs: 15 * 60_000,
  maxLockoutMs: 24 * 60 * 60_000,
  cacheSize: 10_000,
};

type Check = ReturnType<FastifyInstance['createRateLimit']>;

declare module 'fastify' {
  interface FastifyInstance {
    loginLimits: { byAddress: Check; byAccount: Check; accountOf: WeakMap<FastifyRequest, string> };
  }
}

export const loginLimits = fp(
  async (app: FastifyInstance) => {
    const clock = app.deps.now;
    const settings = { ...defaultLoginLimits, ...app.deps.config.loginLimits };
    const accountOf = new WeakMap<FastifyRequest, string>();
    let checks: { byAddress: Check; byAccount: Check } | undefined;
    // Registered in a scope of its own, so the lockout store is only these checks' store: a route
    // elsewhere that registers the plugin for plain request rates gets the plugin's own store.
    await app.register(async (scope) => {
      await scope.register(rateLimit, { global: false, store: lockoutStore(settings, () => clock().getTime()) });
      checks = {
        byAddress: scope.createRateLimit({ max: settings.failuresPerAddress, timeWindow: settings.windowMs, keyGenerator: (request) => `address:${request.ip}` }),
        byAccount: scope.createRateLimit({ max: settings.failuresPerAccount, timeWindow: settings.windowMs, keyGenerator: (request) => `account:${accountOf.get(request) ?? ''}` }),
      };
    });
    app.decorate('loginLimits', { ...checks!, accountOf });
  },
  { name: 'login-limits', dependencies: ['error-handling'], fastify: '5.x' },
);

/**
 * Runs one login attempt under the limits: refused with TooManyRequests (and Retry-After) while
 * the address, or the account when one is named, is locked out; an attempt that fails with
 * Unauthorized counts against both.
 */
export async function guardLogin<T>(request: FastifyRequest, reply: FastifyReply, account: string | null, attempt: () => Promise<T>): Promise<T> {
  const { byAddress, byAccount, accountOf } = request.server.loginLimits;
  if (account !== null) accountOf.set(request, account);
  const checks = account === null ? [byAddress] : [byAddress, byAccount];
  const keys = account === null ? [`address:${request.ip}`] : [`address:${request.ip}`, `account:${account}`];
  // One attempt at a time per address and per account: checked and counted in one step, so a
  // burst of parallel guesses cannot all pass the check before the first failure is counted.
  return oneAtATime(keys, async () => {
    for (const check of checks) {
      const state = await check(request, { increment: false });
      if (!state.isAllowed && state.isExceeded) throw tooManyRequests(reply, state.ttlInSeconds);
    }
    try {
      return await attempt();
    } catch (error) {
      if (error instanceof AppError && error.kind === 'Unauthorized') for (const check of checks) await check(request);
      throw error;
    }
  });
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

/**
 * A rate-limit store (the plugin's `incr`/`read`/`child` contract) with lockouts: `incr` is one
 * failure, and reaching `max` failures in a window locks the key out. While locked, it answers
 * `current` above `max`, which the plugin reports as exceeded, with the lockout's remaining time as
 * `ttl`. A key is forgotten after a whole quiet window past its last lockout, or when it is the
 * least recently used one of a full cache.
 */
function lockoutStore(limits: LoginLimits, now: () => number) {
  return class LockoutStore {
    private readonly entries = new Map<string, Entry>();

    incr(key: string, callback: Callback, timeWindow: number, max: number): void {
      const at = now();
      const entry = this.current(key, at, timeWindow) ?? { failures: 0, windowStart: at, lockedUntil: 0, level: 0 };
      if (at >= entry.windowStart + timeWindow) Object.assign(entry, { failures: 0, windowStart: at });
      entry.failures += 1;
      if (entry.failures >= max) {
        entry.lockedUntil = at + Math.min(timeWindow * 2 ** entry.level, limits.maxLockoutMs);
        entry.level += 1;
        Object.assign(entry, { failures: 0, windowStart: at });
      }
      this.remember(key, entry);
      callback(null, this.answer(entry, at, timeWindow, max));
    }

    read(key: string, callback: Callback, timeWindow: number, max: number): void {
      const at = now();
      const entry = this.current(key, at, timeWindow);
      callback(null, entry ? this.answer(entry, at, timeWindow, max) : { current: 0, ttl: 0 });
    }

    /** One store for all limits: keys carry their kind (`address:`, `account:`). */
    child(): this {
      return this;
    }

    private current(key: string, at: number, timeWindow: number): Entry | undefined {
      const entry = this.entries.get(key);
      if (!entry) return undefined;
      const quiet = at >= entry.windowStart + timeWindow && at >= entry.lockedUntil + timeWindow;
      if (!quiet) return entry;
      this.entries.delete(key);
      return undefined;
    }

    private remember(key: string, entry: Entry): void {
      // Map keeps insertion order: re-inserting makes the key the most recent, the first is the least.
      this.entries.delete(key);
      this.entries.set(key, entry);
      if (this.entries.size > limits.cacheSize) this.entries.delete(this.entries.keys().next().value!);
    }

    private answer(entry: Entry, at: number, timeWindow: number, max: number): StoreAnswer {
      if (at < entry.lockedUntil) return { current: max + 1, ttl: entry.lockedUntil - at };
      return { current: entry.failures, ttl: entry.windowStart + timeWindow - at };
    }
  };
}

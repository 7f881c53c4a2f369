import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { lastActivityProjector } from '../../projections/postgres/last-activity.ts';
import { LastPlayResponse } from '../../schemas/api/library.ts';
import { buildTestApp, type TestApp, type TestUser } from '../support/build-test-app.ts';
import { projectAll } from '../../projections/engine/project-all.ts';
import { adminFlagHeaders, insertAudioFiles, postUsageLog, testClock } from './support/usage-kit.ts';

// GET /api/last-play (spec 1 section 4): after a login, did another login of the same account
// play within the last 10 minutes? Plays come from the play log through the last-activity read
// model; tokenMatch is the single playback login rule.

describe('GET /api/last-play', () => {
  const clock = testClock('2026-11-20T10:00:00.000Z');
  let t: TestApp;
  let files: number[];

  beforeAll(async () => {
    t = await buildTestApp({ database: 'postgres', now: clock.now });
    files = await insertAudioFiles(t, 1);
  });
  afterAll(() => t.close());
  beforeEach(() => clock.set('2026-11-20T10:00:00.000Z'));

  const login = async (user: TestUser) => ({ cookie: (await t.login(user)).cookie });
  /** Five samples, the last one at the clock's time. */
  const play = async (headers: Record<string, string>) => {
    const playLog = [-40, -30, -20, -10, 0].map((s, i) => ({ time: clock.at(s), audioFileId: files[0]!, playPosition: i * 10, playSource: 'Favorites' as const }));
    expect((await postUsageLog(t, headers, { page: 'player', playLog })).statusCode).toBe(200);
    await projectAll({ log: t.store, sql: t.sql, projectors: [lastActivityProjector] });
  };
  const lastPlay = async (headers: Record<string, string>) => {
    const response = await t.app.inject({ method: 'GET', url: '/api/last-play', headers });
    expect(response.statusCode, response.body).toBe(200);
    return LastPlayResponse.parse(response.json());
  };

  it('should tell a new login about another login\'s play within 10 minutes, and the older login that it lost playback', async () => {
    const user = await t.createUser();
    const tablet = await login(user);
    await play(tablet);
    expect(await lastPlay(tablet)).toEqual({ tokenMatch: true, lastPlay: null });

    clock.set('2026-11-20T10:09:59.000Z');
    const laptop = await login(user);
    expect(await lastPlay(laptop)).toEqual({ tokenMatch: true, lastPlay: '2026-11-20T10:00:00.000Z' });
    expect(await lastPlay(tablet)).toEqual({ tokenMatch: false, lastPlay: null });
  });

  it('should not ask once 10 minutes have passed since the last play, nor after own plays', async () => {
    const user = await t.createUser();
    const tablet = await login(user);
    await play(tablet);
    clock.set('2026-11-20T10:10:01.000Z');
    const laptop = await login(user);
    expect(await lastPlay(laptop)).toEqual({ tokenMatch: true, lastPlay: null });
    await play(laptop);
    expect(await lastPlay(laptop)).toEqual({ tokenMatch: true, lastPlay: null });
    expect(await lastPlay(await login(await t.createUser()))).toEqual({ tokenMatch: true, lastPlay: null });
  });

  it('should not cut playback short for an account allowing several logins or an admin-password session', async () => {
    const shared = await t.createUser({ config: { allowMultiLogin: true } });
    const first = await login(shared);
    await play(first);
    const second = await login(shared);
    expect(await lastPlay(second)).toEqual({ tokenMatch: true, lastPlay: null });
    expect(await lastPlay(first)).toEqual({ tokenMatch: true, lastPlay: null });

    const user = await t.createUser();
    await play(await login(user));
    expect(await lastPlay(await adminFlagHeaders(t, user, clock.now()))).toEqual({ tokenMatch: true, lastPlay: null });
  });

  it('should answer Unauthorized without a login', async () => {
    const response = await t.app.inject({ method: 'GET', url: '/api/last-play' });
    expect(response.statusCode).toBe(401);
    expect(response.json().error.kind).toBe('Unauthorized');
  });
});

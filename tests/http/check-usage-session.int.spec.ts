import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { usageSessionId } from '../../commands/usage/usage-log-events.ts';
import { createProjectionRunner, type ProjectionRunner } from '../../projections/engine/runner.ts';
import { getUsageSessionState } from '../../domain/usage/usage-session-state.ts';
import { usageSessionStateProjector } from '../../projections/postgres/usage-session-state.ts';
import { routeDatabases, buildTestApp, type TestApp, type TestUser } from '../support/build-test-app.ts';
import { insertAudioFiles, postUsageLog, testClock, typedRequest } from './support/usage-kit.ts';

// POST /api/requests/check-usage-session {time} -> {active, startTime, lastPlay}: right after a
// start or stop, whether or not the read model has caught up.

describe.each(routeDatabases)('check-usage-session on %s', (database) => {
  const clock = testClock('2026-11-20T10:00:00.000Z');
  let t: TestApp;
  let audioFile: number;
  let user: TestUser;
  let headers: Record<string, string>;

  beforeAll(async () => {
    t = await buildTestApp({ database, now: clock.now });
    [audioFile] = await insertAudioFiles(t, 1) as [number];
  });
  afterAll(() => t.close());
  beforeEach(async () => {
    clock.set('2026-11-20T10:00:00.000Z');
    user = await t.createUser();
    headers = { cookie: (await t.login(user)).cookie };
  });

  const check = async (time?: string) => {
    const response = await typedRequest(t, headers, 'check-usage-session', time ? { time } : {});
    expect(response.statusCode).toBe(200);
    return response.json();
  };
  const play = (time: string, playPosition = 0) => postUsageLog(t, headers, { page: 'player', playLog: [{ time, audioFileId: audioFile, playPosition }] });

  it('should follow start, plays and stop with no projection running', async () => {
    expect(await check(clock.at(0))).toMatchObject({ active: false, startTime: null, lastPlay: null });
    const start = clock.at(-60);
    await postUsageLog(t, headers, { page: 'startSession', time: start, residentIds: [], params: { outdoors: true, activityIds: [] } });
    expect(await check(clock.at(0))).toMatchObject({ active: true, startTime: start, lastPlay: null, sessionId: usageSessionId(user.id, start), outdoors: true });
    await play(clock.at(-30));
    expect(await check(clock.at(0))).toMatchObject({ active: true, startTime: start, lastPlay: clock.at(-30) });
    await postUsageLog(t, headers, { page: 'stopSession', time: clock.at(0) });
    expect(await check(clock.at(1))).toMatchObject({ active: false, startTime: null, lastPlay: clock.at(-30) });
  });

  it('should end an unstopped session once maxPauseSeconds (900 s) pass without a play', async () => {
    const start = clock.at(0);
    await postUsageLog(t, headers, { page: 'startSession', time: start });
    await play(clock.at(100));
    expect((await check(clock.at(100 + 900))).active).toBe(true);
    expect(await check(clock.at(100 + 901))).toMatchObject({ active: false, lastPlay: clock.at(100) });
    // The browser's time defaults to the server's clock.
    expect((await check()).active).toBe(true);
  });

  it('should answer from the stream tail while the read model lags, and agree with it once caught up', async () => {
    const runner: ProjectionRunner = createProjectionRunner({ log: t.store, sql: t.sql, projectors: [usageSessionStateProjector], pollIntervalMs: 50 });
    await runner.start();
    try {
      const start = clock.at(-10);
      await postUsageLog(t, headers, { page: 'startSession', time: start, residentIds: [] });
      await runner.waitUntilCaughtUp(20_000);
      expect((await getUsageSessionState(t.sql, user.id))?.openSession?.sessionId).toBe(usageSessionId(user.id, start));
      await runner.stop();

      // The projection is stopped: only the tail of the stream knows about this stop.
      await postUsageLog(t, headers, { page: 'stopSession', time: clock.at(0) });
      expect((await getUsageSessionState(t.sql, user.id))?.openSession).not.toBeNull();
      expect((await check(clock.at(1))).active).toBe(false);
      const stop = (await t.store.readStream(`usage-${user.id}`)).at(-1)!;
      // The stop names no session: by client time it closes the latest start before it.
      expect(stop).toMatchObject({ type: 'UsageSessionStopped', data: { sessionId: null } });

      await runner.start();
      await runner.waitUntilCaughtUp(20_000);
      const state = await getUsageSessionState(t.sql, user.id);
      expect(state?.openSession).toBeNull();
      expect(state?.streamVersion).toBe(stop.streamVersion);
      expect((await check(clock.at(1))).active).toBe(false);
    } finally {
      await runner.stop();
    }
  });

  it('should answer NotFound for an unknown request type and ValidationError for bad props', async () => {
    const unknown = await typedRequest(t, headers, 'dance', {});
    expect(unknown.statusCode).toBe(404);
    expect(unknown.json().error.kind).toBe('NotFound');
    const proto = await typedRequest(t, headers, 'toString', {});
    expect(proto.statusCode).toBe(404);
    const bad = await typedRequest(t, headers, 'check-usage-session', { time: 'soon' });
    expect(bad.statusCode).toBe(400);
    expect(bad.json().error.details).toEqual([expect.objectContaining({ path: 'body.time' })]);
    expect((await typedRequest(t, {}, 'check-usage-session', {})).statusCode).toBe(401);
  });
});

import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { eventId } from '../../infra/event-store/event-ids.ts';
import { usageSessionId } from '../../commands/usage/usage-log-events.ts';
import type { UsageLogDataInput } from '../../schemas/api/usage-log.ts';
import { bothDatabases, buildTestApp, type TestApp, type TestUser } from '../support/build-test-app.ts';
import { adminFlagHeaders, insertAudioFiles, insertMessageItems, insertVideoFile, postRaw, postUsageLog, testClock, usageEvents } from './support/usage-kit.ts';

// POST /api/usage-log: every page becomes the events of DOMAIN.md section 2 on usage-{userId};
// a post is stored all or nothing, and a retried post stores nothing twice.

describe.each(bothDatabases)('POST /api/usage-log on %s', (database) => {
  const clock = testClock('2026-11-20T10:00:00.000Z');
  let t: TestApp;
  let files: number[];
  let video: number;
  let user: TestUser;
  let headers: Record<string, string>;

  beforeAll(async () => {
    t = await buildTestApp({ database, now: clock.now });
    files = await insertAudioFiles(t, 3);
    video = await insertVideoFile(t, 'jumppa.mp4');
    // Item 12 is on a message of another unit: its opens are refused (the test of every page adds its own).
    await insertMessageItems(t, (await t.createUser()).id, [{ id: 12 }], 12);
  });
  afterAll(() => t.close());
  beforeEach(async () => {
    clock.set('2026-11-20T10:00:00.000Z');
    user = await t.createUser();
    headers = { cookie: (await t.login(user)).cookie };
  });

  const samples = (n: number, over: Record<string, unknown>[] = []) =>
    Array.from({ length: n }, (_, i) => ({
      time: clock.at(-600 + i * 10),
      audioFileId: files[0]!,
      playPosition: i * 10,
      playSource: 'MusicChannel' as const,
      categoryId: 4,
      ...over[i],
    }));
  const nonLogin = async () => (await usageEvents(t, user.id)).filter((e) => e.type !== 'LoggedIn');

  it('should store each play sample as PlaySampled with a uuid v5 id of the sample', async () => {
    const playLog = samples(3, [{}, { manualStart: true, recipeId: 9, favoriteListId: 2, exercise: true }, { playLogItemType: 'Message', audioFileId: 77 }]);
    const response = await postUsageLog(t, headers, { page: 'player', playLog });
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual({ ok: true, appended: 3 });
    const events = await nonLogin();
    expect(events.map((e) => e.type)).toEqual(['PlaySampled', 'PlaySampled', 'PlaySampled']);
    expect(events[0]!.id).toBe(eventId('PlaySampled', user.id, playLog[0]!.time, files[0]!, 0, 'MusicChannel'));
    expect(events[1]!.data).toEqual({
      userId: user.id,
      clientTime: playLog[1]!.time,
      receivedAt: '2026-11-20T10:00:00.000Z',
      audioFileId: files[0],
      position: 10,
      playSource: 'MusicChannel',
      itemType: 'Audio',
      recipeId: 9,
      favoriteListId: 2,
      categoryId: 4,
      manualStart: true,
      exercise: true,
    });
    // Not an audio file: not looked up in the library.
    expect(events[2]!.data).toMatchObject({ itemType: 'Message', audioFileId: 77, manualStart: false, exercise: false, recipeId: null });
  });

  it('should store nothing twice: a retried post, and a sample repeated inside a post or in another time notation', async () => {
    const playLog = samples(4);
    expect((await postUsageLog(t, headers, { page: 'player', playLog })).json()).toEqual({ ok: true, appended: 4 });
    clock.set('2026-11-20T10:01:00.000Z');
    expect((await postUsageLog(t, headers, { page: 'player', playLog })).json()).toEqual({ ok: true, appended: 0 });
    const helsinki = playLog[2]!.time.replace('Z', '+00:00');
    const again = [playLog[0]!, playLog[0]!, { ...playLog[2]!, time: helsinki }, ...samples(5).slice(4)];
    expect((await postUsageLog(t, headers, { page: 'player', playLog: again })).json()).toEqual({ ok: true, appended: 1 });
    expect(await nonLogin()).toHaveLength(5);
  });

  it('should log every page as its event', async () => {
    const time = clock.at(-60);
    await insertMessageItems(t, user.id, [{ id: 13 }], 13);
    const pages: UsageLogDataInput[] = [
      { page: 'version', time, version: '2.4.1' },
      { page: 'messageItem', time, messageItemId: 13, action: 'continue' },
      { page: 'buttonAction', time, button: 'todaysRecipe', params: { recipeId: 3 } },
      { page: 'search', time, query: 'sibelius', categories: [{ id: 5 }, 6], categoryIds: [5], musicPieces: true, musicCategories: false, audioPrograms: true, recipes: false },
      {
        page: 'videoPlayAction',
        videoLog: [
          { time, playerId: 'Message-4', fileId: video, fileName: 'jumppa.mp4', playPosition: 0, playSource: 'Message', totalLength: 300, action: 'play' },
          { time: clock.at(-30), playerId: 'Message-4', fileId: video, fileName: 'jumppa.mp4', playPosition: 30, totalLength: 300, action: 'pause' },
        ],
      },
    ];
    for (const page of pages) expect((await postUsageLog(t, headers, page)).statusCode).toBe(200);
    const events = await nonLogin();
    expect(events.map((e) => [e.type, e.data])).toEqual([
      ['ClientVersionReported', expect.objectContaining({ version: '2.4.1', clientTime: time })],
      ['MessageItemActionLogged', expect.objectContaining({ messageItemId: 13, action: 'continue' })],
      ['ButtonActionLogged', expect.objectContaining({ button: 'todaysRecipe', params: { recipeId: 3 } })],
      ['SearchLogged', expect.objectContaining({ query: 'sibelius', categoryIds: [5, 6], musicPieces: true, musicCategories: false, audioPrograms: true, recipes: false })],
      ['VideoActionLogged', expect.objectContaining({ playerId: 'Message-4', fileId: video, position: 0, playSource: 'Message', totalLength: 300, action: 'play' })],
      ['VideoActionLogged', expect.objectContaining({ position: 30, playSource: null, action: 'pause' })],
    ]);
    expect(events.every((e) => e.metadata.userId === user.id)).toBe(true);
  });

  it("should take the login page as the login's own LoggedIn, stored once", async () => {
    const before = await usageEvents(t, user.id);
    expect(before.map((e) => e.type)).toEqual(['LoggedIn']);
    const response = await postUsageLog(t, headers, { page: 'login', time: clock.at(0) });
    expect(response.json()).toEqual({ ok: true, appended: 0 });
    expect(await usageEvents(t, user.id)).toHaveLength(1);
  });

  it('should start a session with residents and activities, and store stops without a session id', async () => {
    const [resident] = await t.sql.query<{ id: number }>('INSERT INTO residents (first_name, user_id) VALUES ($1, $2) RETURNING id', ['Aino', user.id]);
    const [activity] = await t.sql.query<{ id: number }>('INSERT INTO activities (name, user_id) VALUES ($1, $2) RETURNING id', ['Laulu', user.id]);
    const start = clock.at(-120);
    await postUsageLog(t, headers, { page: 'startSession', time: start, residentIds: [resident!.id], params: { outdoors: true, activityIds: [activity!.id] } });
    await postUsageLog(t, headers, { page: 'stopSession', time: clock.at(-5) });
    await postUsageLog(t, headers, { page: 'stopSession', time: clock.at(-1) });
    const events = await nonLogin();
    const sessionId = usageSessionId(user.id, start);
    expect(events.map((e) => [e.type, e.data])).toEqual([
      ['UsageSessionStarted', expect.objectContaining({ sessionId, residentIds: [resident!.id], activityIds: [activity!.id], outdoors: true, clientTime: start })],
      // A stop names no session, whatever had arrived before it: the warehouse ties it to the
      // latest start at or before its client time (DOMAIN.md section 3, settled cases).
      ['UsageSessionStopped', expect.objectContaining({ sessionId: null, clientTime: clock.at(-5) })],
      ['UsageSessionStopped', expect.objectContaining({ sessionId: null, clientTime: clock.at(-1) })],
    ]);
  });

  it("should refuse residents and activities that are not the user's", async () => {
    const other = await t.createUser();
    const [resident] = await t.sql.query<{ id: number }>('INSERT INTO residents (first_name, user_id) VALUES ($1, $2) RETURNING id', ['Eino', other.id]);
    const response = await postUsageLog(t, headers, { page: 'startSession', time: clock.at(0), residentIds: [resident!.id], params: { outdoors: false, activityIds: [999_999] } });
    expect(response.statusCode).toBe(400);
    expect(response.json().error.details).toEqual([
      { path: 'data.residentIds.0', message: 'Unknown resident' },
      { path: 'data.params.activityIds.0', message: 'Unknown activity' },
    ]);
    expect(await nonLogin()).toEqual([]);
  });

  it('should not log sessions with the admin flag', async () => {
    const admin = await adminFlagHeaders(t, user, clock.now());
    const response = await postUsageLog(t, admin, { page: 'player', playLog: samples(2) });
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual({ ok: true, appended: 0 });
    expect((await postUsageLog(t, admin, { page: 'search', time: clock.at(0), query: 'x', musicPieces: true, musicCategories: true, audioPrograms: true, recipes: true })).statusCode).toBe(200);
    expect(await nonLogin()).toEqual([]);
  });

  describe('bad input: ValidationError naming the field, and nothing of the post stored', () => {
    const refused = async (payload: unknown, details: { path: string; message?: string }[]) => {
      const response = await postRaw(t, headers, payload);
      expect(response.statusCode).toBe(400);
      expect(response.json().error).toMatchObject({ kind: 'ValidationError', message: 'Validation error' });
      expect(response.json().error.details).toEqual(details.map((d) => expect.objectContaining(d)));
      expect(await nonLogin()).toEqual([]);
    };
    const player = (playLog: unknown[]) => ({ data: JSON.stringify({ page: 'player', playLog }) });
    const videoLog = (fileIds: number[]) => ({
      data: JSON.stringify({
        page: 'videoPlayAction',
        videoLog: fileIds.map((fileId, i) => ({ time: clock.at(-60 + i * 10), playerId: 'p', fileId, fileName: 'jumppa.mp4', playPosition: i * 10, totalLength: 300, action: 'playing' })),
      }),
    });

    it('a negative position', () => refused(player(samples(5, [{}, {}, {}, { playPosition: -3 }])), [{ path: 'data.playLog.3.playPosition' }]));
    it('an unknown audio file', () =>
      refused(player(samples(3, [{}, { audioFileId: 987_654 }])), [{ path: 'data.playLog.1.audioFileId', message: 'Unknown audio file' }]));
    it('an audio file not yet in the library, which is known as soon as it is added', async () => {
      // Found ids are remembered (parse-usage-log.ts), ids not found are not: the next post asks again.
      await refused(player(samples(2, [{}, { audioFileId: 987_655 }])), [{ path: 'data.playLog.1.audioFileId', message: 'Unknown audio file' }]);
      await t.sql.query("INSERT INTO audio_files (id, name, length) VALUES (987655, 'Late tune', 180)");
      expect((await postUsageLog(t, headers, { page: 'player', playLog: samples(2, [{}, { audioFileId: 987_655 }]) })).json()).toEqual({ ok: true, appended: 2 });
    });
    it('video log items naming files that do not exist', () =>
      refused(videoLog([video, 987_654, video, 987_655]), [
        { path: 'data.videoLog.1.fileId', message: 'Unknown file' },
        { path: 'data.videoLog.3.fileId', message: 'Unknown file' },
      ]));
    it('a click on an unknown message item', () =>
      refused({ data: JSON.stringify({ page: 'messageItem', time: clock.at(0), messageItemId: 987_654, action: 'open' }) }, [
        { path: 'data.messageItemId', message: 'Unknown message item' },
      ]));
    it("a click on an item of another unit's message", () =>
      refused({ data: JSON.stringify({ page: 'messageItem', time: clock.at(0), messageItemId: 12, action: 'open' }) }, [
        { path: 'data.messageItemId', message: 'Unknown message item' },
      ]));
    it('a time more than 5 minutes ahead of the server', () =>
      refused(player(samples(2, [{}, { time: clock.at(6 * 60) }])), [{ path: 'data.playLog.1.time', message: 'Time is in the future' }]));
    it('a time absurdly old', () =>
      refused(player(samples(2, [{ time: '2019-01-01T00:00:00Z' }])), [{ path: 'data.playLog.0.time', message: 'Time is too far in the past' }]));
    it('wrong types', () =>
      refused(player(samples(3, [{}, { playPosition: '12' }, { manualStart: 'yes', time: 'yesterday' }])), [
        { path: 'data.playLog.1.playPosition' },
        { path: 'data.playLog.2.time' },
        { path: 'data.playLog.2.manualStart' },
      ]));
    it('an id beyond the library id range', () => refused(player(samples(1, [{ audioFileId: 3_000_000_000 }])), [{ path: 'data.playLog.0.audioFileId' }]));
    it('broken JSON inside data', () => refused({ data: '{"page":"player","playLog":[' }, [{ path: 'data', message: 'data is not valid JSON' }]));
    it('an unknown page', () => refused({ data: JSON.stringify({ page: 'dance', time: clock.at(0) }) }, [{ path: 'data.page' }]));
    it('data that is not a string', () => refused({ data: { page: 'version' } }, [{ path: 'body.data' }]));
    it('a video log item with an unknown action', () =>
      refused({ data: JSON.stringify({ page: 'videoPlayAction', videoLog: [{ time: clock.at(0), playerId: 'p', fileId: 1, fileName: 'f', playPosition: 0, totalLength: 1, action: 'rewind' }] }) }, [
        { path: 'data.videoLog.0.action' },
      ]));
  });

  it('should refuse an oversized body with 413 and store nothing', async () => {
    const response = await postRaw(t, headers, { data: JSON.stringify({ page: 'player', playLog: [] }), pad: 'x'.repeat(1024 * 1024 + 10) });
    expect(response.statusCode).toBe(413);
    expect(response.json().error.kind).toBe('PayloadTooLarge');
    expect(await nonLogin()).toEqual([]);
  });

  it('should answer 401 without a login', async () => {
    const response = await postUsageLog(t, {}, { page: 'version', time: clock.at(0), version: '1' });
    expect(response.statusCode).toBe(401);
  });
});

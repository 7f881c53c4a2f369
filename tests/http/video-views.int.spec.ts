import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Warehouse } from '../../infra/clickhouse/clickhouse.ts';
import { createUsageWarehouseProjector } from '../../projections/warehouse/usage-warehouse-projector.ts';
import { VideoViews } from '../../schemas/api/usage-details.ts';
import { defaultUsageRules } from '../../schemas/events/usage-rules.ts';
import { connectTestWarehouse } from '../support/test-warehouse.ts';
import { buildTestApp, type TestApp, type TestUser } from '../support/build-test-app.ts';
import { projectAll } from '../../projections/engine/project-all.ts';
import { insertVideoFile, postUsageLog } from './support/usage-kit.ts';

// GET /api/video-views end to end: video actions posted through POST /api/usage-log, projected
// by the real runner into chDB, read back over HTTP. Expected rows are worked out by hand below.
//
// The unit lives in Helsinki (July: UTC+3), a second user in Tokyo (UTC+9, no DST). A view belongs
// to the local day it started on. "Now" is 2026-07-20 12:00 UTC.

const now = new Date('2026-07-20T12:00:00.000Z');
const chdbDir = fs.mkdtempSync(path.join(os.tmpdir(), 'sointu-video-views-'));
let warehouse: Warehouse;
let t: TestApp;
let unit: TestUser;
let tokyo: TestUser;
let admin: TestUser;
let other: TestUser;
const headers = new Map<TestUser, Record<string, string>>();

type Action = 'play' | 'pause' | 'ended';
const video = (fileId: number, fileName: string, totalLength: number) => (time: string, action: Action, playPosition: number) =>
  ({ time, playerId: `p${fileId}`, fileId, fileName, playPosition, totalLength, action });

async function post(user: TestUser, videoLog: ReturnType<ReturnType<typeof video>>[]) {
  const response = await postUsageLog(t, headers.get(user)!, { page: 'videoPlayAction', videoLog });
  expect(response.statusCode, response.body).toBe(200);
}
const get = (user: TestUser | null, url: string) => t.app.inject({ method: 'GET', url, headers: user ? headers.get(user) : {} });

beforeAll(async () => {
  warehouse = await connectTestWarehouse(chdbDir);
  t = await buildTestApp({ now: () => new Date(now), warehouse });
  unit = await t.createUser();
  tokyo = await t.createUser({ config: { timeZone: 'Asia/Tokyo' } });
  admin = await t.createUser();
  other = await t.createUser();
  for (const u of [unit, tokyo, admin, other]) headers.set(u, { cookie: (await t.login(u)).cookie });
  await t.sql.query('INSERT INTO user_admins (admin_user_id, user_id) VALUES ($1, $2)', [admin.id, unit.id]);

  // Unit:
  // A 'Sunrise.mp4' (120 s): play at 0 on 2026-07-14 21:30:00 UTC = 00:30:00 on the 15th local,
  //   ended at 90 at 21:31:30: play time 90 s, no pause.
  // B 'Autumn walk.mp4' (300 s): play at 0 on 2026-07-17 12:00:00 (15:00:00 local), pause at 60
  //   12:01, play at 60 12:03, ended at 180 12:05: play 60 + 120 = 180 s; the view spans 300 s,
  //   so pause time 300 - 180 = 120 s.
  // C 'Late.mp4' (60 s): play at 0 on 2026-07-18 21:10:00 UTC = 00:10 on the 19th local, ended at
  //   60 at 21:11:00: 60 s play, no pause; outside a period ending on the 18th.
  const a = video(await insertVideoFile(t, 'Sunrise.mp4'), 'Sunrise.mp4', 120);
  const b = video(await insertVideoFile(t, 'Autumn walk.mp4'), 'Autumn walk.mp4', 300);
  const c = video(await insertVideoFile(t, 'Late.mp4'), 'Late.mp4', 60);
  await post(unit, [a('2026-07-14T21:30:00.000Z', 'play', 0), a('2026-07-14T21:31:30.000Z', 'ended', 90)]);
  await post(unit, [b('2026-07-17T12:00:00.000Z', 'play', 0), b('2026-07-17T12:01:00.000Z', 'pause', 60), b('2026-07-17T12:03:00.000Z', 'play', 60), b('2026-07-17T12:05:00.000Z', 'ended', 180)]);
  await post(unit, [c('2026-07-18T21:10:00.000Z', 'play', 0), c('2026-07-18T21:11:00.000Z', 'ended', 60)]);
  // Tokyo: 'Sunrise.mp4' at 2026-07-15 16:00:00 UTC = 01:00:00 on the 16th there, ended at 90.
  await post(tokyo, [a('2026-07-15T16:00:00.000Z', 'play', 0), a('2026-07-15T16:01:30.000Z', 'ended', 90)]);

  await projectAll({ log: t.store, sql: t.sql, warehouse, projectors: [createUsageWarehouseProjector({ version: 1, rules: defaultUsageRules, clock: () => now.getTime() })] });
}, 120_000);

afterAll(async () => {
  await t?.close();
  await warehouse?.close();
  fs.rmSync(chdbDir, { recursive: true, force: true });
});

describe('GET /api/video-views/{userId}/{first}/{last}', () => {
  it('should list the views started on the local days of the period, in local time', async () => {
    const response = await get(unit, `/api/video-views/${unit.id}/2026-07-15/2026-07-18`);
    expect(response.statusCode, response.body).toBe(200);
    expect(VideoViews.parse(response.json())).toEqual({
      userId: unit.id,
      first: '2026-07-15',
      last: '2026-07-18',
      timeZone: 'Europe/Helsinki',
      views: [
        { date: '2026-07-15', time: '00:30:00', video: 'Sunrise.mp4', playTime: 90, pauseTime: 0, videoLength: 120 },
        { date: '2026-07-17', time: '15:00:00', video: 'Autumn walk.mp4', playTime: 180, pauseTime: 120, videoLength: 300 },
      ],
    });
    // The 19th (capped at today, the 20th) holds C alone.
    const later = VideoViews.parse((await get(unit, `/api/video-views/${unit.id}/2026-07-19/2026-07-31`)).json());
    expect(later).toMatchObject({ last: '2026-07-20', views: [{ date: '2026-07-19', time: '00:10:00', video: 'Late.mp4', playTime: 60, pauseTime: 0, videoLength: 60 }] });
  });

  it("should use each user's own time zone", async () => {
    const views = VideoViews.parse((await get(tokyo, `/api/video-views/${tokyo.id}/2026-07-16/2026-07-16`)).json());
    expect(views).toMatchObject({ timeZone: 'Asia/Tokyo', views: [{ date: '2026-07-16', time: '01:00:00', video: 'Sunrise.mp4', playTime: 90 }] });
    // In UTC terms the view was on the 15th, which is not a day of it in Tokyo.
    expect(VideoViews.parse((await get(tokyo, `/api/video-views/${tokyo.id}/2026-07-15/2026-07-15`)).json()).views).toEqual([]);
  });

  it('should let the user and their administrator read it, nobody else', async () => {
    const url = `/api/video-views/${unit.id}/2026-07-15/2026-07-18`;
    expect(VideoViews.parse((await get(admin, url)).json()).views).toHaveLength(2);
    expect((await get(other, url)).json().error.kind).toBe('AccessDenied');
    expect((await get(unit, `/api/video-views/${tokyo.id}/2026-07-15/2026-07-18`)).statusCode).toBe(403);
    expect((await get(null, url)).statusCode).toBe(401);
    expect((await get(admin, '/api/video-views/999999/2026-07-15/2026-07-18')).json().error.kind).toBe('NotFound');
  });

  it('should refuse bad periods and unknown fields with a ValidationError', async () => {
    for (const [url, field] of [
      [`/api/video-views/${unit.id}/2026-02-30/2026-03-01`, 'params.first'],
      [`/api/video-views/${unit.id}/2026-07-15/2026-07-18?x=1`, 'querystring.x'],
      [`/api/video-views/abc/2026-07-15/2026-07-18`, 'params.userId'],
    ] as const) {
      const response = await get(unit, url);
      expect(response.statusCode, url).toBe(400);
      expect(response.json().error).toMatchObject({ kind: 'ValidationError', details: [expect.objectContaining({ path: field })] });
    }
  });
});

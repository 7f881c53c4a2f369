import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { projectAll } from '../../projections/engine/project-all.ts';
import { evaluationsProjector } from '../../projections/postgres/evaluations.ts';
import { favoritesProjector } from '../../projections/postgres/favorites.ts';
import { CurrentUser } from '../../schemas/api/user.ts';
import { easyModeKeptFlags } from '../../infra/users/easy-mode.ts';
import { buildTestApp, type TestApp } from '../support/build-test-app.ts';
import { insertAudioFiles, testClock } from './support/usage-kit.ts';

// Easy mode on the server (spec 1 section 5, spec 3 section 3): GET /api/ answers the forced
// config, every flag check of a call sees it, and the easy screen's own calls (its list, like and
// dislike through favorites and evaluations) work for an easy-mode user.

type Headers = Record<string, string>;

describe('easy mode over HTTP', () => {
  const clock = testClock('2026-11-23T08:00:00.000Z');
  let t: TestApp;
  let files: number[];
  // Every feature a unit may have, stored on: easy mode must still switch them off.
  const stored = {
    mode: 'easy', easyFavoriteListName: 'Lempimusiikki', showAlwaysEasyFavoriteList: true, music: 'enabled',
    search: true, recipes: true, todaysRecipe: true, usageReport: true, canCreateResidents: true, canCreateFavoriteLists: false,
    canCreateRecommendations: true, msgs: true, settings: true, showExcelDownloadButtonInReport: true,
  };

  beforeAll(async () => {
    t = await buildTestApp({ now: clock.now });
    files = await insertAudioFiles(t, 4);
  });
  afterAll(() => t.close());

  const easyUser = async (config: Record<string, unknown> = stored) => {
    const user = await t.createUser({ config });
    return { user, headers: { cookie: (await t.login(user)).cookie } as Headers };
  };
  const call = (method: 'GET' | 'POST' | 'PUT', url: string, headers: Headers, payload?: object) => t.app.inject({ method, url, headers, ...(payload ? { payload } : {}) });
  const project = () => projectAll({ log: t.store, sql: t.sql, projectors: [favoritesProjector, evaluationsProjector] });

  describe('GET /api/', () => {
    it('should answer the forced config: only the easy screen flags on', async () => {
      const { headers } = await easyUser();
      const response = await call('GET', '/api/', headers);
      expect(response.statusCode).toBe(200);
      const { config } = CurrentUser.parse(response.json());
      const on = Object.entries(config).filter(([, value]) => value === true).map(([key]) => key);
      expect(on.every((key) => (easyModeKeptFlags as readonly string[]).includes(key))).toBe(true);
      expect(config).toMatchObject({ mode: 'easy', favorites: true, todaysMessages: true, showAlwaysEasyFavoriteList: true, easyFavoriteListName: 'Lempimusiikki', music: 'enabled' });
      expect(config).toMatchObject({ search: false, recipes: false, todaysRecipe: false, usageReport: false, settings: false, msgs: false, userAdmin: false });
    });

    it('should leave a normal user with the same stored flags as stored', async () => {
      const { headers } = await easyUser({ ...stored, mode: 'normal' });
      const { config } = CurrentUser.parse((await call('GET', '/api/', headers)).json());
      expect(config).toMatchObject({ mode: 'normal', search: true, recipes: true, usageReport: true, settings: true, msgs: true });
    });
  });

  describe('calls guarded by a forced flag', () => {
    it('should answer AccessDenied to an easy-mode user whose stored flag is on', async () => {
      const { headers } = await easyUser();
      for (const [method, url, payload] of [
        ['GET', '/api/todays-recipe', undefined],
        ['POST', '/api/residents', { firstName: 'Aino', lastName: 'Virtanen' }],
      ] as const) {
        const response = await call(method, url, headers, payload);
        expect(response.statusCode, `${method} ${url}`).toBe(403);
        expect(response.json().error.kind).toBe('AccessDenied');
      }
      // Nothing was written.
      expect(await t.sql.query("SELECT 1 FROM residents WHERE first_name = 'Aino'")).toEqual([]);
    });

    it('should still let the easy screen read today\'s recommendations', async () => {
      const { headers } = await easyUser();
      const response = await call('GET', '/api/todays-messages', headers);
      expect(response.statusCode).toBe(200);
      expect(response.json()).toEqual({ messages: [], items: [], radio: null });
    });
  });

  describe('the easy list, like and dislike', () => {
    it('should let an easy-mode user make their easy list, and no other, without canCreateFavoriteLists', async () => {
      const { headers } = await easyUser();
      const other = await call('POST', '/api/user-tag-groups', headers, { name: 'Something else' });
      expect(other.statusCode).toBe(403);
      const easy = await call('POST', '/api/user-tag-groups', headers, { name: 'Lempimusiikki' });
      expect(easy.statusCode, easy.body).toBe(200);
      expect(easy.json()).toMatchObject({ name: 'Lempimusiikki', canModify: true });
      // A normal user without the flag may not make a list of that name.
      const { headers: normal } = await easyUser({ ...stored, mode: 'normal' });
      expect((await call('POST', '/api/user-tag-groups', normal, { name: 'Lempimusiikki' })).statusCode).toBe(403);
    });

    it('should like (add to the easy list, rate +1), dislike (-1) and read the ratings since the file joined the list', async () => {
      const { headers } = await easyUser();
      const list = (await call('POST', '/api/user-tag-groups', headers, { name: 'Lempimusiikki' })).json();
      const added = await call('PUT', '/api/set-audio-file-favorite', headers, { userTagGroupId: list.id, audioFileId: files[0], value: true });
      expect(added.json()).toMatchObject({ value: true, changed: true, insertionTime: '2026-11-23T08:00:00.000Z' });
      expect((await call('POST', '/api/evaluations', headers, { audioFileId: files[0], score: 1, time: '2026-11-23T08:00:01.000Z' })).statusCode).toBe(200);
      for (const second of [10, 20, 30]) {
        const response = await call('POST', '/api/evaluations', headers, { audioFileId: files[0], score: -1, time: `2026-11-24T08:00:${second}.000Z` });
        expect(response.statusCode).toBe(200);
      }
      await project();
      const since = await call('GET', `/api/evaluations?audioFileIdList=${files[0]}&startTime=2026-11-23T08:00:00.000Z`, headers);
      expect(since.json().map((e: { score: number }) => e.score).sort()).toEqual([-1, -1, -1, 1]);
      // The removal (the screen's rule: three latest all -1) is the list's own call.
      const removed = await call('PUT', '/api/set-audio-file-favorite', headers, { userTagGroupId: list.id, audioFileId: files[0], value: false });
      expect(removed.json()).toMatchObject({ value: false, changed: true });
      await project();
      const favorites = await call('GET', '/api/favorites?userTagGroupIdList=0', headers);
      expect(favorites.json().totalCount).toBe(0);
    });

    it('should refuse a bad score or time naming the field, and append nothing', async () => {
      const { headers } = await easyUser();
      const bad = await call('POST', '/api/evaluations', headers, { audioFileId: files[1], score: 5, time: 'yesterday' });
      expect(bad.statusCode).toBe(400);
      expect(bad.json().error.kind).toBe('ValidationError');
      expect(JSON.stringify(bad.json().error.details)).toContain('score');
    });
  });
});

import { DateTime } from 'luxon';
import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { UsageSessions, UsageTotals } from '../../schemas/api/usage-report.ts';
import { CurrentUser } from '../../schemas/api/user.ts';
import { launchBrowser, type Browser } from '../support/browser.ts';
import { logIn, shot, startServer, stopServer, type Server } from '../support/product-server.ts';

// A caregiver's day on the real server (embedded PGlite + chDB, demo seed) in Debian's Chromium:
// a session with two residents, a play from favorites and one from search, a rating, an offline
// spell in the middle of a play, the stop, and then the session with its residents and both
// plays in the usage warehouse. The UI is Finnish (the caregiver's language).

const playSeconds = 8;
/** UI waits: the machine is shared and slow. */
const ui = { timeout: 20_000, interval: 250 };

describe("a caregiver's day", () => {
  let server: Server;
  let browser: Browser;
  let page: Page;
  let user: CurrentUser;
  let residentIds: number[] = [];
  const played: number[] = [];
  const playerPosts: { status: number; samples: string[] }[] = [];
  /** What the page said and which requests failed, with times: printed when the offline spell's check fails. */
  const trace: string[] = [];
  const traced = (line: string) => trace.push(`${new Date().toISOString().slice(11, 23)} ${line}`);

  const api = async <T>(path: string, parse: (body: unknown) => T): Promise<T> => {
    const response = await page.request.get(`${server.url}${path}`);
    expect(response.status(), path).toBe(200);
    return parse(await response.json());
  };

  /** Samples waiting in the browser's IndexedDB outbox, as `time|audioFileId|playPosition`. */
  const waitingSampleKeys = () =>
    page.evaluate(
      () =>
        new Promise<string[]>((resolve, reject) => {
          const open = indexedDB.open('sointu-play-log');
          open.onerror = () => reject(open.error);
          open.onsuccess = () => {
            const db = open.result;
            if (!db.objectStoreNames.contains('samples')) return resolve([]);
            const all = db.transaction('samples').objectStore('samples').getAll();
            all.onsuccess = () => resolve((all.result as { item: { time: string; audioFileId: number; playPosition: number } }[]).map(({ item }) => `${item.time}|${item.audioFileId}|${item.playPosition}`));
            all.onerror = () => reject(all.error);
          };
        }),
    );
  const waitingSamples = async () => (await waitingSampleKeys()).length;
  const acceptedSamples = () => new Set(playerPosts.filter((post) => post.status === 200).flatMap((post) => post.samples));

  const playerSeconds = async () => {
    const text = (await page.getByTestId('player-time').textContent()) ?? '00:00';
    const [m, s] = text.split(':').map(Number);
    return (m ?? 0) * 60 + (s ?? 0);
  };

  beforeAll(async () => {
    server = await startServer();
    browser = await launchBrowser();
    page = browser.context.pages()[0] ?? (await browser.context.newPage());
    page.on('requestfinished', async (request) => {
      if (!request.url().endsWith('/api/usage-log')) return;
      const data = JSON.parse(JSON.parse(request.postData() ?? '{}').data ?? '{}');
      const response = await request.response();
      if (data.page === 'player') {
        const samples = (data.playLog as { time: string; audioFileId: number; playPosition: number }[]).map((s) => `${s.time}|${s.audioFileId}|${s.playPosition}`);
        playerPosts.push({ status: response?.status() ?? 0, samples });
      }
    });
    page.on('console', (message) => traced(`console.${message.type()}: ${message.text()}`));
    page.on('requestfailed', (request) => traced(`failed ${request.method()} ${request.url()}: ${request.failure()?.errorText}`));
    page.on('request', (request) => request.url().endsWith('/api/usage-log') && traced('usage-log post sent'));
    page.on('requestfinished', (request) => request.url().endsWith('/api/usage-log') && traced('usage-log post answered'));
    await page.goto(server.url);
    await logIn(page, 'caregiver', 'sointu-demo');
    await page.locator('header.top-bar').waitFor();
    user = await api('/api/', (body) => CurrentUser.parse(body));
    // The first start builds the web app and seeds the demo library (synthesised audio): slow on a busy machine.
  }, 600_000);

  afterAll(async () => {
    await browser?.close();
    if (server) await stopServer(server);
  });

  it('should start a session with two residents', async () => {
    await page.getByTestId('session-start').click();
    const modal = page.getByTestId('start-session-modal');
    await modal.waitFor();
    const residents = modal.locator('[data-testid^="session-resident-"]');
    await residents.first().waitFor();
    expect(await residents.count()).toBeGreaterThanOrEqual(2);
    for (const index of [0, 1]) {
      const box = residents.nth(index);
      await box.check();
      residentIds.push(Number((await box.getAttribute('data-testid'))?.replace('session-resident-', '')));
    }
    // The caregiver may create activities: outdoors and activities are offered.
    expect(await modal.getByTestId('session-outdoors').count()).toBe(1);
    await shot(page, '30-start-session');
    await modal.getByTestId('session-start-confirm').click();
    await modal.waitFor({ state: 'detached' });
    await expect.poll(() => page.locator('.toast').textContent(), ui).toContain('Tuokio aloitettu!');
    await page.getByTestId('session-stop').waitFor();
  });

  it('should play a favorite for a few seconds and rate it green', async () => {
    // Make a favorite from search, then play it from the favorites page.
    await page.locator('nav.nav-links a[href="/search"]').click();
    await page.getByTestId('search-input').fill('amazing');
    const musicRow = page.getByTestId('search-section-music').getByTestId('search-row').filter({ hasText: 'Amazing Grace' });
    await musicRow.waitFor();
    const toggle = musicRow.getByTestId('favorite-toggle');
    if ((await toggle.getAttribute('aria-pressed')) !== 'true') await toggle.click();
    await expect.poll(() => toggle.getAttribute('aria-pressed'), ui).toBe('true');

    await page.locator('nav.nav-links a[href="/favorites"]').click();
    const row = page.getByTestId('favorite-row').filter({ hasText: 'Amazing Grace' });
    await row.waitFor();
    await expect.poll(() => row.getByTestId('play-button').isEnabled(), ui).toBe(true);
    await row.getByTestId('play-button').click();
    const bar = page.getByTestId('player-bar');
    await expect.poll(() => bar.getAttribute('data-playing'), ui).toBe('true');
    expect(await page.getByTestId('player-title').textContent()).toContain('Amazing Grace');
    played.push(Number(await row.getAttribute('data-audio-file-id')));
    await expect.poll(playerSeconds, { timeout: 30_000, interval: 500 }).toBeGreaterThanOrEqual(playSeconds);

    // evaluateAudioFiles is on for the caregiver and the player has a duration: red, orange, green.
    const rating = page.getByTestId('evaluation-buttons');
    expect(await rating.locator('button').count()).toBe(3);
    await page.getByTestId('evaluate-1').click();
    await expect.poll(() => rating.getAttribute('data-score'), ui).toBe('1');
    await shot(page, '31-favorite-playing-rated');
    const evaluations = await api(`/api/evaluations?audioFileIdList=${played[0]}`, (body) => body as { score: number }[]);
    expect(evaluations.map((e) => e.score)).toContain(1);
  });

  it('should play a search result, keep its samples through an offline spell and send them after', async () => {
    await page.locator('nav.nav-links a[href="/search"]').click();
    // The demo's longest file (72 s): the offline spell and its waits take up to a minute on a
    // busy machine, and the play must still be going when it is paused at the end (a file that
    // ended first leaves the button saying Play, and the click would start it again).
    await page.getByTestId('search-input').fill('lighthouse');
    const programRow = page.getByTestId('search-section-programs').getByTestId('search-row').filter({ hasText: 'The lighthouse keeper, chapter 1' });
    await programRow.waitFor();
    await programRow.getByTestId('play-button').click();
    // Starting a file pauses the other one: the favorite's play ends here.
    await expect.poll(() => page.getByTestId('player-title').textContent(), ui).toContain('The lighthouse keeper, chapter 1');
    await expect.poll(() => page.getByTestId('player-bar').getAttribute('data-playing'), ui).toBe('true');
    played.push(Number(await programRow.getAttribute('data-audio-file-id')));
    await expect.poll(playerSeconds, { timeout: 30_000, interval: 500 }).toBeGreaterThanOrEqual(3);

    traced('going offline');
    await page.context().setOffline(true);
    await page.locator('.error-bar').waitFor({ timeout: 15_000 });
    // Samples written while offline wait in IndexedDB.
    await expect.poll(waitingSamples, { timeout: 20_000, interval: 500 }).toBeGreaterThan(0);
    await shot(page, '32-offline-playing');
    await page.waitForTimeout(4000);
    const keptOffline = await waitingSampleKeys();
    expect(keptOffline.length).toBeGreaterThan(0);

    traced('going online');
    await page.context().setOffline(false);
    await page.locator('.error-bar').waitFor({ state: 'detached', timeout: 20_000 });
    traced('error bar gone');
    // Every sample kept offline is sent once the connection is back. (The outbox need not be empty
    // then: the play goes on writing a sample every 5 s, and those wait for the next post, in a minute.)
    const sentAfter = () => keptOffline.filter((key) => !acceptedSamples().has(key));
    await expect.poll(sentAfter, { timeout: 30_000, interval: 500 }).toEqual([]).catch((error: unknown) => {
      throw new Error(`${String(error)}\n${trace.join('\n')}`);
    });
    expect(await playerSeconds()).toBeGreaterThanOrEqual(playSeconds);
    expect(await page.getByTestId('player-bar').getAttribute('data-playing')).toBe('true');
    await page.getByTestId('player-play-pause').click();
    await expect.poll(() => page.getByTestId('player-bar').getAttribute('data-playing'), ui).toBe('false');
    await expect.poll(waitingSamples, { timeout: 20_000, interval: 500 }).toBe(0);
    // Every sample reached the server in exactly one accepted post.
    const accepted = playerPosts.filter((post) => post.status === 200).flatMap((post) => post.samples);
    expect(accepted.length).toBeGreaterThan(4);
    expect(new Set(accepted).size).toBe(accepted.length);
  });

  it('should stop the session', async () => {
    await page.getByTestId('session-stop').click();
    await expect.poll(() => page.locator('.toast').textContent(), ui).toContain('Tuokio lopetettu!');
    await page.getByTestId('session-start').waitFor();
    await shot(page, '33-session-stopped');
  });

  it('should find the session with its residents and both plays in the usage reports', async () => {
    const today = DateTime.now().setZone(user.timeZone).toISODate();
    // Samples posted on the pause and the stop reach the warehouse a moment after the others: wait
    // until both plays are as long as they were played, not only until both exist.
    const listened = (s: UsageSessions['sessions'][number], id: number) => s.plays.filter((p) => p.audioFileId === id).reduce((n, p) => n + p.length, 0);
    const sessionWithBothPlays = async () => {
      const list = await api(`/api/usage-sessions/${user.id}/${today}/${today}?showShortSessions=true`, (body) => UsageSessions.parse(body));
      return list.sessions.find((s) => s.kind === 'explicit' && s.endTime !== null && played.every((id) => listened(s, id) >= playSeconds - 2)) ?? null;
    };
    await expect.poll(sessionWithBothPlays, { timeout: 60_000, interval: 1000 }).not.toBeNull();
    const session = (await sessionWithBothPlays())!;
    expect(session.participants.map((p) => p.id).sort()).toEqual([...residentIds].sort());
    expect(session.endTime).not.toBeNull();
    for (const id of played) {
      expect(listened(session, id), `listened seconds of ${id}`).toBeGreaterThanOrEqual(playSeconds - 2);
    }
    // An explicit session owns its plays: all of them are guided usage.
    expect(session.plays.every((p) => p.usageType === 'GuidedUsage')).toBe(true);

    // The projector writes daily_usage after the sessions of the same batch: the headline figures
    // may trail the session list by a moment.
    const totals = () => api(`/api/usage/${user.id}/${today}/${today}`, (body) => UsageTotals.parse(body));
    await expect.poll(async () => (await totals()).sessionCount, { timeout: 30_000, interval: 500 }).toBeGreaterThanOrEqual(1);
    expect((await totals()).sessionWithParticipantsCount).toBeGreaterThanOrEqual(1);
  });
});

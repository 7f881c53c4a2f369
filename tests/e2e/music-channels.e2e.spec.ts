import { DateTime } from 'luxon';
import type { Page, Request } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { UsageTotals } from '../../schemas/api/usage-report.ts';
import { UsageLogData, type PlayLogItem } from '../../schemas/api/usage-log.ts';
import { CurrentUser } from '../../schemas/api/user.ts';
import { launchBrowser, type Browser } from '../support/browser.ts';
import { logIn, shot, startServer, stopServer, type Server } from '../support/product-server.ts';

// Music channels (spec 1 sections 2 and 4, issue 16) on the real server with the demo seed: the
// caregiver checks two music categories and starts a 1/2 h channel; with the page's clock faked
// (Playwright's clock), half an hour passes across three pieces, each following the last by
// itself, none twice in a row, and the channel stops when its time is used up. The plays are
// posted as play-log samples with playSource MusicChannel and counted in the usage report.

/** UI waits: the machine is shared and slow. */
const ui = { timeout: 20_000, interval: 250 };
const minute = 60_000;

describe('music channels', () => {
  let server: Server;
  let browser: Browser;
  let page: Page;
  let user: CurrentUser;
  const samples: PlayLogItem[] = [];

  const api = async <T>(path: string, parse: (body: unknown) => T): Promise<T> => {
    const response = await page.request.get(`${server.url}${path}`);
    expect(response.status(), path).toBe(200);
    return parse(await response.json());
  };
  // The day the channel played, by the page's clock (it started half an hour ago).
  const today = () => DateTime.now().minus({ minutes: 31 }).setZone(user.config.timeZone).toISODate()!;
  const channelPlays = async (day: string) => {
    const totals = await api(`/api/usage/${user.id}/${day}/${day}`, (body) => UsageTotals.parse(body));
    return Object.entries(totals.usagePerType)
      .filter(([key]) => key.startsWith('MusicChannel/'))
      .reduce((sum, [, value]) => sum + value.plays, 0);
  };
  const keepSamples = (request: Request) => {
    if (request.method() !== 'POST' || !request.url().endsWith('/api/usage-log')) return;
    const body = request.postDataJSON() as { data: string };
    const data = UsageLogData.parse(JSON.parse(body.data));
    if (data.page === 'player') samples.push(...data.playLog);
  };
  const pieceName = () => page.getByTestId('channel-piece').textContent();
  const timeLeftMinutes = async () => {
    const text = (await page.getByTestId('channel-time-left').textContent()) ?? '';
    const [mm, ss] = text.split(':').map(Number);
    return mm! + ss! / 60;
  };
  /** Moves the player near the end of the piece, so it ends by itself a moment later. */
  const seekNearEnd = async () => {
    const seek = (await page.getByTestId('player-seek').boundingBox())!;
    await page.mouse.click(seek.x + seek.width * 0.96, seek.y + seek.height / 2);
  };
  let playsBefore = 0;
  const names: string[] = [];

  beforeAll(async () => {
    server = await startServer();
    browser = await launchBrowser({ width: 1024, height: 768 });
    page = browser.context.pages()[0] ?? (await browser.context.newPage());
    // The page's clock is the test's: it runs on, and the test moves it forward. It starts half an
    // hour behind, so the half hour the test skips ends about now: the server refuses play-log
    // samples from more than 5 minutes in its future (commands/usage/parse-usage-log.ts).
    await page.clock.install({ time: Date.now() - 31 * minute });
    page.on('request', keepSamples);
  });

  afterAll(async () => {
    await browser?.close();
    if (server) await stopServer(server);
  });

  it('should list the music categories and offer the durations once one is checked', async () => {
    await page.goto(server.url);
    await logIn(page, 'caregiver', 'sointu-demo');
    await page.waitForURL((url) => url.pathname === '/todays-messages', ui);
    user = await api('/api/', (body) => CurrentUser.parse(body));
    playsBefore = await channelPlays(today());

    await page.locator('nav.nav-links a[href="/music-channels"]').click();
    await page.waitForURL((url) => url.pathname === '/music-channels', ui);
    const categories = page.getByTestId('channel-category');
    await expect.poll(() => categories.count(), ui).toBe(5);
    expect(await categories.allTextContents()).toEqual(expect.arrayContaining(['Classics', 'Waltzes and tangos', 'Afternoon dance', 'Lullabies and calm']));
    expect(await page.getByTestId('channel-start-1800').textContent()).toBe('Soita musiikkikanavaa 1/2 h');
    expect(await page.getByTestId('channel-start-1800').isDisabled()).toBe(true);
    expect(await page.getByTestId('channel-hint').isVisible()).toBe(true);
    await shot(page, 'music-channels-01-checklist-fi');

    // Checked first, so the waltzes and tangos (34 s and longer) take the first and third turns.
    await categories.filter({ hasText: 'Waltzes and tangos' }).locator('input').check();
    await categories.filter({ hasText: 'Afternoon dance' }).locator('input').check();
    for (const duration of [1800, 3600, 7200]) expect(await page.getByTestId(`channel-start-${duration}`).isEnabled()).toBe(true);
  });

  it('should play a 1/2 h channel across three pieces as half an hour passes, and stop when the time is used up', async () => {
    await page.getByTestId('channel-start-1800').click();
    const bar = page.getByTestId('player-bar');
    await expect.poll(() => bar.getAttribute('data-playing'), ui).toBe('true');
    await expect.poll(() => page.getByTestId('music-channels').getAttribute('data-status'), ui).toBe('playing');
    names.push((await pieceName())!);
    expect(await page.getByTestId('player-title').textContent()).toContain(names[0]);
    expect(await page.getByTestId('channel-cover').isVisible()).toBe(true);
    expect(await timeLeftMinutes()).toBeGreaterThan(29);
    await page.waitForTimeout(6000);
    await shot(page, 'music-channels-02-playing-fi');

    // The first piece ends: the next one follows by itself, never the same one.
    await seekNearEnd();
    await expect.poll(pieceName, { timeout: 60_000, interval: 250 }).not.toBe(names[0]);
    names.push((await pieceName())!);
    await expect.poll(() => bar.getAttribute('data-playing'), ui).toBe('true');
    await expect.poll(() => page.getByTestId('player-title').textContent(), ui).toContain(names[1]);

    // Ten minutes pass during the second piece.
    await page.waitForTimeout(6000);
    await page.clock.fastForward(10 * minute);
    await expect.poll(timeLeftMinutes, ui).toBeLessThan(20);
    expect(await timeLeftMinutes()).toBeGreaterThan(18);
    await page.waitForTimeout(3000);
    await seekNearEnd();
    await expect.poll(pieceName, { timeout: 60_000, interval: 250 }).not.toBe(names[1]);
    names.push((await pieceName())!);
    await expect.poll(() => bar.getAttribute('data-playing'), ui).toBe('true');

    // Ten more minutes, and then the rest of the half hour, during the third piece.
    await page.waitForTimeout(6000);
    await page.clock.fastForward(10 * minute);
    await expect.poll(timeLeftMinutes, ui).toBeLessThan(10);
    await shot(page, 'music-channels-03-third-piece-fi');
    await page.waitForTimeout(3000);
    await page.clock.fastForward(10 * minute);
    await expect.poll(() => page.getByTestId('channel-time-left').textContent(), ui).toBe('00:00');
    // The piece playing may finish; then nothing follows.
    await seekNearEnd();
    await expect.poll(() => page.getByTestId('music-channels').getAttribute('data-status'), { timeout: 60_000, interval: 250 }).toBe('ended');
    expect(await page.getByTestId('channel-ended').textContent()).toBe('Musiikkikanava on päättynyt.');
    expect(await page.getByTestId('channel-now').count()).toBe(0);
    await page.waitForTimeout(2000);
    expect(await bar.getAttribute('data-playing')).toBe('false');
    expect(await page.getByTestId('player-title').textContent()).toContain(names[2]);
    await shot(page, 'music-channels-04-ended-fi');
  });

  it('should post the three plays as play-log samples from the music channel', async () => {
    await expect
      .poll(() => new Set(samples.filter((s) => s.playSource === 'MusicChannel').map((s) => s.audioFileId)).size, { timeout: 30_000, interval: 500 })
      .toBe(3);
    const channel = samples.filter((s) => s.playSource === 'MusicChannel');
    expect(channel.length).toBe(samples.length);
    const byFile = [...new Set(channel.map((s) => s.audioFileId))];
    // The first piece was started by a person; the channel started the others.
    expect(channel.find((s) => s.audioFileId === byFile[0])?.manualStart).toBe(true);
    expect(channel.filter((s) => s.audioFileId !== byFile[0]).every((s) => s.manualStart === false)).toBe(true);
    expect(channel.every((s) => s.categoryId !== null && s.categoryId !== undefined)).toBe(true);
    // The samples carry the page's clock: half an hour and more between the first and the last.
    const times = channel.map((s) => Date.parse(s.time));
    expect(Math.max(...times) - Math.min(...times)).toBeGreaterThan(29 * minute);
  });

  it('should count the channel plays in the usage report', async () => {
    await expect.poll(() => channelPlays(today()), { timeout: 60_000, interval: 1000 }).toBeGreaterThanOrEqual(playsBefore + 3);
  });

  it('should read in English and Swedish, and reset the page from its nav link after a confirmation', async () => {
    await page.locator('#language').selectOption('eng');
    await expect.poll(() => page.getByTestId('channel-start-3600').textContent(), ui).toBe('Play music channel 1h');
    await page.setViewportSize({ width: 768, height: 1024 });
    await shot(page, 'music-channels-05-en-portrait');
    await page.locator('#language').selectOption('swe');
    await expect.poll(() => page.getByTestId('channel-start-7200').textContent(), ui).toBe('Spela musikkanalen 2 h');
    await shot(page, 'music-channels-06-sv-portrait');
    await page.locator('#language').selectOption('fin');
    await page.setViewportSize({ width: 1024, height: 768 });

    page.once('dialog', (dialog) => void dialog.accept());
    await page.locator('nav.nav-links a[href="/music-channels"]').click();
    await expect.poll(() => page.locator('[data-testid=channel-category] input:checked').count(), ui).toBe(0);
    expect(await page.getByTestId('channel-start-1800').isDisabled()).toBe(true);
  });
});

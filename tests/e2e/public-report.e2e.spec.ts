import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { GetAudioFilesResponse, LastPlayResponse } from '../../schemas/api/library.ts';
import { PublicUsage } from '../../schemas/api/public-usage.ts';
import { usageLogBody } from '../../schemas/api/usage-log.ts';
import { CurrentUser } from '../../schemas/api/user.ts';
import { launchBrowser, type Browser } from '../support/browser.ts';
import { logIn, shot, startServer, stopServer, type Server } from '../support/product-server.ts';

// The public report as its two kinds of visitor meet it on the demo: the `public` user, who logs
// in with a password and sees the caregiver unit's report (its public_report_user_id), and the
// public report link (?rtoken=demo-public-report), which shows the report and nothing else.

const day = (date: Date) => date.toISOString().slice(0, 10);

async function getJson(page: Page, path: string): Promise<{ status: number; body: unknown }> {
  return page.evaluate(async (url) => {
    const response = await fetch(url, { credentials: 'same-origin' });
    return { status: response.status, body: await response.json() };
  }, path);
}

/** The figures row of the report table: Unit, then the count and time columns the flags allow. */
async function reportRow(page: Page): Promise<{ headers: string[]; cells: string[] }> {
  const table = page.getByTestId('public-report-table');
  await table.waitFor({ timeout: 60_000 });
  return { headers: await table.locator('th').allInnerTexts(), cells: await table.locator('tbody td').allInnerTexts() };
}

/** ECharts animates the pie in; a screenshot taken at once shows a sliver. */
async function settledChart(page: Page): Promise<void> {
  await page.getByTestId('public-report-pie').waitFor();
  await page.waitForTimeout(1500);
}

describe('the public report in the browser', () => {
  let server: Server;
  let browser: Browser;
  let page: Page;
  let unitId: number;

  beforeAll(async () => {
    server = await startServer({ demo: 'history' });
    browser = await launchBrowser();
    page = browser.context.pages()[0] ?? (await browser.context.newPage());
  }, 600_000);

  afterAll(async () => {
    await browser?.close();
    if (server) await stopServer(server);
  });

  it('should show the demo public user the caregiver unit\'s report with non-zero figures', { timeout: 600_000 }, async () => {
    await page.goto(server.url);
    await page.locator('input[name=username]').waitFor();
    await logIn(page, 'public', 'sointu-demo');
    await page.getByTestId('public-report').waitFor({ timeout: 60_000 });
    expect(new URL(page.url()).pathname).toBe('/public-report');

    const user = CurrentUser.parse((await getJson(page, '/api/')).body);
    expect(user.publicReport).toBe(false);
    expect(user.publicReportUserId).toEqual(expect.any(Number));
    expect(user.publicReportUserId).not.toBe(user.id);
    unitId = user.publicReportUserId!;

    // The server starts on the demo with its usage since the first of last month, projected
    // (startServer's 'history'): the warehouse has the last days; the poll only proves it.
    const today = new Date();
    const from = day(new Date(today.getTime() - 6 * 86_400_000));
    await expect
      .poll(
        async () => {
          const answer = await getJson(page, `/api/public-usage/${unitId}/${from}/${day(today)}`);
          return answer.status === 200 ? PublicUsage.parse(answer.body).summaryData.sessionCount : -answer.status;
        },
        { timeout: 540_000, interval: 5_000 },
      )
      .toBeGreaterThan(0);
    await page.reload();
    await page.getByTestId('public-report').waitFor();

    const { headers, cells } = await reportRow(page);
    expect(headers).toHaveLength(3);
    const [unitCell, count, length] = cells;
    // The Unit column names the caregiver unit, not the public user who reads its report.
    const unitName = PublicUsage.parse((await getJson(page, `/api/public-usage/${unitId}/${from}/${day(today)}`)).body).unitName;
    expect(unitCell).toBe(unitName);
    expect(unitCell).not.toBe(user.clientName ?? user.name);
    expect(Number(count)).toBeGreaterThan(0);
    expect(length).toMatch(/^\d{2,}:\d{2}:\d{2}$/);
    expect(length).not.toBe('00:00:00');
    await page.getByTestId('public-report-pie').waitFor();
    await settledChart(page);
    await shot(page, 'public-report-01-public-user');
  });

  it('should open the report by the demo token with both columns and no navigation, settings or sessions', { timeout: 180_000 }, async () => {
    await browser.context.clearCookies();
    await page.goto(`${server.url}/?rtoken=demo-public-report`);
    await page.getByTestId('public-report').waitFor({ timeout: 60_000 });

    const user = CurrentUser.parse((await getJson(page, '/api/')).body);
    expect(user).toMatchObject({ publicReport: true, publicReportUserId: unitId });

    const { headers, cells } = await reportRow(page);
    expect(headers).toHaveLength(3);
    expect(Number(cells[1])).toBeGreaterThan(0);
    expect(cells[2]).not.toBe('00:00:00');

    // Only the report: the shell's navigation, settings gear, messages and session start are gone.
    await page.locator('header.top-bar').waitFor();
    expect(await page.locator('nav.nav-links').count()).toBe(0);
    expect(await page.locator('header.top-bar a.icon-button').count()).toBe(0);
    expect(await page.locator('.session-bar').count()).toBe(0);
    expect(await page.locator('.favorite-list-selector').count()).toBe(0);
    await settledChart(page);
    await shot(page, 'public-report-02-token');
    // Any other address still shows the report, not a page the session may not read.
    await page.goto(`${server.url}/search`);
    await page.getByTestId('public-report-table').waitFor({ timeout: 60_000 });
    expect(new URL(page.url()).pathname).toBe('/search');
    expect(await page.locator('nav.nav-links').count()).toBe(0);
  });

  it("should show the heading, period and table before the pie's script arrives, keeping the pie's place", { timeout: 180_000 }, async () => {
    // Issue 21 item 3: ECharts is a chunk of its own. Hold it (routing also turns the HTTP cache
    // off, so the page asks for it again) and the rest of the report must still show.
    let release: () => void = () => undefined;
    const held = new Promise<void>((done) => (release = done));
    const charts = /\/assets\/charts-[\w-]+\.js$/;
    await page.route(charts, async (route) => {
      await held;
      await route.continue();
    });
    try {
      await page.goto(`${server.url}/public-report`);
      await page.getByTestId('public-report-table').waitFor({ timeout: 60_000 });
      expect(await page.getByTestId('public-report-period').isVisible()).toBe(true);
      const placeholder = page.locator('.public-report-card .chart-placeholder[aria-busy=true]');
      expect(await placeholder.count()).toBe(1);
      expect((await placeholder.boundingBox())?.height).toBe(320);
      expect(await page.getByTestId('public-report-pie').count()).toBe(0);
      await shot(page, 'public-report-03-chart-on-its-way');
      release();
      await settledChart(page);
      expect(await placeholder.count()).toBe(0);
      expect(await page.getByTestId('public-report-pie').locator('canvas').count()).toBeGreaterThan(0);
      expect((await page.getByTestId('public-report-pie').boundingBox())?.height).toBe(320);
    } finally {
      release();
      await page.unroute(charts);
    }
  });

  it('should tell an older login of the caregiver that its session expired and log it out', { timeout: 180_000 }, async () => {
    // Spec 3 section 8 'alert session expired': the ping of the older login shows the token mismatch.
    const older = await launchBrowser();
    try {
      const olderPage = older.context.pages()[0] ?? (await older.context.newPage());
      await olderPage.goto(server.url);
      await logIn(olderPage, 'caregiver', 'sointu-demo');
      await olderPage.locator('header.top-bar').waitFor({ timeout: 60_000 });

      await browser.context.clearCookies();
      await page.goto(server.url);
      await logIn(page, 'caregiver', 'sointu-demo');
      await page.locator('header.top-bar').waitFor({ timeout: 60_000 });

      const question = olderPage.getByTestId('playback-login-question');
      await question.waitFor({ timeout: 30_000 });
      await shot(olderPage, 'public-report-03-session-expired');
      await question.getByRole('button').click();
      await olderPage.locator('input[name=username]').waitFor({ timeout: 30_000 });
      // The newer login is not asked anything: the older one never played.
      expect(await page.getByTestId('playback-login-question').count()).toBe(0);
    } finally {
      await older.close();
    }
  });

  it('should ask a new login to confirm breaking the session that just played, and log out when declined', { timeout: 180_000 }, async () => {
    // Spec 3 section 8 'confirm break existing session': `page` holds the caregiver's newest login; it plays.
    const post = (path: string, body: unknown) =>
      page.evaluate(async ({ path, body }) => {
        const response = await fetch(path, { method: 'POST', credentials: 'same-origin', headers: { 'content-type': 'application/json' }, body: JSON.stringify(body) });
        return { status: response.status, body: await response.json() };
      }, { path, body });
    const files = await post('/api/get-audio-files', { limit: 1 });
    expect(files.status, JSON.stringify(files.body)).toBe(200);
    const audioFileId = GetAudioFilesResponse.parse(files.body).items[0]!.id;
    const now = Date.now();
    const playLog = [0, 6_000].map((offset) => ({ time: new Date(now - 6_000 + offset).toISOString(), audioFileId, playPosition: offset / 1000, playSource: 'Search' as const, manualStart: true }));
    const logged = await post('/api/usage-log', usageLogBody({ page: 'player', playLog }));
    expect(logged.status, JSON.stringify(logged.body)).toBe(200);

    const newer = await launchBrowser();
    try {
      const newerPage = newer.context.pages()[0] ?? (await newer.context.newPage());
      await newerPage.goto(server.url);
      await newerPage.locator('input[name=username]').waitFor();
      // Logged in first through the API, so the test can wait for the play to reach the read model
      // before the page starts; the page then asks GET /api/last-play on its own.
      const login = await newerPage.evaluate(async () => {
        const response = await fetch('/api/login', { method: 'POST', credentials: 'same-origin', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ username: 'caregiver', password: 'sointu-demo' }) });
        return response.status;
      });
      expect(login).toBe(200);
      await expect.poll(async () => LastPlayResponse.parse((await getJson(newerPage, '/api/last-play')).body).lastPlay, { timeout: 60_000, interval: 1_000 }).not.toBeNull();

      await newerPage.goto(server.url);
      const question = newerPage.getByTestId('playback-login-question');
      await question.waitFor({ timeout: 30_000 });
      await shot(newerPage, 'public-report-04-confirm-break-session');
      await question.getByRole('button', { name: /Kirjaudu ulos|Logout/ }).click();
      await newerPage.locator('input[name=username]').waitFor({ timeout: 30_000 });
      expect((await getJson(newerPage, '/api/')).status).toBe(401);
    } finally {
      await newer.close();
    }
  });
});

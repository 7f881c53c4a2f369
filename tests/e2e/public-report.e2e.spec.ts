import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { PublicUsage } from '../../schemas/api/public-usage.ts';
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

describe('the public report in the browser', () => {
  let server: Server;
  let browser: Browser;
  let page: Page;
  let unitId: number;

  beforeAll(async () => {
    server = await startServer();
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

    // The demo writes its 90 days of usage in the background at first start: wait until the
    // warehouse has the last days, then load the page afresh.
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
    const [, count, length] = cells;
    expect(Number(count)).toBeGreaterThan(0);
    expect(length).toMatch(/^\d{2,}:\d{2}:\d{2}$/);
    expect(length).not.toBe('00:00:00');
    await page.getByTestId('public-report-pie').waitFor();
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
    // Any other address still shows the report, not a page the session may not read.
    await page.goto(`${server.url}/search`);
    await page.getByTestId('public-report').waitFor({ timeout: 60_000 });
    await shot(page, 'public-report-02-token');
  });
});

import ExcelJS from 'exceljs';
import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { AdminUsage, UsageSessions } from '../../schemas/api/usage-report.ts';
import { UsageSessionTable } from '../../schemas/api/usage-details.ts';
import { CurrentUser } from '../../schemas/api/user.ts';
import { launchBrowser, type Browser } from '../support/browser.ts';
import { logIn, shot, startServer, stopServer, type Server } from '../support/product-server.ts';

// The usage reports as the demo administrator meets them: the real server over the demo's
// generated 90 days of usage, Debian's Chromium, every accordion section, one session opened,
// the spreadsheet downloaded and read back, the rebuild screen, and the public report by token.

const day = (date: Date) => date.toISOString().slice(0, 10);
const monthLabel = (month: string) => `${Number(month.slice(5, 7))}/${month.slice(0, 4)}`;

async function getJson(page: Page, path: string): Promise<unknown> {
  return page.evaluate(async (url) => {
    const response = await fetch(url, { credentials: 'same-origin' });
    return { status: response.status, body: await response.json() };
  }, path);
}

describe('usage reports in the browser', () => {
  let server: Server;
  let browser: Browser;
  let page: Page;
  let admin: CurrentUser;
  /** The unit the report page opens on and the month with the most sessions. */
  let unitId: number;
  let month: string;
  let firstDay: string;
  let lastDay: string;

  beforeAll(async () => {
    server = await startServer();
    browser = await launchBrowser();
    page = browser.context.pages()[0] ?? (await browser.context.newPage());
    // Building the web app and starting the product take minutes on a busy machine.
  }, 600_000);

  afterAll(async () => {
    await browser?.close();
    if (server) await stopServer(server);
  });

  it('should log the demo administrator in and wait for the generated usage', { timeout: 600_000 }, async () => {
    await page.goto(server.url);
    await page.locator('input[name=username]').waitFor();
    await logIn(page, 'admin', 'sointu-demo');
    await page.locator('header.top-bar').waitFor();
    admin = CurrentUser.parse(((await getJson(page, '/api/')) as { body: unknown }).body);
    expect(admin.adminOfUsers.length).toBeGreaterThan(0);
    unitId = admin.adminOfUsers[0]!.id;

    const today = new Date();
    const from = day(new Date(today.getTime() - 100 * 86_400_000));
    // The demo writes its usage in the background at first start: wait until the reports see it.
    let usage: AdminUsage | null = null;
    await expect
      .poll(
        async () => {
          const answer = (await getJson(page, `/api/usage?userIdList=${unitId}&firstDay=${from}&lastDay=${day(today)}`)) as { status: number; body: unknown };
          if (answer.status !== 200) return 0;
          usage = AdminUsage.parse(answer.body);
          return usage.users.flatMap((u) => u.months).reduce((sum, m) => sum + m.sessionCount, 0);
        },
        { timeout: 540_000, interval: 5_000 },
      )
      .toBeGreaterThan(0);
    // The busiest complete month: earlier months may be only partly generated, the current one is young.
    const months = usage!.users[0]!.months.filter((m) => m.month < today.toISOString().slice(0, 7));
    const busiest = [...months].sort((a, b) => b.sessionCount - a.sessionCount)[0] ?? usage!.users[0]!.months.at(-1)!;
    expect(busiest.sessionCount).toBeGreaterThan(0);
    month = busiest.month;
  });

  it('should open /reports on a month with data and expand every accordion section', async () => {
    await page.goto(`${server.url}/reports`);
    await page.getByTestId('reports-page').waitFor();
    expect(await page.getByTestId('report-user').inputValue()).toBe(String(unitId));
    for (let step = 0; step < 12 && (await page.getByTestId('month-label').textContent()) !== monthLabel(month); step++) {
      await page.getByTestId('month-prev').click();
    }
    expect(await page.getByTestId('month-label').textContent()).toBe(monthLabel(month));
    await expect.poll(() => page.getByTestId('report-loading').count(), { timeout: 60_000 }).toBe(0);
    firstDay = await page.getByTestId('first-day').inputValue();
    lastDay = await page.getByTestId('last-day').inputValue();
    expect(firstDay).toBe(`${month}-01`);
    await shot(page, 'reports-01-month');

    const toggles = page.locator('[data-testid^="accordion-toggle-"]');
    const count = await toggles.count();
    expect(count).toBeGreaterThanOrEqual(8);
    for (let i = 0; i < count; i++) {
      await toggles.nth(i).click();
      expect(await toggles.nth(i).getAttribute('aria-expanded')).toBe('true');
    }
    const sessions = page.getByTestId('session-list-section');
    await sessions.getByTestId('session-card').first().waitFor({ timeout: 60_000 });
    const sessionTable = page.getByTestId('session-table');
    await sessionTable.locator('tbody tr').first().waitFor({ timeout: 60_000 });
    expect(await sessionTable.locator('tbody tr').count()).toBeGreaterThan(0);
    await page.getByTestId('video-views-section').locator('table').waitFor({ timeout: 60_000 });
    await shot(page, 'reports-02-accordion-expanded');
  });

  it('should page and sort the detailed session table by the results-per-page setting', async () => {
    const table = page.getByTestId('session-table');
    const settings = (await getJson(page, '/api/settings')) as { body: Record<string, string> };
    const pageSize = Number(settings.body.resultsCount ?? '20');
    const details = UsageSessionTable.parse(((await getJson(page, `/api/usage-session-table/${unitId}/${firstDay}/${lastDay}`)) as { body: unknown }).body);
    expect(details.ownData).toBe(false);
    const rows = await table.locator('tbody tr').count();
    expect(rows).toBeLessThanOrEqual(pageSize);
    // An administrator looking at a unit sees a participant count, not who took part.
    const headers = await table.locator('thead th').allTextContents();
    expect(headers.map((h) => h.replace(/[▲▼↕]/g, '').trim())).toContain('Osallistujat');
    const pager = table.getByTestId('pager');
    if ((await pager.count()) > 0) {
      await pager.locator('button.pager-page').nth(1).click();
      expect(await pager.locator('[aria-current=page]').textContent()).toBe('2');
    }
    const lengthHeader = table.locator('thead th').nth(4).locator('button');
    await lengthHeader.click();
    await lengthHeader.click();
    expect(await table.locator('thead th').nth(4).getAttribute('aria-sort')).toBe('descending');
    const lengths = (await table.locator('tbody tr td:nth-child(5)').allTextContents()).filter((s) => s !== '');
    expect(lengths).toEqual([...lengths].sort().reverse());
  });

  it('should open a session and show its breakdown, participants and plays', async () => {
    const sessions = page.getByTestId('session-list-section');
    const heading = await sessions.locator('h3').textContent();
    expect(heading).toMatch(/^Istunnot ajalta \d{1,2}\.\d{1,2}\.\d{4} - \d{1,2}\.\d{1,2}\.\d{4}$/);
    expect(await sessions.getByTestId('session-total-usage').textContent()).toMatch(/^\d{2,}:\d{2}:\d{2}$/);
    // Open the first session that has plays.
    const cards = sessions.getByTestId('session-card');
    let opened = false;
    for (let i = 0; i < (await cards.count()) && !opened; i++) {
      await cards.nth(i).locator('.session-summary').click();
      const plays = cards.nth(i).getByTestId('session-plays').locator('tbody tr td');
      if ((await plays.count()) > 1) opened = true;
      else await cards.nth(i).locator('.session-summary').click();
    }
    expect(opened).toBe(true);
    const body = sessions.getByTestId('session-body').first();
    expect(await body.textContent()).toContain('Istunnon käytön erittely');
    expect(await body.locator('thead th').allTextContents()).toEqual(expect.arrayContaining([expect.stringContaining('Ohjelma')]));
    await body.scrollIntoViewIfNeeded();
    await shot(page, 'reports-03-session-open');
  });

  it('should list short sessions only while "Show short sessions" is on, without changing the total', async () => {
    const sessions = page.getByTestId('session-list-section');
    const total = await sessions.getByTestId('session-total-usage').textContent();
    const counted = Number(await sessions.getAttribute('data-session-count'));
    expect(counted).toBeGreaterThan(0);
    expect(await sessions.locator('.session-card.short').count()).toBe(0);
    const answer = (await getJson(page, `/api/usage-sessions/${unitId}/${firstDay}/${lastDay}?showShortSessions=true`)) as { body: unknown };
    const all = UsageSessions.parse(answer.body).sessions;
    const hidden = all.filter((s) => s.short || s.endTime === null).length;
    expect(all.length - hidden).toBe(counted);

    await sessions.getByTestId('show-short-sessions').check();
    await expect.poll(() => sessions.getAttribute('data-session-count')).toBe(String(counted + hidden));
    expect(await sessions.getByTestId('session-total-usage').textContent()).toBe(total);
    await shot(page, 'reports-04-short-sessions');
    await sessions.getByTestId('show-short-sessions').uncheck();
    await expect.poll(() => sessions.getAttribute('data-session-count')).toBe(String(counted));
  });

  it('should download the session spreadsheet and hold the counted sessions of the table', async () => {
    const sessions = page.getByTestId('session-list-section');
    const [download] = await Promise.all([page.waitForEvent('download'), sessions.getByTestId('download-report').click()]);
    expect(download.suggestedFilename()).toMatch(/\.xlsx$/);
    const path = await download.path();
    const workbook = new ExcelJS.Workbook();
    await workbook.xlsx.readFile(path);
    const sheet = workbook.worksheets[0]!;
    const header = (sheet.getRow(1).values as unknown[]).filter((v) => v !== undefined && v !== null).map(String);
    expect(header.slice(0, 9)).toEqual(['Date', 'Program', 'Program Type', 'Time', 'Length', 'Pause', 'Possible length', 'Session', 'Session length']);
    const table = UsageSessionTable.parse(((await getJson(page, `/api/usage-session-table/${unitId}/${firstDay}/${lastDay}`)) as { body: unknown }).body);
    const sessionsInSheet = new Set<string>();
    sheet.eachRow((row, index) => {
      if (index > 1) sessionsInSheet.add(`${String(row.getCell(1).value)} ${String(row.getCell(8).value)}`);
    });
    expect(table.sessionCount).toBeGreaterThan(0);
    expect(sessionsInSheet.size).toBe(table.sessionCount);
  });

  it('should show the rebuild screen with the serving version and its headline figures', async () => {
    await page.getByTestId('rebuild-link').click();
    await page.waitForURL((url) => url.pathname === '/admin/rebuild');
    await page.getByTestId('rebuild-page').waitFor();
    await page.getByTestId('headline-comparison').waitFor({ timeout: 60_000 });
    expect(await page.getByTestId('current-version').textContent()).toMatch(/Käytössä versio \d+/);
    expect(await page.locator('input[name=shortSessionSeconds]').inputValue()).toBe('20');
    const sessions = page.getByTestId('headline-comparison').locator('tr[data-figure=sessionCount] td');
    expect(await sessions.count()).toBe(1);
    expect(Number(await sessions.first().textContent())).toBeGreaterThan(0);
    await shot(page, 'reports-05-rebuild');
  });

  it('should rebuild under a longer short-session threshold, compare old and new, and switch', { timeout: 600_000 }, async () => {
    await page.locator('input[name=shortSessionSeconds]').fill('120');
    await page.getByTestId('start-rebuild').click();
    const progress = page.getByTestId('rebuild-progress');
    await progress.waitFor({ timeout: 60_000 });
    expect(await progress.getByTestId('rebuild-events').textContent()).toMatch(/^[\d\s\u00a0]+ \/ [\d\s\u00a0]+ \(/);
    await expect.poll(async () => Number(await progress.getByRole('progressbar').getAttribute('aria-valuenow')), { timeout: 120_000 }).toBeGreaterThan(0);
    await shot(page, 'reports-06-rebuild-progress');
    await expect.poll(() => progress.getAttribute('data-caught-up'), { timeout: 540_000, interval: 2_000 }).toBe('true');
    // Old and new side by side: sessions shorter than two minutes no longer count under the new rules.
    const sessions = page.getByTestId('headline-comparison').locator('tr[data-figure=sessionCount] td');
    await expect.poll(() => sessions.count(), { timeout: 30_000 }).toBe(3);
    const [before, after] = [Number(await sessions.nth(0).textContent()), Number(await sessions.nth(1).textContent())];
    expect(before).toBeGreaterThan(0);
    expect(after).toBeLessThanOrEqual(before);
    await shot(page, 'reports-07-rebuild-compared');
    const serving = await page.getByTestId('current-version').textContent();
    await page.getByTestId('switch-version').click();
    await expect.poll(() => page.getByTestId('current-version').textContent(), { timeout: 30_000 }).not.toBe(serving);
    await expect.poll(() => page.getByTestId('drop-old-versions').isEnabled(), { timeout: 30_000 }).toBe(true);
    await page.getByTestId('drop-old-versions').click();
    await page.getByText('Poistetut versiot:').waitFor({ timeout: 60_000 });
    await shot(page, 'reports-08-rebuild-switched');
  });

  it('should open the public report with its token', async () => {
    await page.goto(`${server.url}/?rtoken=demo-public-report`);
    await page.getByTestId('public-report').waitFor({ timeout: 60_000 });
    await expect.poll(() => page.getByTestId('public-report-table').or(page.getByTestId('public-report-empty')).count(), { timeout: 60_000 }).toBeGreaterThan(0);
    expect(await page.getByTestId('public-report-table').count()).toBe(1);
    await shot(page, 'reports-09-public-report');
  });
});

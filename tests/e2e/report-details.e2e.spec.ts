import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ResidentUsage } from '../../schemas/api/public-usage.ts';
import { UsageSessionTable, VideoViews } from '../../schemas/api/usage-details.ts';
import { UsageTotals } from '../../schemas/api/usage-report.ts';
import { CurrentUser } from '../../schemas/api/user.ts';
import { launchBrowser, type Browser } from '../support/browser.ts';
import { chartsSettled, getJson, logIn, shot, startServer, stopServer, type Server } from '../support/product-server.ts';

// The reports of those who are not administrators, on the real server over the demo's generated
// usage: the demo caregiver reads its own unit's detailed session table (residents identified
// and totalled) and video views under the session list; the demo relative opens the participation
// report of their resident from the footer.

const monthLabel = (month: string) => `${Number(month.slice(5, 7))}/${month.slice(0, 4)}`;
const headerTexts = async (page: Page, testId: string) =>
  (await page.getByTestId(testId).locator('thead th').allTextContents()).map((h) => h.replace(/[▲▼↕]/g, '').trim());

async function logInAs(page: Page, server: Server, username: string): Promise<CurrentUser> {
  await page.context().clearCookies();
  await page.goto(server.url);
  await page.locator('input[name=username]').waitFor({ timeout: 60_000 });
  await logIn(page, username, 'sointu-demo');
  await page.locator('header.top-bar').waitFor({ timeout: 60_000 });
  return CurrentUser.parse((await getJson(page, '/api/')).body);
}

describe('own reports and the participation report in the browser', () => {
  let server: Server;
  let browser: Browser;
  let page: Page;
  let caregiver: CurrentUser;
  /** The caregiver's previous month, complete in the generated usage. */
  let month: string;
  let firstDay: string;
  let lastDay: string;

  beforeAll(async () => {
    server = await startServer();
    browser = await launchBrowser();
    page = browser.context.pages()[0] ?? (await browser.context.newPage());
  }, 600_000);

  afterAll(async () => {
    await browser?.close();
    if (server) await stopServer(server);
  });

  it('should log the demo caregiver in and wait until its generated usage is in', { timeout: 900_000 }, async () => {
    caregiver = await logInAs(page, server, 'caregiver');
    expect(caregiver.adminOfUsers).toEqual([]);
    expect(caregiver.config).toMatchObject({ usageReport: true, showSessionReport: true, showDetailedSessionReport: true, showDetailedVideoReport: true });
    const today = new Date().toLocaleDateString('sv-SE', { timeZone: caregiver.timeZone });
    const previous = new Date(`${today.slice(0, 7)}-01T12:00:00Z`);
    previous.setUTCMonth(previous.getUTCMonth() - 1);
    month = previous.toISOString().slice(0, 7);
    firstDay = `${month}-01`;
    lastDay = new Date(Date.UTC(previous.getUTCFullYear(), previous.getUTCMonth() + 1, 0)).toISOString().slice(0, 10);
    // The demo writes its 90 days of usage in the background at first start; the tables are
    // compared with the API, so wait until the unit's figures are there and stop growing.
    const from = new Date(`${firstDay}T12:00:00Z`);
    from.setUTCDate(from.getUTCDate() - 62);
    const sessions = async () => {
      const answer = await getJson(page, `/api/usage/${caregiver.id}/${from.toISOString().slice(0, 10)}/${today}`);
      return answer.status === 200 ? UsageTotals.parse(answer.body).sessionCount : 0;
    };
    await expect.poll(sessions, { timeout: 540_000, interval: 5_000 }).toBeGreaterThan(0);
    let last = -1;
    await expect
      .poll(
        async () => {
          const [seen, now] = [last, await sessions()];
          last = now;
          return now === seen;
        },
        { timeout: 300_000, interval: 10_000 },
      )
      .toBe(true);
    expect(UsageTotals.parse((await getJson(page, `/api/usage/${caregiver.id}/${firstDay}/${lastDay}`)).body).sessionCount).toBeGreaterThan(0);
  });

  it("should show the caregiver's own detailed session table with identification and per-resident totals", { timeout: 300_000 }, async () => {
    await page.goto(`${server.url}/reports`);
    await page.getByTestId('reports-page').waitFor();
    await page.getByTestId('month-prev').click();
    expect(await page.getByTestId('month-label').textContent()).toBe(monthLabel(month));
    expect(await page.getByTestId('first-day').inputValue()).toBe(firstDay);
    // Not an administrator: no accordion, the sections one under another.
    expect(await page.getByTestId('admin-accordion').count()).toBe(0);
    await page.getByTestId('session-list-section').getByTestId('session-card').first().waitFor({ timeout: 60_000 });

    const details = UsageSessionTable.parse((await getJson(page, `/api/usage-session-table/${caregiver.id}/${firstDay}/${lastDay}`)).body);
    expect(details.ownData).toBe(true);
    expect(details.residentTotals?.length).toBeGreaterThan(0);
    const table = page.getByTestId('session-table');
    await table.locator('tbody tr').first().waitFor({ timeout: 60_000 });
    const headers = await headerTexts(page, 'session-table');
    expect(headers).toEqual(['Päivämäärä', 'Ohjelma', 'Ohjelmatyyppi', 'Aika', 'Pituus', 'Tauko', 'mahdollinen pituus', 'Istunto', 'Istunnon pituus', 'Tunniste']);
    // Own data names the residents by their identification (the demo's A-101 ...).
    const identified = await table.locator('tbody tr td:nth-child(10)').allTextContents();
    expect(identified.some((cell) => /A-1\d\d/.test(cell))).toBe(true);

    const totals = table.getByTestId('resident-total');
    expect(await totals.count()).toBe(details.residentTotals!.length);
    const first = details.residentTotals![0]!;
    const cells = await totals.first().locator('td').allTextContents();
    expect(cells.slice(0, 4)).toEqual([`${first.firstName} ${first.lastName}`, first.identification ?? '', String(first.sessionCount), String(first.playCount)]);
    await chartsSettled(page);
    await shot(page, 'report-details-01-caregiver-sessions');
  });

  it("should show the caregiver's own video views under the detailed session table", async () => {
    const views = VideoViews.parse((await getJson(page, `/api/video-views/${caregiver.id}/${firstDay}/${lastDay}`)).body).views;
    expect(views.length).toBeGreaterThan(0);
    const section = page.getByTestId('video-views-section');
    expect(await section.locator('h3').textContent()).toMatch(/^Videoiden katselut ajalta \d{1,2}\.\d{1,2}\.\d{4} - \d{1,2}\.\d{1,2}\.\d{4}$/);
    const rows = section.getByTestId('video-views-table').locator('tbody tr');
    await rows.first().waitFor({ timeout: 60_000 });
    const settings = (await getJson(page, '/api/settings')).body as Record<string, string>;
    expect(await rows.count()).toBe(Math.min(views.length, Number(settings.resultsCount ?? '20')));
    expect((await rows.first().locator('td').allTextContents()).slice(1, 3)).toEqual([views[0]!.time, views[0]!.video]);
    await shot(page, 'report-details-02-caregiver-video-views', section);
  });

  it('should open the participation report of the relative\'s resident from the footer', { timeout: 120_000 }, async () => {
    const relative = await logInAs(page, server, 'relative');
    expect(relative.config.betweenFamilies).toBe(true);
    expect(relative.residentId).not.toBeNull();
    await page.getByTestId('participation-report-link').click();
    const modal = page.locator('[data-modal=RESIDENT_REPORT]');
    await modal.getByTestId('participation-report').waitFor({ timeout: 30_000 });
    expect(await modal.locator('h2').textContent()).toBe('Osallistumisraportti');
    const sessions = modal.getByTestId('participation-sessions').locator('li');
    await sessions.first().waitFor({ timeout: 60_000 });

    // The modal asks for the last 14 days on a local host (spec 3 section 9), in the unit's days.
    const today = new Date().toLocaleDateString('sv-SE', { timeZone: relative.timeZone });
    const from = new Date(`${today}T12:00:00Z`);
    from.setUTCDate(from.getUTCDate() - 13);
    const usage = ResidentUsage.parse((await getJson(page, `/api/resident-usage/${relative.residentId}/${from.toISOString().slice(0, 10)}/${today}`)).body);
    expect(usage.sessions.length).toBeGreaterThan(0);
    expect(await sessions.count()).toBe(usage.sessions.length);
    expect(await modal.textContent()).toContain('Viimeisten 14 päivän istunnot');
    await modal.getByTestId('participation-pie').waitFor();
    expect(await modal.getByTestId('participation-pie').getAttribute('aria-label')).toMatch(/^[^:,]+: \d{2,}:\d{2}:\d{2}(, [^:,]+: \d{2,}:\d{2}:\d{2})*$/);
    await chartsSettled(page);
    await shot(page, 'report-details-03-participation-report');
  });
});

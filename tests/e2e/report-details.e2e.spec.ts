import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ResidentUsage } from '../../schemas/api/public-usage.ts';
import { UsageSessionTable, VideoViews } from '../../schemas/api/usage-details.ts';
import { NotConnectedPlays, UsageDetailsLog } from '../../schemas/api/usage-details-log.ts';
import { UsageSessions, UsageTotals } from '../../schemas/api/usage-report.ts';
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
    server = await startServer({ demo: 'history' });
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
    // The demo's usage since the first of last month is projected before the server starts
    // (startServer's 'history'); the tables are compared with the API, so make sure the unit's
    // figures are there and no longer growing.
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

  it('should show the figures of spec 3 section 3: usage per play source, a session\'s play lists, the usage details log and the plays outside sessions', { timeout: 180_000 }, async () => {
    const settings = (await getJson(page, '/api/settings')).body as Record<string, string>;
    const pageSize = Number(settings.resultsCount ?? '20');

    // Usage per play source beside the other period figures, one row per source and type.
    const totals = UsageTotals.parse((await getJson(page, `/api/usage/${caregiver.id}/${firstDay}/${lastDay}`)).body);
    const perType = page.getByTestId('report-usage-per-type');
    await perType.locator('tbody tr').first().waitFor({ timeout: 60_000 });
    expect(await perType.locator('h3').textContent()).toBe('Käyttö toistolähteittäin');
    expect(await perType.locator('tbody tr').count()).toBe(Math.max(1, Object.keys(totals.usagePerType).length));
    expect(await headerTexts(page, 'usage-per-type-table')).toEqual(['Toistolähde', 'Käyttötapa', 'Toistot', 'Kesto']);
    await shot(page, 'report-details-03-usage-per-type', perType);

    // An opened session lists its plays by kind, by content type and its durations.
    const sessions = UsageSessions.parse((await getJson(page, `/api/usage-sessions/${caregiver.id}/${firstDay}/${lastDay}`)).body).sessions;
    const index = sessions.findIndex((s) => s.audioFilePlayList.length > 0);
    expect(index).toBeGreaterThanOrEqual(0);
    expect(index).toBeLessThan(pageSize);
    const session = sessions[index]!;
    const card = page.getByTestId('session-list-section').getByTestId('session-card').nth(index);
    await card.locator('button.session-summary').click();
    const figures = card.getByTestId('session-figures');
    await figures.waitFor();
    expect(await figures.getByTestId('session-audio-plays').locator('li').count()).toBe(session.audioFilePlayList.length);
    expect(await figures.getByTestId('session-usage-type-info').locator('li').count()).toBe(session.usageTypeInfo.length);
    expect(await figures.getByTestId('session-audio-durations').locator('li').count()).toBe(Object.keys(session.audioFileDurations).length);
    const playCounts = await figures.getByTestId('session-usage-type-info').locator('li .session-figure-value').allTextContents();
    expect(playCounts).toEqual(session.usageTypeInfo.map((i) => (i.count === 1 ? '1 toisto' : `${i.count} toistoa`)));
    await shot(page, 'report-details-04-session-figures', card);

    // The usage details log, a page at a time from the server.
    const log = UsageDetailsLog.parse((await getJson(page, `/api/usage-details-log/${caregiver.id}/${firstDay}/${lastDay}?limit=${pageSize}`)).body);
    expect(log.total).toBeGreaterThan(0);
    const logSection = page.getByTestId('usage-details-log-section');
    const logRows = logSection.getByTestId('usage-details-log-table').locator('tbody tr');
    await logRows.first().waitFor({ timeout: 60_000 });
    expect(await logSection.locator('h3').textContent()).toMatch(/^Käytön lokitiedot ajalta \d{1,2}\.\d{1,2}\.\d{4} - \d{1,2}\.\d{1,2}\.\d{4}$/);
    expect(await logRows.count()).toBe(Math.min(log.total, pageSize));
    expect(await headerTexts(page, 'usage-details-log-table')).toEqual(['Päivämäärä', 'Istunto', 'Istunnon pituus', 'Aika', 'Ohjelma', 'Ohjelmatyyppi', 'Pituus', 'Tauko', 'mahdollinen pituus', 'Kirjattu']);
    expect((await logRows.first().locator('td').allTextContents()).slice(1, 2)).toEqual([String(log.rows[0]!.sessionNumber)]);
    expect(await logRows.first().locator('td').nth(3).textContent()).toBe(log.rows[0]!.playTime);
    await shot(page, 'report-details-05-usage-details-log', logSection);
    if (log.total > pageSize) {
      const second = UsageDetailsLog.parse((await getJson(page, `/api/usage-details-log/${caregiver.id}/${firstDay}/${lastDay}?limit=${pageSize}&offset=${pageSize}`)).body);
      await logSection.getByTestId('pager').getByRole('button', { name: '2', exact: true }).click();
      await expect.poll(async () => logRows.first().locator('td').nth(3).textContent(), { timeout: 30_000 }).toBe(second.rows[0]!.playTime);
      expect(await logRows.count()).toBe(second.rows.length);
    }

    // The plays outside every started session.
    const loose = NotConnectedPlays.parse((await getJson(page, `/api/not-connected-plays/${caregiver.id}/${firstDay}/${lastDay}?limit=${pageSize}`)).body);
    const looseSection = page.getByTestId('not-connected-plays-section');
    await expect.poll(async () => looseSection.getAttribute('data-total'), { timeout: 60_000 }).toBe(String(loose.total));
    const looseRows = looseSection.getByTestId('not-connected-plays-table').locator('tbody tr');
    expect(await looseRows.count()).toBe(Math.max(1, Math.min(loose.total, pageSize)));
    if (loose.total > 0) expect(await looseRows.first().locator('td').nth(1).textContent()).toBe(loose.rows[0]!.playTime);
    await shot(page, 'report-details-06-not-connected-plays', looseSection);
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
    await shot(page, 'report-details-07-participation-report');
  });
});

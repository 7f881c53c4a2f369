import ExcelJS from 'exceljs';
import type { Page, Request } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { GetMessagesRequest, MessageList } from '../../schemas/api/messages.ts';
import { AdminUsage, UsageSessions, UsageTotals } from '../../schemas/api/usage-report.ts';
import { UsageSessionTable, VideoViews } from '../../schemas/api/usage-details.ts';
import { CurrentUser } from '../../schemas/api/user.ts';
import { launchBrowser, type Browser } from '../support/browser.ts';
import { chartsSettled, getJson, logIn, postJson, shot, startServer, stopServer, type Server } from '../support/product-server.ts';

// The usage reports as the demo administrator meets them: the real server over the demo's
// generated usage since the first of last month, Debian's Chromium, month navigation and targets, every accordion
// section (each loading only when expanded), one session opened, the spreadsheet downloaded and
// read back, the administrator's own data, the rebuild screen, and the public report by token.

const day = (date: Date) => date.toISOString().slice(0, 10);
const monthLabel = (month: string) => `${Number(month.slice(5, 7))}/${month.slice(0, 4)}`;

/** The pie's slices as its text alternative reads them: name and HH:mm:ss. */
async function pieSlices(page: Page, testId: string): Promise<Array<{ name: string; seconds: number }>> {
  const label = (await page.getByTestId(testId).getAttribute('aria-label')) ?? '';
  return label.split(', ').filter(Boolean).map((slice) => {
    const [name, duration] = slice.split(': ');
    const [h, m, sec] = (duration ?? '').split(':').map(Number);
    return { name: name!, seconds: h! * 3600 + m! * 60 + sec! };
  });
}

/** The report endpoints, as opposed to the shell's pings, session checks and play logs. */
const isReportRequest = (path: string) => /^\/api\/(usage|usage-sessions|usage-session-table|video-views)(\/|$)/.test(path);

// Spec 3 section 9: the guided pie shows Video as Theme and 'Sing Along' as SingAlong.
const guidedType = (type: string) => ({ Video: 'Theme', 'Sing Along': 'SingAlong' })[type] ?? type;

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
  /** The results-per-page setting of the administrator. */
  let pageSize: number;
  /** Every report request of the page (path and query), in order, from the report's first load. */
  const requested: string[] = [];

  beforeAll(async () => {
    server = await startServer({ demo: 'history' });
    browser = await launchBrowser();
    page = browser.context.pages()[0] ?? (await browser.context.newPage());
    // Building the web app and starting the product take minutes on a busy machine.
  }, 600_000);

  afterAll(async () => {
    await browser?.close();
    if (server) await stopServer(server);
  });

  it('should log the demo administrator in and wait until the generated usage is in', { timeout: 900_000 }, async () => {
    await page.goto(server.url);
    await page.locator('input[name=username]').waitFor();
    await logIn(page, 'admin', 'sointu-demo');
    await page.locator('header.top-bar').waitFor();
    admin = CurrentUser.parse((await getJson(page, '/api/')).body);
    expect(admin.adminOfUsers.length).toBeGreaterThan(0);
    // The demo caregiver unit: the one with generated usage (the administrator also administers
    // relatives it added or invited, who have none).
    unitId = admin.adminOfUsers.find((u) => u.name === 'caregiver')!.id;

    const today = new Date();
    const from = day(new Date(today.getTime() - 100 * 86_400_000));
    // The demo writes its usage in the background at first start: wait until the reports see it.
    let usage: AdminUsage | null = null;
    await expect
      .poll(
        async () => {
          const answer = await getJson(page, `/api/usage?userIdList=${unitId}&firstDay=${from}&lastDay=${day(today)}`);
          if (answer.status !== 200) return 0;
          usage = AdminUsage.parse(answer.body);
          return usage.users.flatMap((u) => u.months).reduce((sum, m) => sum + m.sessionCount, 0);
        },
        { timeout: 540_000, interval: 5_000 },
      )
      .toBeGreaterThan(0);
    // The sections are compared with the API, so wait until every unit's figures stop growing.
    let seen = '';
    await expect
      .poll(
        async () => {
          const answer = await getJson(page, `/api/usage?firstDay=${from}&lastDay=${day(today)}`);
          const [before, now] = [seen, JSON.stringify(answer.body)];
          seen = now;
          return answer.status === 200 && now === before;
        },
        { timeout: 300_000, interval: 10_000 },
      )
      .toBe(true);
    usage = AdminUsage.parse(JSON.parse(seen));
    const unit = usage.users.find((u) => u.userId === unitId)!;
    // The busiest complete month: the current one is young.
    const months = unit.months.filter((m) => m.month < today.toISOString().slice(0, 7));
    const busiest = [...months].sort((a, b) => b.sessionCount - a.sessionCount)[0] ?? unit.months.at(-1)!;
    expect(busiest.sessionCount).toBeGreaterThan(0);
    month = busiest.month;
  });

  it('should open /reports in the current month, where next month is closed and targets can be set', async () => {
    page.on('request', (request: Request) => {
      const url = new URL(request.url());
      if (isReportRequest(url.pathname)) requested.push(url.pathname + url.search);
    });
    await page.goto(`${server.url}/reports`);
    await page.getByTestId('reports-page').waitFor();
    // Spec 3: an administrator's own id is selected first; the unit is chosen from the list.
    expect(await page.getByTestId('report-user').inputValue()).toBe(String(admin.id));
    await page.getByTestId('report-user').selectOption(String(unitId));
    const today = new Date().toLocaleDateString('sv-SE', { timeZone: admin.timeZone });
    expect(await page.getByTestId('month-label').textContent()).toBe(monthLabel(today.slice(0, 7)));
    expect(await page.getByTestId('month-next').isDisabled()).toBe(true);
    // The targets load after the figures; then the current month's selectors open.
    await expect.poll(() => page.getByTestId('target-sessions').isEnabled(), { timeout: 60_000 }).toBe(true);
    const categoryTargets = page.locator('[data-testid^="target-category-"]');
    await expect.poll(() => categoryTargets.count(), { timeout: 60_000 }).toBeGreaterThan(0);
    for (const target of await categoryTargets.all()) await expect.poll(() => target.isEnabled(), { timeout: 30_000 }).toBe(true);
  });

  it('should go back to the busiest past month, where next month opens and every target selector is closed', async () => {
    for (let step = 0; step < 12 && (await page.getByTestId('month-label').textContent()) !== monthLabel(month); step++) {
      await page.getByTestId('month-prev').click();
    }
    expect(await page.getByTestId('month-label').textContent()).toBe(monthLabel(month));
    expect(await page.getByTestId('month-next').isEnabled()).toBe(true);
    await expect.poll(() => page.getByTestId('report-loading').count(), { timeout: 60_000 }).toBe(0);
    firstDay = await page.getByTestId('first-day').inputValue();
    lastDay = await page.getByTestId('last-day').inputValue();
    expect(firstDay).toBe(`${month}-01`);
    // Closed because the month is past, not because the targets are still loading: the title says why.
    const categoryTargets = page.locator('[data-testid^="target-category-"]');
    await expect.poll(() => categoryTargets.count(), { timeout: 60_000 }).toBeGreaterThan(0);
    const targets = [page.getByTestId('target-sessions'), ...(await categoryTargets.all())];
    for (const target of targets) {
      await expect.poll(() => target.getAttribute('title'), { timeout: 30_000 }).toBe('Tavoitteet asetetaan vain kuluvalle kuukaudelle.');
      expect(await target.isDisabled()).toBe(true);
    }
    await page.getByTestId('report-chart-sessions').waitFor();
    await chartsSettled(page);
    await shot(page, 'reports-01-month');
  });

  it('should load each accordion section only once it is expanded, and show its figures', { timeout: 300_000 }, async () => {
    const others = admin.adminOfUsers.map((u) => u.id).filter((id) => id !== unitId);
    expect(others.length).toBeGreaterThan(0);
    const sectionRequests: Record<string, (path: string) => boolean> = {
      users: (path) => path.startsWith('/api/usage?'),
      sessions: (path) => path.startsWith(`/api/usage-sessions/${unitId}/`),
      'detailed-sessions': (path) => path.startsWith(`/api/usage-session-table/${unitId}/`),
      'detailed-videos': (path) => path.startsWith(`/api/video-views/${unitId}/`),
      'guided-usage': (path) => others.some((id) => path.startsWith(`/api/usage/${id}/`)),
    };
    const requestedFor = (name: string) => requested.filter(sectionRequests[name]!).length;
    for (const name of Object.keys(sectionRequests)) expect(requestedFor(name), `${name} before expanding`).toBe(0);
    const expand = async (name: string) => {
      const toggle = page.getByTestId(`accordion-toggle-${name}`);
      await toggle.click();
      expect(await toggle.getAttribute('aria-expanded')).toBe('true');
      if (sectionRequests[name]) await expect.poll(() => requestedFor(name), { timeout: 30_000 }).toBeGreaterThan(0);
      return page.getByTestId(`accordion-section-${name}`);
    };
    expect(await page.locator('[data-testid^="accordion-toggle-"]').count()).toBe(8);
    const settings = (await getJson(page, '/api/settings')).body as Record<string, string>;
    pageSize = Number(settings.resultsCount ?? '20');
    const totals = UsageTotals.parse((await getJson(page, `/api/usage/${unitId}/${firstDay}/${lastDay}`)).body);

    // Individual users: one row per user and month, the month's sessions as the warehouse counts them.
    const users = await expand('users');
    const usage = AdminUsage.parse((await getJson(page, `/api/usage?firstDay=${firstDay}&lastDay=${lastDay}`)).body);
    const table = users.getByTestId('individual-users-table');
    await table.waitFor({ timeout: 60_000 });
    expect(await table.locator('tbody tr td:nth-child(3)').allTextContents()).toEqual(usage.users.flatMap((u) => u.months.map((m) => String(m.sessionCount))));
    for (const user of usage.users) expect(await table.textContent()).toContain(user.name);

    const sessions = await expand('sessions');
    await sessions.getByTestId('session-card').first().waitFor({ timeout: 60_000 });
    expect(Number(await sessions.getByTestId('session-list-section').getAttribute('data-session-count'))).toBeGreaterThan(0);

    const detailed = await expand('detailed-sessions');
    await detailed.getByTestId('session-table').locator('tbody tr').first().waitFor({ timeout: 60_000 });
    expect(await detailed.getByTestId('session-table').locator('tbody tr').count()).toBeGreaterThan(0);

    // Video views: the earliest view first, a page of the results-per-page setting.
    const videos = await expand('detailed-videos');
    const views = VideoViews.parse((await getJson(page, `/api/video-views/${unitId}/${firstDay}/${lastDay}`)).body).views;
    expect(views.length).toBeGreaterThan(0);
    const videoRows = videos.getByTestId('video-views-table').locator('tbody tr');
    await videoRows.first().waitFor({ timeout: 60_000 });
    expect(await videoRows.count()).toBe(Math.min(views.length, pageSize));
    const firstView = await videoRows.first().locator('td').allTextContents();
    expect(firstView.slice(1, 3)).toEqual([views[0]!.time, views[0]!.video]);
    await shot(page, 'reports-02-video-views', videos);

    // Ratings reuse the figures already loaded: no request, the period's score counts.
    const before = requested.length;
    const ratings = await expand('ratings');
    const audioRatings = totals.audioFileEvaluations;
    expect(audioRatings['1'] + audioRatings['0'] + audioRatings['-1']).toBeGreaterThan(0);
    for (const [target, counts] of [['audio-files', audioRatings], ['message-items', totals.messageItemEvaluations]] as const) {
      const cells = await ratings.getByTestId(`ratings-${target}`).locator('td.num').allTextContents();
      expect(cells, target).toEqual([counts['1'], counts['0'], counts['-1']].map(String));
    }
    expect(requested.slice(before)).toEqual([]);
    await shot(page, 'reports-02-ratings', ratings);

    // The guided usage of every administered unit together, by content type.
    const guided = await expand('guided-usage');
    const perType = new Map<string, number>();
    for (const id of admin.adminOfUsers.map((u) => u.id)) {
      const unitTotals = UsageTotals.parse((await getJson(page, `/api/usage/${id}/${firstDay}/${lastDay}`)).body);
      for (const [type, seconds] of Object.entries(unitTotals.guidedUsage)) perType.set(guidedType(type), (perType.get(guidedType(type)) ?? 0) + seconds);
    }
    const expected = [...perType.values()].filter((seconds) => seconds > 0);
    expect(expected.length).toBeGreaterThan(0);
    await guided.getByTestId('all-users-guided-pie').waitFor({ timeout: 120_000 });
    const slices = await pieSlices(page, 'all-users-guided-pie');
    expect(slices.length).toBe(expected.length);
    const shown = slices.reduce((sum, s) => sum + s.seconds, 0);
    // Each slice is rounded to the second on screen.
    expect(Math.abs(shown - expected.reduce((a, b) => a + b, 0))).toBeLessThanOrEqual(slices.length);

    // Message clicks: opens of message items by content type, as a table and a pie.
    const clicks = await expand('message-clicks');
    const expectedClicks = Object.values(totals.messageItemClicks).filter((n) => n > 0).sort((a, b) => b - a);
    expect(expectedClicks.length).toBeGreaterThan(0);
    const clickRows = clicks.getByTestId('message-clicks-row');
    expect(await clickRows.count()).toBe(expectedClicks.length);
    expect(await clickRows.locator('td.num').allTextContents()).toEqual(expectedClicks.map(String));
    expect((await pieSlices(page, 'message-clicks-pie')).length).toBe(expectedClicks.length);

    // Messages for report: the sent usage-report messages of the unit from the first midnight to the
    // midnight after the last day, as many on screen as the API answers.
    const [messagesRequest] = await Promise.all([
      page.waitForRequest((request) => request.method() === 'POST' && new URL(request.url()).pathname === '/api/get-messages', { timeout: 30_000 }),
      expand('messages'),
    ]);
    const messages = page.getByTestId('messages-for-report');
    const messagesBody = GetMessagesRequest.parse(messagesRequest.postDataJSON());
    const dayAfterLast = day(new Date(Date.parse(`${lastDay}T12:00:00Z`) + 86_400_000));
    expect(messagesBody.query).toMatchObject({ usageReport: true, sent: true, userId: unitId });
    expect(messagesBody.query.startTime).toMatch(new RegExp(`^${firstDay}T00:00:00`));
    expect(messagesBody.query.endTime).toMatch(new RegExp(`^${dayAfterLast}T00:00:00`));
    const sentMessages = MessageList.parse((await postJson(page, '/api/get-messages', messagesBody)).body);
    await expect.poll(() => messages.getByTestId('report-message').or(messages.getByTestId('section-empty')).count(), { timeout: 60_000 }).toBeGreaterThan(0);
    // The demo sends a note for every month its usage touches.
    expect(sentMessages.length).toBeGreaterThan(0);
    expect(await messages.getByTestId('report-message').count()).toBe(sentMessages.length);
    await shot(page, 'reports-02-messages', messages);
    expect(requested.slice(before).filter((path) => !sectionRequests['guided-usage']!(path) && !path.startsWith(`/api/usage/${unitId}/`))).toEqual([]);

    await chartsSettled(page);
    await shot(page, 'reports-02-accordion-expanded');
  });

  it('should page and sort the detailed session table by the results-per-page setting', async () => {
    const table = page.getByTestId('session-table');
    const details = UsageSessionTable.parse((await getJson(page, `/api/usage-session-table/${unitId}/${firstDay}/${lastDay}`)).body);
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
    const answer = await getJson(page, `/api/usage-sessions/${unitId}/${firstDay}/${lastDay}?showShortSessions=true`);
    const all = UsageSessions.parse(answer.body).sessions;
    const hidden = all.filter((s) => s.short || s.endTime === null).length;
    expect(all.length - hidden).toBe(counted);
    // The list filters the one answer it has (short sessions included): the toggle asks for nothing.
    const sessionRequests = () => requested.filter((path) => path.startsWith('/api/usage-sessions/')).length;
    const askedBefore = sessionRequests();

    await sessions.getByTestId('show-short-sessions').check();
    await expect.poll(() => sessions.getAttribute('data-session-count')).toBe(String(counted + hidden));
    expect(await sessions.getByTestId('session-total-usage').textContent()).toBe(total);
    await shot(page, 'reports-04-short-sessions');
    await sessions.getByTestId('show-short-sessions').uncheck();
    await expect.poll(() => sessions.getAttribute('data-session-count')).toBe(String(counted));
    expect(sessionRequests()).toBe(askedBefore);
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
    const table = UsageSessionTable.parse((await getJson(page, `/api/usage-session-table/${unitId}/${firstDay}/${lastDay}`)).body);
    const sessionsInSheet = new Set<string>();
    sheet.eachRow((row, index) => {
      if (index > 1) sessionsInSheet.add(`${String(row.getCell(1).value)} ${String(row.getCell(8).value)}`);
    });
    expect(table.sessionCount).toBeGreaterThan(0);
    expect(sessionsInSheet.size).toBe(table.sessionCount);
  });

  it("should show the administrator's own id with the viewer's own columns: Identification, not a participant count", async () => {
    await page.getByTestId('report-user').selectOption(String(admin.id));
    const table = page.getByTestId('session-table');
    const headers = async () => (await table.locator('thead th').allTextContents()).map((h) => h.replace(/[▲▼↕]/g, '').trim());
    await expect.poll(headers, { timeout: 60_000 }).toContain('Tunniste');
    expect(await headers()).not.toContain('Osallistujat');
    const details = UsageSessionTable.parse((await getJson(page, `/api/usage-session-table/${admin.id}/${firstDay}/${lastDay}`)).body);
    expect(details.ownData).toBe(true);
    await expect.poll(() => table.getByTestId('resident-total').count(), { timeout: 30_000 }).toBe(details.residentTotals?.length ?? 0);
    await page.getByTestId('report-user').selectOption(String(unitId));
    await expect.poll(headers, { timeout: 60_000 }).toContain('Osallistujat');
  });

  it("should list the current month's usage-report messages under 'Messages for report'", { timeout: 120_000 }, async () => {
    const current = new Date().toLocaleDateString('sv-SE', { timeZone: admin.timeZone }).slice(0, 7);
    for (let step = 0; step < 12 && (await page.getByTestId('month-label').textContent()) !== monthLabel(current); step++) {
      await page.getByTestId('month-next').click();
    }
    expect(await page.getByTestId('month-label').textContent()).toBe(monthLabel(current));
    // Still expanded from the accordion test; the section reloads for the new period.
    const toggle = page.getByTestId('accordion-toggle-messages');
    if ((await toggle.getAttribute('aria-expanded')) !== 'true') await toggle.click();
    const section = page.getByTestId('messages-for-report');
    // The demo sends a usage-report message dated in the current month to every unit it administers.
    await section.getByTestId('report-message').first().waitFor({ timeout: 60_000 });
    expect(await section.getByTestId('report-message').count()).toBeGreaterThan(0);
    expect((await section.getByTestId('report-message-title').first().textContent())?.trim()).not.toBe('');
    // The sections above reload for the new month too: shoot once none is loading and their charts are drawn.
    await expect.poll(() => page.getByTestId('section-loading').count(), { timeout: 60_000 }).toBe(0);
    await chartsSettled(page);
    await section.scrollIntoViewIfNeeded();
    await shot(page, 'reports-02-messages-current-month', section);
  });

  it('should show the rebuild screen to the operator, not to the unit administrator', async () => {
    // Administering units never implies operator power (DOMAIN.md section 4): no link, and the path leads home.
    expect(await page.getByTestId('rebuild-link').count()).toBe(0);
    await page.goto(`${server.url}/admin/rebuild`);
    await page.waitForURL((url) => url.pathname !== '/admin/rebuild');
    // The operator lands on the rebuild screen.
    await page.context().clearCookies();
    await page.goto(server.url);
    await page.locator('input[name=username]').waitFor({ timeout: 60_000 });
    await logIn(page, 'operator', 'sointu-demo');
    await page.waitForURL((url) => url.pathname === '/admin/rebuild', { timeout: 60_000 });
    await page.getByTestId('rebuild-page').waitFor();
    await page.getByTestId('headline-comparison').waitFor({ timeout: 60_000 });
    expect(await page.getByTestId('current-version').textContent()).toMatch(/Käytössä versio \d+/);
    expect(await page.locator('input[name=shortSessionSeconds]').inputValue()).toBe('20');
    const sessions = page.getByTestId('headline-comparison').locator('tr[data-figure=sessionCount] td');
    expect(await sessions.count()).toBe(1);
    expect(Number(await sessions.first().textContent())).toBeGreaterThan(0);
    await shot(page, 'reports-05-rebuild');
    // Below: every projection the server runs, none stuck on an event.
    const projections = page.getByTestId('projections-panel');
    await projections.locator('tbody tr').first().waitFor({ timeout: 30_000 });
    expect(await projections.locator('tr[data-projection=usage-warehouse]').count()).toBeGreaterThan(0);
    expect(await projections.locator('tr[data-state=failing]').count()).toBe(0);
    expect(await projections.getByTestId('projection-problem').count()).toBe(0);
    await projections.scrollIntoViewIfNeeded();
    await shot(page, 'reports-05-projections', projections);
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

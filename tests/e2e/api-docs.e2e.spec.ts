import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { launchBrowser, type Browser } from '../support/browser.ts';
import { getJson, logIn, postJson, shot, startServer, stopServer, type Server } from '../support/product-server.ts';

// Issue 18 items 7 and 2 in the real server over the demo data: the operator browses the API's
// description at /api/docs (typed requests one path per type), a caregiver gets no map, and
// set-force-reload makes a caregiver's open browser load the app again through /ws.

describe('the API description and set-force-reload in the browser', () => {
  let server: Server;
  let operatorBrowser: Browser;
  let caregiverBrowser: Browser;
  let operator: Page;
  let caregiver: Page;

  beforeAll(async () => {
    server = await startServer();
    operatorBrowser = await launchBrowser({ width: 1280, height: 900 });
    caregiverBrowser = await launchBrowser();
    operator = operatorBrowser.context.pages()[0] ?? (await operatorBrowser.context.newPage());
    caregiver = caregiverBrowser.context.pages()[0] ?? (await caregiverBrowser.context.newPage());
  }, 600_000);

  afterAll(async () => {
    await operatorBrowser?.close();
    await caregiverBrowser?.close();
    if (server) await stopServer(server);
  });

  it('shows the operator the API document in the browser; the caregiver gets none of it', { timeout: 300_000 }, async () => {
    await caregiver.goto(server.url);
    await caregiver.locator('input[name=username]').waitFor({ timeout: 60_000 });
    await logIn(caregiver, 'caregiver', 'sointu-demo');
    await caregiver.locator('.shell').waitFor({ timeout: 60_000 });
    expect((await getJson(caregiver, '/api/openapi.json')).status).toBe(403);
    expect((await getJson(caregiver, '/api/docs/json')).status).toBe(403);

    await operator.goto(server.url);
    await operator.locator('input[name=username]').waitFor({ timeout: 60_000 });
    await logIn(operator, 'operator', 'sointu-demo');
    await operator.waitForURL((url) => url.pathname.startsWith('/admin'), { timeout: 60_000 });
    // The page's own copy of the document is the whole of it, typed requests one path per type.
    const document = (await getJson(operator, '/api/docs/json')).body as { paths: Record<string, unknown> };
    expect(Object.keys(document.paths).length).toBeGreaterThan(150);
    expect(document.paths).toHaveProperty(['/api/requests/set-audio-file-categories']);
    await operator.goto(`${server.url}/api/docs`);
    await operator.locator('.opblock').first().waitFor({ timeout: 60_000 });
    await shot(operator, 'api-docs-01-overview');
  });

  // Swagger UI draws its operations in a virtual list: only those near the viewport are in the
  // page at a time. So the check scrolls through the whole list and gathers what it sees.
  it('lists every operation in the browser and opens a typed request', { timeout: 300_000 }, async () => {
    const described = (await getJson(operator, '/api/openapi.json')).body as { paths: Record<string, Record<string, unknown>> };
    const inDocument = Object.entries(described.paths).flatMap(([path, methods]) => Object.keys(methods).map((method) => `${method.toUpperCase()} ${path}`));
    await operator.goto(`${server.url}/api/docs`);
    await operator.locator('.opblock').first().waitFor({ timeout: 60_000 });
    const drawn = () =>
      operator.locator('.opblock-summary').evaluateAll((summaries) =>
        summaries.map((summary) => `${summary.querySelector('.opblock-summary-method')?.textContent} ${summary.querySelector('.opblock-summary-path')?.textContent?.replace(/\u200b/g, '')}`),
      );
    // Scrolls down half a screen at a time from the top until `stop` says so or the list ends.
    const scrollThrough = async (stop: () => Promise<boolean>) => {
      await operator.evaluate(() => window.scrollTo(0, 0));
      for (let atEnd = false; ; ) {
        await operator.waitForTimeout(100);
        if ((await stop()) || atEnd) return;
        atEnd = await operator.evaluate(() => {
          window.scrollBy(0, window.innerHeight / 2);
          return window.innerHeight + window.scrollY >= document.body.scrollHeight - 2;
        });
      }
    };
    const seen = new Set<string>();
    await scrollThrough(async () => {
      for (const operation of await drawn()) seen.add(operation);
      return false;
    });
    expect([...seen].sort()).toEqual([...new Set(inDocument)].sort());

    const typed = operator.locator('.opblock', { hasText: '/api/requests/set-audio-file-categories' });
    await scrollThrough(async () => (await typed.count()) > 0);
    await typed.scrollIntoViewIfNeeded();
    await typed.locator('.opblock-summary').click();
    await typed.getByText('audioFileIds').first().waitFor({ timeout: 30_000 });
    await shot(operator, 'api-docs-02-typed-request', typed);
  });

  it('reloads the caregiver\'s open app when the operator sets force reload', { timeout: 180_000 }, async () => {
    await caregiver.locator('.shell[data-live=answered]').waitFor({ timeout: 60_000 });
    const { body: me } = await getJson(caregiver, '/api/');
    const userId = (me as { id: number }).id;
    // A mark on the page's window: a reload takes it away.
    await caregiver.evaluate(() => ((window as unknown as { beforeReload: boolean }).beforeReload = true));
    const reloaded = caregiver.waitForEvent('load', { timeout: 60_000 });
    const answer = await postJson(operator, '/api/requests/set-force-reload', { value: true, userIds: [userId] });
    expect(answer).toEqual({ status: 200, body: { changed: 1 } });
    await reloaded;
    expect(await caregiver.evaluate(() => (window as unknown as { beforeReload?: boolean }).beforeReload ?? false)).toBe(false);
  });
});

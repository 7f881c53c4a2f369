import type { Page, Request } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { Activity, Resident } from '../../schemas/api/residents.ts';
import { launchBrowser, type Browser } from '../support/browser.ts';
import { getJson, logIn, shot, startServer, stopServer, type Server } from '../support/product-server.ts';

// Spec 1 section 4's delayed put on the settings tabs (issue 16 item 6): a stored resident's or
// activity's fields save as they are typed, one PUT 500 ms after the last key, said saved in the
// editor, with no save button. Every PUT the page sends is counted, so a word typed letter by letter
// (slower than the sync loop's 500 ms ticks, faster than the delay) must reach the server once.

const ui = { timeout: 60_000 };
/** Between keys: well under the 500 ms delay, while a word still spans several sync ticks. */
const keyDelayMs = 150;

describe('fields typed in place on the residents and activities tabs', () => {
  let server: Server;
  let browser: Browser;
  let page: Page;
  const puts: Array<{ path: string; body: unknown }> = [];

  beforeAll(async () => {
    server = await startServer();
    browser = await launchBrowser({ width: 1024, height: 800 });
    page = browser.context.pages()[0] ?? (await browser.context.newPage());
    page.on('request', (request: Request) => {
      const path = new URL(request.url()).pathname;
      // Only these tabs' rows: other parts of the shell may PUT their own things meanwhile.
      if (request.method() === 'PUT' && /^\/api\/(residents|activities)\//.test(path)) puts.push({ path, body: request.postDataJSON() });
    });
    await page.goto(server.url);
    await logIn(page, 'caregiver', 'sointu-demo');
    await page.locator('header.top-bar').waitFor(ui);
  }, 600_000);

  afterAll(async () => {
    await browser?.close();
    if (server) await stopServer(server);
  });

  it("should save a resident's typed first name with one PUT, say so, and keep it after a reload", { timeout: 300_000 }, async () => {
    await page.goto(`${server.url}/residents`);
    const rows = page.getByTestId('resident-row');
    const aino = rows.filter({ hasText: 'Aino Virtanen' });
    await aino.waitFor(ui);
    await aino.getByTestId('edit-resident').click();
    const modal = page.locator('[data-modal="EditResident"]');
    const status = modal.getByTestId('save-status');
    expect(await status.getAttribute('data-state')).toBe('idle');
    // No save button: the fields save themselves.
    expect(await modal.getByRole('button', { name: 'Tallenna' }).count()).toBe(0);

    puts.length = 0;
    const firstName = modal.locator('input[name=firstName]');
    await firstName.fill('');
    await firstName.pressSequentially('Annikki', { delay: keyDelayMs });
    await expect.poll(() => status.getAttribute('data-state'), ui).toBe('saved');
    expect(await status.textContent()).toContain('Tallennettu');
    // The row behind the editor shows the new name already.
    await expect.poll(() => rows.filter({ hasText: 'Annikki Virtanen' }).count(), ui).toBe(1);
    await shot(page, 'typed-in-place-01-resident-saved');
    // Nothing more goes while the editor stays open, nor when it closes: the word went once.
    await page.waitForTimeout(1500);
    await modal.getByTestId('editor-done').click();
    await modal.waitFor({ state: 'detached', ...ui });
    await page.waitForTimeout(1000);
    expect(puts).toHaveLength(1);
    expect(puts[0]!.path).toMatch(/^\/api\/residents\/\d+$/);
    expect(puts[0]!.body).toEqual({ firstName: 'Annikki' });

    const id = Number(puts[0]!.path.split('/').pop());
    expect(Resident.parse((await getJson(page, `/api/residents/${id}`)).body)).toMatchObject({ firstName: 'Annikki', lastName: 'Virtanen', identification: 'A-101' });
    await page.reload();
    await rows.first().waitFor(ui);
    await expect.poll(() => rows.filter({ hasText: 'Annikki Virtanen' }).count(), ui).toBe(1);
    expect(await rows.filter({ hasText: 'Aino Virtanen' }).count()).toBe(0);
  });

  it('should rename an activity as it is typed, and never send an empty name', { timeout: 300_000 }, async () => {
    await page.goto(`${server.url}/activities`);
    const rows = page.getByTestId('activity-row');
    const singAlong = rows.filter({ hasText: 'Sing-along' });
    await singAlong.waitFor(ui);
    await singAlong.getByTestId('edit-activity').click();
    const modal = page.locator('[data-modal="EditActivity"]');
    const status = modal.getByTestId('save-status');
    const name = modal.locator('input[name=name]');

    puts.length = 0;
    await name.fill('');
    await name.pressSequentially('Yhteislaulu', { delay: keyDelayMs });
    await expect.poll(() => status.getAttribute('data-state'), ui).toBe('saved');
    await page.waitForTimeout(1500);
    expect(puts).toEqual([{ path: expect.stringMatching(/^\/api\/activities\/\d+$/), body: { name: 'Yhteislaulu' } }]);

    // Emptied: said to need a name, nothing sent, and the last name given stays.
    await name.fill('');
    await modal.getByTestId('activity-name-required').waitFor(ui);
    await shot(page, 'typed-in-place-02-activity-name-required');
    await page.waitForTimeout(1500);
    expect(puts).toHaveLength(1);
    await modal.getByTestId('editor-done').click();
    await modal.waitFor({ state: 'detached', ...ui });
    expect(puts).toHaveLength(1);

    const id = Number(puts[0]!.path.split('/').pop());
    expect(Activity.parse((await getJson(page, `/api/activities/${id}`)).body)).toMatchObject({ name: 'Yhteislaulu', active: true });
    await page.reload();
    await rows.first().waitFor(ui);
    await expect.poll(async () => (await rows.allTextContents()).join('|'), ui).toContain('Yhteislaulu');
    expect((await rows.allTextContents()).join('|')).not.toContain('Sing-along');
    await shot(page, 'typed-in-place-03-activities-after-reload');
  });
});

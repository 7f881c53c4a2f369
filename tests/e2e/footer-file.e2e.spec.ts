import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { CurrentUser } from '../../schemas/api/user.ts';
import { launchBrowser, type Browser } from '../support/browser.ts';
import { getJson, logIn, postJson, putJson, shot, startServer, stopServer, type Server } from '../support/product-server.ts';

// Spec 1 section 2's footer: "A footer help text is shown (custom HTML from the user's instructions
// Footer, or from a footer file)". The demo's Solgården has a footer file (its administrator's HTML,
// copied from a web page with a script and an inline handler: tools/seed/demo-units.ts); an operator
// gives it to other units through the back office's users entity (PUT /api/users/{id}
// footerFileId). The footer shows the file's text sanitised, and a unit's own Footer text wins.

const ui = { timeout: 60_000 };

interface BackOfficeUser {
  id: number;
  name: string;
  footerFileId: number | null;
}

describe('the footer file in the browser', () => {
  let server: Server;
  let browser: Browser;
  let page: Page;
  const fileRequests: string[] = [];

  beforeAll(async () => {
    server = await startServer();
    browser = await launchBrowser({ width: 1024, height: 768 });
    page = browser.context.pages()[0] ?? (await browser.context.newPage());
    page.on('request', (request) => {
      const path = new URL(request.url()).pathname;
      if (/^\/api\/file\/\d+$/.test(path)) fileRequests.push(path);
    });
  }, 600_000);

  afterAll(async () => {
    await browser?.close();
    if (server) await stopServer(server);
  });

  async function logInAs(name: string): Promise<CurrentUser> {
    await browser.context.clearCookies();
    await page.goto(server.url);
    await logIn(page, name, 'sointu-demo');
    await page.locator('header.top-bar').waitFor(ui);
    return CurrentUser.parse((await getJson(page, '/api/')).body);
  }

  /** A user as the operator's back office reads them (POST /api/get/users). */
  async function findUser(name: string): Promise<BackOfficeUser> {
    const answer = await postJson(page, '/api/get/users', { query: name });
    expect(answer.status).toBe(200);
    return (answer.body as { items: BackOfficeUser[] }).items.find((user) => user.name === name)!;
  }

  /** The footer's text shows, and nothing of the file ran: no script, no handler, no flag they set. */
  async function expectSafeFooterFile(): Promise<void> {
    const footerText = page.getByTestId('footer-text');
    await footerText.waitFor(ui);
    await expect.poll(() => footerText.textContent(), ui).toContain('Besökstider');
    expect(await footerText.textContent()).toContain('Solgården äldreboende');
    expect(await footerText.locator('a[href="tel:+46812345678"]').count()).toBe(1);
    expect(await footerText.locator('details[open] summary').textContent()).toBe('Besökstider');
    expect(await footerText.locator('script').count()).toBe(0);
    expect(await footerText.locator('[ontoggle]').count()).toBe(0);
    expect(await page.locator('.default-footer').count()).toBe(0);
    // The details element's toggle event has fired by now: a handler left in would have set the flag.
    await page.waitForTimeout(500);
    expect(await page.evaluate(() => 'footerScriptRan' in window)).toBe(false);
  }

  it("should show Solgården's footer file, sanitised, in place of the default footer", { timeout: 300_000 }, async () => {
    const user = await logInAs('solgarden');
    expect(user.footerFileId).not.toBeNull();
    expect(user.uiParams.instructions?.Footer).toBeUndefined();
    await expectSafeFooterFile();
    expect(fileRequests).toContain(`/api/file/${user.footerFileId}`);
    await shot(page, 'footer-file-01-solgarden', page.locator('footer.footer'));
    await shot(page, 'footer-file-02-solgarden-page');
  });

  it("should let an operator give a unit the footer file through the back office, and a unit's own Footer text win over it", { timeout: 300_000 }, async () => {
    await logInAs('operator');
    const solgarden = await findUser('solgarden');
    const fileId = solgarden.footerFileId;
    expect(fileId).toEqual(expect.any(Number));
    for (const name of ['kotikallio-b', 'metsarinne']) {
      const unit = await findUser(name);
      expect(unit.footerFileId).toBeNull();
      const changed = await putJson(page, `/api/users/${unit.id}`, { footerFileId: fileId });
      expect(changed).toMatchObject({ status: 200, body: { id: unit.id, footerFileId: fileId } });
    }
    // A file that is not there is refused, naming the field, and changes nothing.
    const kotikallio = await findUser('kotikallio-b');
    const refused = await putJson(page, `/api/users/${kotikallio.id}`, { footerFileId: 2_000_000_000 });
    expect(refused.status).toBe(400);
    expect(JSON.stringify(refused.body)).toContain('footerFileId');
    expect((await findUser('kotikallio-b')).footerFileId).toBe(fileId);

    // A unit without a footer text of its own now shows the file.
    fileRequests.length = 0;
    expect((await logInAs('kotikallio-b')).footerFileId).toBe(fileId);
    await expectSafeFooterFile();
    await shot(page, 'footer-file-03-given-by-the-operator', page.locator('footer.footer'));

    // Metsärinne has its own Footer text: that shows, and the file is not even fetched.
    fileRequests.length = 0;
    const metsarinne = await logInAs('metsarinne');
    expect(metsarinne.footerFileId).toBe(fileId);
    expect(metsarinne.uiParams.instructions?.Footer).toContain('musiikkihetki');
    const footerText = page.getByTestId('footer-text');
    await footerText.waitFor(ui);
    expect(await footerText.textContent()).toContain('musiikkihetki arkisin klo 14');
    await page.waitForTimeout(1500);
    expect(await footerText.textContent()).not.toContain('Besökstider');
    expect(fileRequests).toEqual([]);
    await shot(page, 'footer-file-04-own-footer-text-wins', page.locator('footer.footer'));
  });

  it('should show the default footer again once the operator takes the file away', { timeout: 300_000 }, async () => {
    await logInAs('operator');
    const unit = await findUser('kotikallio-b');
    expect((await putJson(page, `/api/users/${unit.id}`, { footerFileId: null })).status).toBe(200);
    await logInAs('kotikallio-b');
    await page.locator('.default-footer').waitFor(ui);
    expect(await page.getByTestId('footer-text').count()).toBe(0);
  });
});

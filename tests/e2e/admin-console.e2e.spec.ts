import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { allEntitySchemas } from '../../schemas/api/back-office/all-entities.ts';
import { audioFileEntity } from '../../schemas/api/back-office/library-entities.ts';
import { typedRequestTypes } from '../../schemas/api/back-office/all-typed-requests.ts';
import { launchBrowser, type Browser } from '../support/browser.ts';
import { getJson, logIn, postJson, shot, startServer, stopServer, type Server } from '../support/product-server.ts';

// The operator console (/admin, issue 18 item 6) in a real browser on the real server with the
// demo seed: every entity of the list renders its list, a category is created and edited through
// the generated form, a bad field shows the server's ValidationError beside it and writes nothing,
// the history tab shows the audit rows, a typed request runs from the actions tab, the Requests
// view lists every typed request, finds one by search, runs it and names a refused field; and a
// caregiver is sent away from /admin.

const name = 'Konsolikategoria';

describe('operator console', () => {
  let server: Server;
  let browser: Browser;
  let page: Page;

  beforeAll(async () => {
    server = await startServer();
    browser = await launchBrowser();
    page = browser.context.pages()[0] ?? (await browser.context.newPage());
    await page.goto(server.url);
    await logIn(page, 'operator', 'sointu-demo');
    await page.getByTestId('rebuild-page').waitFor();
    // Generous: the machine is shared, and the first start seeds the demo and its usage.
  }, 420_000);

  afterAll(async () => {
    await browser?.close();
    if (server) await stopServer(server);
  });

  const view = (entity: string) => page.getByTestId(`entity-view-${entity}`);

  it('lists every entity of the schema list without an error', async () => {
    await page.getByTestId('admin-console-link').click();
    await page.getByTestId('admin-console').waitFor();
    for (const { schemas } of allEntitySchemas) {
      await page.getByTestId(`console-entity-${schemas.name}`).click();
      await view(schemas.name).waitFor();
      await expect.poll(() => view(schemas.name).getByTestId('entity-count').textContent(), { timeout: 20_000 }).toMatch(/^Rivit \d+–\d+ \/ \d+$/);
      expect(await view(schemas.name).getByRole('alert').count(), schemas.name).toBe(0);
      expect(page.url()).toBe(`${server.url}/admin/${schemas.name}`);
    }
    // The demo seed fills the library: the list shows its rows, not only a count.
    await page.getByTestId(`console-entity-${audioFileEntity.name}`).click();
    await view(audioFileEntity.name).getByTestId('entity-row').first().waitFor();
    await shot(page, 'admin-console-01-audio-files');
    // A read model has no form: its row opens uncut in the details tab.
    await page.getByTestId('console-entity-logging').click();
    await view('logging').getByTestId('entity-row').first().locator('td').first().click();
    await view('logging').getByTestId('entity-details').waitFor();
    expect(await view('logging').getByTestId('entity-form').count()).toBe(0);
    expect(await view('logging').getByTestId('entity-details').textContent()).toContain('action');
  }, 300_000);

  it('creates and edits a category, shows a bad field beside it and writes nothing for it', async () => {
    await page.getByTestId('console-entity-categories2').click();
    const categories = view('categories2');
    await categories.getByTestId('new-entity').click();
    const form = categories.getByTestId('entity-form');
    await form.locator('#form-categories2-name').fill(name);
    await form.locator('#form-categories2-type').selectOption('Music');
    await form.locator('#form-categories2-contentTypePriority').fill('5');
    await form.getByTestId('save-entity').click();
    await expect.poll(() => form.locator('h4').textContent(), { timeout: 20_000 }).toMatch(/^Muokkaa riviä \d+$/);
    const id = Number((await form.locator('h4').textContent())!.replace(/\D/g, ''));

    // Filter by the text query: the new row is the one found.
    await categories.locator('#filter-categories2-query').fill(name);
    await categories.getByTestId('entity-filter').getByRole('button', { name: 'Suodata' }).click();
    await expect.poll(() => categories.getByTestId('entity-count').textContent(), { timeout: 20_000 }).toBe('Rivit 1–1 / 1');

    await form.locator('#form-categories2-description').fill('Konsolista muokattu');
    await form.getByTestId('save-entity').click();
    await expect.poll(async () => (await getJson(page, `/api/categories2/${id}`)).body, { timeout: 20_000 }).toMatchObject({ description: 'Konsolista muokattu' });

    // A bad field: the server's message stands beside it, and nothing is written.
    await form.locator('#form-categories2-name').fill('');
    await form.locator('#form-categories2-contentTypePriority').fill('paljon');
    await form.getByTestId('save-entity').click();
    await form.getByTestId('error-name').waitFor();
    await form.getByTestId('error-contentTypePriority').waitFor();
    expect(await form.getByTestId('error-name').textContent()).toBe('Must not be empty');
    await shot(page, 'admin-console-02-validation-error');
    expect((await getJson(page, `/api/categories2/${id}`)).body).toMatchObject({ name, contentTypePriority: 5 });

    await categories.getByTestId('tab-history').click();
    const history = categories.getByTestId('entity-history');
    await history.waitFor();
    // The insert and the one change; the refused save left no row.
    expect(await history.getByTestId('history-row').count()).toBe(2);
    expect(await history.getByTestId('history-row').first().textContent()).toContain('description:  → Konsolista muokattu');
    expect(await history.getByTestId('history-row').last().textContent()).toContain('INSERT');
    await shot(page, 'admin-console-03-history');
  }, 120_000);

  it('runs a typed request from the actions of the row', async () => {
    await page.getByTestId(`console-entity-${audioFileEntity.name}`).click();
    const files = view(audioFileEntity.name);
    const row = files.getByTestId('entity-row').first();
    await row.waitFor();
    // Its first cell: a wide row's middle may lie outside the scrolled list.
    await row.locator('td').first().click();
    await files.getByTestId('tab-actions').click();
    const action = files.getByTestId('action-set-audio-file-active');
    const id = Number(await action.locator('#action-set-audio-file-active-audioFileIds').inputValue());
    expect(id).toBeGreaterThan(0);
    const before = (await getJson(page, `/api/audio-files2/${id}`)).body as { active: boolean };
    await action.locator('#action-set-audio-file-active-active').selectOption(before.active ? 'false' : 'true');
    await action.getByRole('button', { name: 'Suorita' }).click();
    await expect.poll(() => action.getByTestId('action-answer').textContent().catch(() => ''), { timeout: 20_000 }).toBe('Valmis: {"changed":1}');
    expect((await getJson(page, `/api/audio-files2/${id}`)).body).toMatchObject({ active: !before.active });
    // A bad prop is named beside its input, as in the entity forms.
    await action.locator('#action-set-audio-file-active-audioFileIds').fill('2147483000');
    await action.getByRole('button', { name: 'Suorita' }).click();
    await action.getByTestId('error-audioFileIds').waitFor();
    await shot(page, 'admin-console-04-action');
    // The console keeps the entity last open (set-admin-ui-state): /admin reopens it.
    await page.goto(`${server.url}/admin`);
    await view(audioFileEntity.name).waitFor();
    expect(page.url()).toBe(`${server.url}/admin/${audioFileEntity.name}`);
  }, 120_000);

  it('lists every typed request, finds one by search, runs it and shows the server refusing a field', async () => {
    await page.getByTestId('console-requests').click();
    const requests = page.getByTestId('requests-view');
    await requests.waitFor();
    expect(page.url()).toBe(`${server.url}/admin/requests`);
    const items = requests.locator('.console-request-list li');
    expect(await items.count()).toBe(typedRequestTypes.length);
    expect(await requests.getByTestId('request-count').textContent()).toBe(`Pyyntöjä löytyi: ${typedRequestTypes.length} / ${typedRequestTypes.length}`);

    // The search reads the type, the server's sentence of what it does, and the entities it sits beside.
    await requests.getByTestId('request-search').fill('force-reload');
    await expect.poll(() => items.count()).toBe(1);
    await requests.getByTestId('request-set-force-reload').click();
    expect(page.url()).toBe(`${server.url}/admin/requests?type=set-force-reload`);
    const detail = requests.getByTestId('request-detail');
    await expect.poll(() => detail.getByTestId('request-effect').textContent(), { timeout: 20_000 }).toContain("Makes the users' open browsers reload the app");
    expect(await detail.getByTestId('request-permission').textContent()).toBe('Service operators.');

    // Run it for liisa, a user no other test here logs in as: one row changed, and its audit row.
    const users = (await postJson(page, '/api/get/users', { query: 'liisa' })).body as { items: Array<{ id: number; name: string }> };
    const liisa = users.items.find((u) => u.name === 'liisa')!.id;
    const form = detail.getByTestId('action-set-force-reload');
    await form.locator('#action-set-force-reload-value').selectOption('true');
    await form.locator('#action-set-force-reload-userIds').fill(String(liisa));
    await form.getByRole('button', { name: 'Suorita' }).click();
    await expect.poll(() => form.getByTestId('action-answer').textContent().catch(() => ''), { timeout: 20_000 }).toBe('Valmis: {"changed":1}');
    const audit = (await postJson(page, '/api/get/logging', { tables: ['users'], rowIds: [liisa], sort: 'id-desc', limit: 1 })).body as { items: Array<{ query: string }> };
    expect(audit.items[0]?.query).toBe('set-force-reload');
    await shot(page, 'admin-console-05-request-done');

    // A user that does not exist: the server's ValidationError stands beside userIds, nothing changes.
    await form.locator('#action-set-force-reload-userIds').fill('2147483000');
    await form.getByRole('button', { name: 'Suorita' }).click();
    await form.getByTestId('error-userIds').waitFor();
    expect(await form.getByTestId('action-answer').count()).toBe(0);
    await shot(page, 'admin-console-06-request-refused');

    // A request the server does not permit this operator (liisa is not a user they administer)
    // says so in words, and hands out no support session.
    await requests.getByTestId('request-search').fill('');
    await requests.getByTestId('request-login-as-user').click();
    const loginAs = detail.getByTestId('action-login-as-user');
    await loginAs.locator('#action-login-as-user-userId').fill(String(liisa));
    await loginAs.getByRole('button', { name: 'Suorita' }).click();
    await expect.poll(() => loginAs.getByRole('alert').textContent().catch(() => ''), { timeout: 20_000 }).toMatch(/Evätty: sinulla ei ole oikeutta suorittaa tätä pyyntöä\./);
    expect(await loginAs.getByTestId('action-answer').count()).toBe(0);
    await shot(page, 'admin-console-07-request-access-denied');
  }, 120_000);

  it('sends a caregiver away from /admin, and the server refuses their calls', async () => {
    await postJson(page, '/api/logout', {});
    await page.goto(server.url);
    await logIn(page, 'caregiver', 'sointu-demo');
    await page.locator('header.top-bar').waitFor();
    expect(await page.getByTestId('admin-console-link').count()).toBe(0);
    await page.goto(`${server.url}/admin/categories2`);
    await page.locator('header.top-bar').waitFor();
    await expect.poll(() => new URL(page.url()).pathname, { timeout: 20_000 }).not.toMatch(/^\/admin/);
    expect(await page.getByTestId('admin-console').count()).toBe(0);
    expect((await postJson(page, '/api/get/categories2', {})).status).toBe(403);
  }, 120_000);
});

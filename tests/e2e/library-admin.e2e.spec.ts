import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { LibraryAudioFileList } from '../../schemas/api/library-admin.ts';
import { launchBrowser, type Browser } from '../support/browser.ts';
import { getJson, logIn, postJson, shot, startServer, stopServer, type Server } from '../support/product-server.ts';
import { silentMp3 } from '../support/test-mp3.ts';

// The operators' content library (/admin/library, issue 18 items 3 and 4) in a real browser on the
// real server with the demo seed: the operator uploads a small real MP3 with the progress bar,
// files it with a category and its priority, sees it in the list with its length read from the
// media, runs a CreateAudioFileTask and watches it finish in the task list; then the demo
// caregiver finds the new file in search.

const name = 'Kuutamovalssi';

describe('content library for operators', () => {
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

  it('uploads a sound with progress and files it with a category and its priority', async () => {
    await page.getByTestId('library-admin-link').click();
    await page.getByTestId('library-admin-page').waitFor();
    await page.locator('input[type=file]').setInputFiles({ name: `${name}.mp3`, mimeType: 'audio/mpeg', buffer: silentMp3(4) });
    const form = page.getByTestId('audio-file-form');
    await form.waitFor({ timeout: 20_000 });
    // The upload's own bar: the task list below has bars of its own (the demo queues a task).
    expect(await page.locator('.upload-progress[role=progressbar]').getAttribute('aria-valuenow')).toBe('100');
    // The length is the server's reading of the media: 4 seconds.
    expect(await page.getByTestId('uploaded-file').textContent()).toContain(`${name}.mp3 (00:04)`);
    expect(await page.getByTestId('audio-file-name').inputValue()).toBe(name);
    const category = form.getByTestId('audio-file-categories').locator('.library-choice').first();
    const categoryName = (await category.locator('label').textContent())!.trim();
    await category.locator('input[type=checkbox]').check();
    await category.locator('input[type=number]').fill('3');
    await shot(page, 'library-admin-01-new-audio-file');
    await page.getByTestId('save-audio-file').click();
    await form.waitFor({ state: 'detached' });
    const row = page.getByTestId('library-file').filter({ hasText: name });
    await row.waitFor();
    expect(await row.textContent()).toContain(`${categoryName} (3)`);
    expect(await row.textContent()).toContain('00:04');
    await shot(page, 'library-admin-02-filed');
  });

  it('runs a CreateAudioFileTask and shows it done in the task list', async () => {
    const listed = LibraryAudioFileList.parse((await getJson(page, `/api/library/audio-files?query=${name}`)).body);
    const fileId = listed.items[0]!.fileId;
    const added = await postJson(page, '/api/admin/app-tasks', { task: { kind: 'CreateAudioFileTask', upload: { fileId, name: `${name} (tehtävä)` } } });
    expect(added.status, JSON.stringify(added.body)).toBe(200);
    await page.reload();
    const task = page.getByTestId('app-task').filter({ hasText: 'CreateAudioFileTask' }).first();
    await task.waitFor();
    await expect.poll(() => task.textContent(), { timeout: 60_000, interval: 1000 }).toContain('Valmis');
    expect(await task.locator('progress').getAttribute('value')).toBe('1');
    await page.reload();
    await page.getByTestId('library-file').filter({ hasText: `${name} (tehtävä)` }).waitFor();
    await shot(page, 'library-admin-03-task-done');
  });

  it('lets the caregiver find the new file in search', async () => {
    await postJson(page, '/api/logout', {});
    await page.goto(server.url);
    await logIn(page, 'caregiver', 'sointu-demo');
    await page.locator('header.top-bar').waitFor();
    await page.goto(`${server.url}/search`);
    await page.getByTestId('search-input').pressSequentially('kuutamo', { delay: 40 });
    const row = page.getByTestId('search-row').filter({ hasText: name }).first();
    await row.waitFor({ timeout: 20_000 });
    await shot(page, 'library-admin-04-caregiver-search');
  });
});

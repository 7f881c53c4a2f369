import { join, resolve } from 'node:path';
import type { Page } from 'playwright-core';
import sharp from 'sharp';
import { build } from 'vite';
import react from '@vitejs/plugin-react';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { launchBrowser, type Browser } from '../support/browser.ts';
import { logIn, shot, startServer, stopServer, type Server } from '../support/product-server.ts';

// The upload button (web/components/upload-button/) and web/lib/upload.ts in a real browser against
// the real server: the relative chooses a photo, sees the progress bar fill and "File uploaded: ",
// and its thumbnail comes back from GET /api/file/{id}/thumbnail; a text file named .png ends in the
// failure state and stores nothing. The control sits alone on a harness page
// (tests/e2e/upload-harness/), built beside the app and served by the same server, so the page has
// the relative's session.

const root = resolve(import.meta.dirname, '..', '..');

describe('upload button', () => {
  let server: Server;
  let browser: Browser;
  let page: Page;

  beforeAll(async () => {
    server = await startServer();
    await build({
      configFile: false,
      root: join(root, 'tests', 'e2e', 'upload-harness'),
      base: '/upload-harness/',
      plugins: [react()],
      logLevel: 'warn',
      build: { outDir: join(root, 'dist', 'web', 'upload-harness'), emptyOutDir: true },
    });
    browser = await launchBrowser();
    page = browser.context.pages()[0] ?? (await browser.context.newPage());
    await page.goto(server.url);
    await logIn(page, 'relative', 'sointu-demo');
    await page.locator('header.top-bar').waitFor();
  });

  afterAll(async () => {
    await browser?.close();
    if (server) await stopServer(server);
  });

  const photo = () =>
    sharp({ create: { width: 900, height: 600, channels: 3, background: { r: 90, g: 150, b: 90 } } })
      .composite([{ input: Buffer.from('<svg width="900" height="600"><circle cx="450" cy="300" r="200" fill="#f2b134"/></svg>'), top: 0, left: 0 }])
      .png()
      .toBuffer();

  it('uploads a photo with progress, says "File uploaded: " and shows its thumbnail', async () => {
    await page.goto(`${server.url}/upload-harness/index.html`);
    const button = page.getByTestId('upload-button');
    await expect.poll(() => button.getAttribute('data-phase')).toBe('idle');
    await page.locator('input[type=file]').setInputFiles({ name: 'Puutarhassa.png', mimeType: 'image/png', buffer: await photo() });
    await expect.poll(() => button.getAttribute('data-success'), { timeout: 20_000 }).toBe('true');
    expect(await page.getByTestId('upload-result').textContent()).toBe('Tiedosto ladattu: Puutarhassa.png');
    expect(await page.getByRole('progressbar').getAttribute('aria-valuenow')).toBe('100');
    expect(await page.getByTestId('harness-uploading').textContent()).toBe('false');
    const thumbnail = page.locator('[data-testid=harness-files] img');
    await thumbnail.waitFor();
    await expect.poll(() => thumbnail.evaluate((img: HTMLImageElement) => img.complete && img.naturalWidth), { timeout: 10_000 }).toBe(250);
    const id = Number(await page.locator('[data-testid=harness-files] li').getAttribute('data-file-id'));
    const stored = await page.evaluate(async (url) => {
      const response = await fetch(url, { credentials: 'same-origin' });
      return { status: response.status, type: response.headers.get('content-type') };
    }, `/api/file/${id}`);
    expect(stored).toEqual({ status: 200, type: 'image/png' });
    await shot(page, 'upload-button-uploaded');
  });

  it('ends in the failure state for a text file named .png, and the same file can be chosen again', async () => {
    await page.goto(`${server.url}/upload-harness/index.html?lang=fin`);
    const button = page.getByTestId('upload-button');
    await page.locator('input[type=file]').setInputFiles({ name: 'kuva.png', mimeType: 'image/png', buffer: Buffer.from('tämä ei ole kuva') });
    await expect.poll(() => button.getAttribute('data-success'), { timeout: 20_000 }).toBe('false');
    expect(await page.getByTestId('upload-failed').textContent()).toContain('Lataus epäonnistui');
    expect(await page.getByTestId('upload-failed').textContent()).toContain('Tätä tiedostotyyppiä ei tueta');
    expect(await page.locator('input[type=file]').inputValue()).toBe('');
    await shot(page, 'upload-button-failed');

    await page.goto(`${server.url}/upload-harness/index.html?lang=swe`);
    await page.locator('input[type=file]').setInputFiles({ name: 'bild.png', mimeType: 'image/png', buffer: Buffer.from('ingen bild') });
    await expect.poll(() => page.getByTestId('upload-button').getAttribute('data-success'), { timeout: 20_000 }).toBe('false');
    expect(await page.getByTestId('upload-failed').textContent()).toContain('Uppladdningen misslyckades');
  });
});

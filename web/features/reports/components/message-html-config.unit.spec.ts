import { createRequire } from 'node:module';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import { launchBrowser, type Browser } from '../../../../tests/support/browser.ts';
import { messageHtmlConfig } from './message-html-config.ts';

// The report's DOMPurify settings, applied by the real DOMPurify in a real browser: Node has no DOM,
// and a DOM imitation would not parse HTML as the browser that shows the note does.

const purifyScript = createRequire(import.meta.url).resolve('dompurify/dist/purify.js');

let browser: Browser;
let page: Page;
beforeAll(async () => {
  browser = await launchBrowser();
  page = await browser.context.newPage();
  await page.setContent('<!doctype html><html><body></body></html>');
  await page.addScriptTag({ path: purifyScript });
}, 60_000);
afterAll(async () => browser?.close());

const sanitize = (html: string): Promise<string> =>
  page.evaluate(
    ({ html, config, uri }) => {
      const purify = (window as unknown as { DOMPurify: { sanitize(h: string, c: object): string } }).DOMPurify;
      return purify.sanitize(html, { ...config, ALLOWED_URI_REGEXP: new RegExp(uri.source, uri.flags) });
    },
    { html, config: { FORBID_TAGS: messageHtmlConfig.FORBID_TAGS, FORBID_ATTR: messageHtmlConfig.FORBID_ATTR }, uri: { source: messageHtmlConfig.ALLOWED_URI_REGEXP.source, flags: messageHtmlConfig.ALLOWED_URI_REGEXP.flags } },
  );

describe('messageHtmlConfig', () => {
  it('should drop style attributes and <style> elements, so a note cannot cover the page', async () => {
    expect(await sanitize('<div style="position:fixed;inset:0;z-index:9999;background:#fff">Gone</div>')).toBe('<div>Gone</div>');
    expect(await sanitize('<style>body{display:none}</style><p>Hello</p>')).toBe('<p>Hello</p>');
    expect(await sanitize('<p class="shell" id="root">Hi</p>')).toBe('<p>Hi</p>');
  });

  it('should keep web and mail links and drop other schemes', async () => {
    expect(await sanitize('<a href="https://example.com/a">a</a>')).toBe('<a href="https://example.com/a">a</a>');
    expect(await sanitize('<a href="mailto:tuki@sointu.example">m</a>')).toBe('<a href="mailto:tuki@sointu.example">m</a>');
    expect(await sanitize('<a href="javascript:alert(1)">x</a>')).toBe('<a>x</a>');
    expect(await sanitize('<a href="data:text/html,<script>alert(1)</script>">d</a>')).toBe('<a>d</a>');
    expect(await sanitize('<a href="/api/logout">r</a>')).toBe('<a>r</a>');
  });

  it('should keep ordinary formatting', async () => {
    expect(await sanitize('<p><strong>Hyvää</strong> <em>päivää</em></p><ul><li>yksi</li></ul>')).toBe('<p><strong>Hyvää</strong> <em>päivää</em></p><ul><li>yksi</li></ul>');
  });
});

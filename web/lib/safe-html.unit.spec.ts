import path from 'node:path';
import { build } from 'esbuild';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import { launchBrowser, type Browser } from '../../tests/support/browser.ts';
import { sanitizeHtml as serverSanitizeHtml } from '../../schemas/common/safe-html.ts';

// The browser's sanitizer (safe-html.ts, DOMPurify) run as the page runs it, in a real browser:
// Node has no DOM, and a DOM imitation would not parse HTML as the browser that shows it does.
// It follows the one HTML policy (schemas/common/html-policy.ts), as the server's sanitize-html
// does: both give the same answer on the attack below.

let browser: Browser;
let page: Page;
beforeAll(async () => {
  const bundle = await build({
    stdin: { contents: "import { sanitizeHtml } from './safe-html.ts'; (window as any).sanitizeHtml = sanitizeHtml;", resolveDir: import.meta.dirname, loader: 'ts' },
    bundle: true,
    format: 'iife',
    write: false,
    absWorkingDir: path.resolve(import.meta.dirname, '../..'),
  });
  browser = await launchBrowser();
  page = await browser.context.newPage();
  await page.setContent('<!doctype html><html><body></body></html>');
  await page.addScriptTag({ content: bundle.outputFiles[0]!.text });
}, 60_000);
afterAll(async () => browser?.close());

const sanitize = (html: string): Promise<string> => page.evaluate((h) => (window as unknown as { sanitizeHtml(x: string): string }).sanitizeHtml(h), html);

describe('sanitizeHtml in the browser', () => {
  it('should drop script, handlers, styles, class and id, so HTML cannot run or cover the page', async () => {
    expect(await sanitize('<div style="position:fixed;inset:0;z-index:9999;background:#fff" onclick="x()">Gone</div>')).toBe('<div>Gone</div>');
    expect(await sanitize('<style>body{display:none}</style><p>Hello</p><script>alert(1)</script>')).toBe('<p>Hello</p>');
    expect(await sanitize('<p class="shell" id="root">Hi</p>')).toBe('<p>Hi</p>');
    expect(await sanitize('<iframe src="https://evil.example/"></iframe><form><input name="p"></form><svg><a href="x">s</a></svg>ok')).toBe('ok');
  });

  it('should keep web and mail links and the app\'s own images, and drop other URLs', async () => {
    expect(await sanitize('<a href="https://example.com/a">a</a>')).toBe('<a href="https://example.com/a">a</a>');
    expect(await sanitize('<a href="mailto:tuki@sointu.example">m</a>')).toBe('<a href="mailto:tuki@sointu.example">m</a>');
    expect(await sanitize('<a href="tel:+46812345678">t</a>')).toBe('<a href="tel:+46812345678">t</a>');
    expect(await sanitize('<a href="javascript:alert(1)">x</a>')).toBe('<a>x</a>');
    expect(await sanitize('<a href="data:text/html,<script>alert(1)</script>">d</a>')).toBe('<a>d</a>');
    expect(await sanitize('<a href="/api/logout">r</a><a href="/api/file/3">f</a>')).toBe('<a>r</a><a>f</a>');
    expect(await sanitize('<img src="/api/file/7/thumbnail?width=250" alt="k">')).toBe('<img src="/api/file/7/thumbnail?width=250" alt="k">');
    expect(await sanitize('<img src="https://evil.example/p.gif" onerror="x()">')).toBe('<img>');
  });

  it('should keep ordinary formatting', async () => {
    expect(await sanitize('<p><strong>Hyvää</strong> <em>päivää</em></p><ul><li>yksi</li></ul>')).toBe('<p><strong>Hyvää</strong> <em>päivää</em></p><ul><li>yksi</li></ul>');
  });

  it('should agree with the server\'s sanitizer on an attack', async () => {
    const attack = '<p style="color:red" class="c" onmouseover="x()">A <a href="javascript:x()">j</a> <a href="https://example.org/" title="t">w</a><script>x()</script></p><h2 id="h">T</h2><table><tbody><tr><td colspan="2">c</td></tr></tbody></table><ol start="3" lang="fi" dir="ltr"><li>x</li></ol><img src="/api/file/1" width="20" height="10" alt="a"><details open=""><summary>S</summary>D</details><a href="tel:+358401234567">p</a>';
    // sanitize-html writes void elements as <img />, the browser as <img>: the same HTML.
    expect(await sanitize(attack)).toBe(serverSanitizeHtml(attack).replaceAll(' />', '>'));
    // And the browser's pass leaves what the server stored as it is.
    const stored = serverSanitizeHtml(attack);
    expect(await sanitize(stored)).toBe(await sanitize(attack));
  });
});

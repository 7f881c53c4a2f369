import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import vm from 'node:vm';
import { build, type Rollup } from 'vite';
import { describe, expect, it } from 'vitest';
import { earlyRequestGlobal } from '../../web/lib/early-request.ts';
import { earlyRequestsScript, firstLoadHints, type PreloadFiles } from './first-load-hints.ts';

const pageData = { '/': ['/api/landing-data'], '/landing': ['/api/landing-data'] };

// A real Vite build of a small app: an entry that loads two pages and a texts module lazily, one
// page with a shared import and its own CSS, as web/app/router.tsx and web/lib/i18n/i18n.ts do.
const files: Record<string, string> = {
  'index.html': '<!doctype html><html><head><title>t</title></head><body><script type="module" src="./main.js"></script></body></html>',
  'main.js': [
    "import { shared } from './shared-entry.js';",
    "window.pages = { landing: () => import('./pages/landing.js'), other: () => import('./pages/other.js') };",
    "window.texts = () => import('./texts/fin.js');",
    'console.log(shared);',
  ].join('\n'),
  'shared-entry.js': "export const shared = 'entry ' + Math.random();",
  'pages/landing.js': "import './landing.css'; import { helper } from '../helper.js'; import { shared } from '../shared-entry.js'; export const landing = helper() + shared;",
  'pages/other.js': "import { helper } from '../helper.js'; export const other = helper() + 'other';",
  'pages/landing.css': '.landing { color: red; }',
  'helper.js': "export const helper = () => 'helped ' + Math.random();",
  'texts/fin.js': "export default { Hello: 'Hei' };",
};

async function buildHtml(modules: readonly string[], pageModules: Record<string, readonly string[]> = {}): Promise<{ html: string; files: string[] }> {
  const root = fs.mkdtempSync(path.join(os.tmpdir(), 'first-load-hints-'));
  try {
    for (const [name, text] of Object.entries(files)) {
      fs.mkdirSync(path.dirname(path.join(root, name)), { recursive: true });
      fs.writeFileSync(path.join(root, name), text);
    }
    const result = (await build({
      root,
      configFile: false,
      logLevel: 'silent',
      plugins: [firstLoadHints({ modules, pageData, pageModules })],
      build: { write: false, modulePreload: { polyfill: false } },
    })) as Rollup.RollupOutput;
    const html = result.output.find((output) => output.fileName === 'index.html');
    if (html?.type !== 'asset') throw new Error('the build wrote no index.html');
    return { html: String(html.source), files: result.output.map((output) => output.fileName) };
  } finally {
    fs.rmSync(root, { recursive: true, force: true });
  }
}

const fileOf = (files: string[], name: RegExp) => {
  const found = files.find((file) => name.test(file));
  if (!found) throw new Error(`no output file matches ${name}`);
  return found;
};

describe('first-load hints in the built index.html', () => {
  it('should preload the given lazy pages with their own imports and CSS and the texts, not what the entry brings nor other pages', async () => {
    const { html, files: output } = await buildHtml(['pages/landing.js', 'texts/fin.js']);
    const landing = fileOf(output, /assets\/landing-.*\.js$/);
    const helper = fileOf(output, /assets\/helper-.*\.js$/);
    const texts = fileOf(output, /assets\/fin-.*\.js$/);
    const css = fileOf(output, /assets\/landing-.*\.css$/);
    const other = fileOf(output, /assets\/other-.*\.js$/);
    const entry = fileOf(output, /assets\/index-.*\.js$/);
    const preloaded = [...html.matchAll(/<link rel="modulepreload" crossorigin href="\/([^"]+)">/g)].map((match) => match[1]);
    expect(preloaded.sort()).toEqual([helper, landing, texts].sort());
    expect(preloaded).not.toContain(other);
    expect(preloaded).not.toContain(entry);
    expect(html).toContain(`<link rel="stylesheet" crossorigin href="/${css}">`);
    // The session's request starts before the entry script is even asked for: its preload link
    // comes first in the document, then the script that takes its answer.
    const link = html.indexOf('<link rel="preload" as="fetch" crossorigin href="/api/">');
    const script = html.indexOf(`<script>${earlyRequestsScript(pageData)}</script>`);
    expect(link).toBeGreaterThan(-1);
    expect(script).toBeGreaterThan(link);
    expect(script).toBeLessThan(html.indexOf(`src="/${entry}"`));
  }, 60_000);

  it("should leave a path's own pages to the inline script, preloaded on that path only", async () => {
    const { html, files: output } = await buildHtml(['texts/fin.js'], { '/other': ['pages/other.js'] });
    const other = fileOf(output, /assets\/other-.*\.js$/);
    const helper = fileOf(output, /assets\/helper-.*\.js$/);
    expect(html).not.toContain(`<link rel="modulepreload" crossorigin href="/${other}">`);
    expect(html).toContain(earlyRequestsScript(pageData, { '/other': { js: [`/${other}`, `/${helper}`].sort((a, b) => html.indexOf(a) - html.indexOf(b)), css: [] } }));
  }, 60_000);

  it('should fail the build when a module to preload has no chunk (a renamed page)', async () => {
    await expect(buildHtml(['pages/renamed.js'])).rejects.toThrow('first-load hints: the build has no chunk for pages/renamed.js');
  }, 60_000);
});

describe('the inline early-requests script', () => {
  const run = (pathname: string, search: string, token: string | null, preloads: Record<string, PreloadFiles> = {}) => {
    const requests: Array<{ url: string; init: RequestInit }> = [];
    const links: Array<{ rel: string; href: string; crossOrigin: string }> = [];
    const context: Record<string, unknown> = {
      document: { createElement: () => ({}), head: { appendChild: (link: { rel: string; href: string; crossOrigin: string }) => links.push({ ...link }) } },
      location: { pathname, search },
      localStorage: { getItem: (key: string) => (key === 'sointu.jwt' ? token : null) },
      performance: { now: () => 42 },
      fetch: (url: string, init: RequestInit) => {
        requests.push({ url, init });
        return Promise.resolve(new Response('{}'));
      },
    };
    context.window = context;
    vm.runInNewContext(earlyRequestsScript(pageData, preloads), context);
    return { requests, links, early: context[earlyRequestGlobal] as Array<{ url: string; authorization: string | null; at: number }> | undefined };
  };

  it('should ask for the session and the data of the path opened with the stored bearer token and leave the requests for the app', () => {
    const { requests, early } = run('/', '', 'jwt-1');
    const init = { credentials: 'same-origin', headers: { Authorization: 'Bearer jwt-1' } };
    // The first takes the preload link's answer (a cookie request); the token's own follow.
    expect(JSON.parse(JSON.stringify(requests))).toEqual([{ url: '/api/', init: { credentials: 'same-origin' } }, { url: '/api/', init }, { url: '/api/landing-data', init }]);
    expect(early?.map(({ url, authorization, at }) => ({ url, authorization, at }))).toEqual([
      { url: '/api/', authorization: 'Bearer jwt-1', at: 42 },
      { url: '/api/landing-data', authorization: 'Bearer jwt-1', at: 42 },
    ]);
  });

  it('should send no Authorization header without a stored token, only the session on other paths, and with start-up parameters take the preload but leave nothing', () => {
    const other = run('/favorites', '', null);
    expect(JSON.parse(JSON.stringify(other.requests))).toEqual([{ url: '/api/', init: { credentials: 'same-origin' } }]);
    expect(other.early?.[0]?.authorization).toBeNull();
    const withParameters = run('/', '?username=caregiver&password=x', null);
    // Taken, so the app's GET /api/ after the parameters' login is not answered from the preload.
    expect(JSON.parse(JSON.stringify(withParameters.requests))).toEqual([{ url: '/api/', init: { credentials: 'same-origin' } }]);
    expect(withParameters.early).toBeUndefined();
  });

  it("should add the preload tags of the path opened, with or without start-up parameters, and none elsewhere", () => {
    const preloads = { '/reports': { js: ['/assets/reports.js', '/assets/charts.js'], css: ['/assets/reports.css'] } };
    const expected = [
      { rel: 'modulepreload', crossOrigin: '', href: '/assets/reports.js' },
      { rel: 'modulepreload', crossOrigin: '', href: '/assets/charts.js' },
      { rel: 'stylesheet', crossOrigin: '', href: '/assets/reports.css' },
    ];
    expect(run('/reports', '', null, preloads).links).toEqual(expected);
    expect(run('/reports', '?rtoken=x', null, preloads).links).toEqual(expected);
    expect(run('/', '', null, preloads).links).toEqual([]);
    // The early requests are made as before.
    expect(run('/reports', '', null, preloads).early?.map((early) => early.url)).toEqual(['/api/']);
  });
});

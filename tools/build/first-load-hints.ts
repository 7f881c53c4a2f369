import path from 'node:path';
import type { HtmlTagDescriptor, Plugin, Rollup } from 'vite';
import { earlyRequestGlobal, earlySessionUrl } from '../../web/lib/early-request.ts';

type OutputBundle = Rollup.OutputBundle;
type OutputChunk = Rollup.OutputChunk;

// A cold first load on a slow line is a chain of round trips (docs/benchmarks.md "First load on a
// tablet"): the HTML, the entry script, and only once the entry runs the landing page's lazy chunk,
// the language's texts and the session (GET /api/). This plugin puts into the built index.html
// what lets the browser start those at once, beside the entry script:
// - `<link rel="modulepreload">` for the chunks of the given pages and texts that the entry does
//   not import itself (Vite already preloads those), and the pages' CSS as stylesheets, which
//   Vite's lazy loader then finds in place and does not ask for again;
// - a small inline script that starts GET /api/ (and the landing page's data) with what the app
//   would send, whose answers the app's calls take (web/lib/early-request.ts). The server sets no Content-Security-
//   Policy on index.html; one that comes must allow this script by its hash.

export interface FirstLoadHintsOptions {
  /** Page modules and chunks loaded before the first screen, relative to the web root (web/). */
  modules: readonly string[];
  /** By the path opened: the GET URLs of the API answers its first screen needs. */
  pageData: Readonly<Record<string, readonly string[]>>;
  /** By the path opened: page modules to preload on that path only (the inline script adds their tags). */
  pageModules?: Readonly<Record<string, readonly string[]>>;
}

/** The chunk whose entry module is `root/module`, or undefined when the build has none. */
function chunkOf(bundle: OutputBundle, root: string, module: string): OutputChunk | undefined {
  const wanted = path.resolve(root, module);
  for (const output of Object.values(bundle)) {
    if (output.type === 'chunk' && output.facadeModuleId && path.resolve(output.facadeModuleId) === wanted) return output;
  }
  return undefined;
}

/** The file names of `chunk` and everything it imports statically. */
function withStaticImports(bundle: OutputBundle, chunk: OutputChunk, into = new Set<string>()): Set<string> {
  if (into.has(chunk.fileName)) return into;
  into.add(chunk.fileName);
  for (const imported of chunk.imports) {
    const next = bundle[imported];
    if (next?.type === 'chunk') withStaticImports(bundle, next, into);
  }
  return into;
}

/** What `modules` need that the entry does not already bring: their chunks and their CSS, as URLs. */
export interface PreloadFiles {
  js: string[];
  css: string[];
}

/**
 * The chunks `modules` need that the entry does not already bring, and their CSS. A module the
 * build does not have is an error: a renamed page must not silently lose its preload.
 */
function preloadFiles(bundle: OutputBundle, root: string, base: string, modules: readonly string[]): PreloadFiles {
  const entry = Object.values(bundle).find((output): output is OutputChunk => output.type === 'chunk' && output.isEntry);
  if (!entry) throw new Error('first-load hints: the bundle has no entry chunk');
  const entryFiles = withStaticImports(bundle, entry);
  const scripts = new Set<string>();
  const styles = new Set<string>();
  for (const module of modules) {
    const chunk = chunkOf(bundle, root, module);
    if (!chunk) throw new Error(`first-load hints: the build has no chunk for ${module}`);
    for (const file of withStaticImports(bundle, chunk)) {
      if (entryFiles.has(file)) continue;
      scripts.add(file);
      const output = bundle[file];
      for (const css of output?.type === 'chunk' ? (output.viteMetadata?.importedCss ?? []) : []) styles.add(css);
    }
  }
  return { js: [...scripts].map((file) => base + file), css: [...styles].map((file) => base + file) };
}

/** The head tags preloading `modules` for every path: a modulepreload per chunk, then their CSS. */
function firstLoadTags(bundle: OutputBundle, root: string, base: string, modules: readonly string[]): HtmlTagDescriptor[] {
  const { js, css } = preloadFiles(bundle, root, base, modules);
  return [
    ...js.map((href) => ({ tag: 'link', attrs: { rel: 'modulepreload', crossorigin: true, href }, injectTo: 'head' as const })),
    ...css.map((href) => ({ tag: 'link', attrs: { rel: 'stylesheet', crossorigin: true, href }, injectTo: 'head' as const })),
  ];
}

/**
 * Runs before the entry's modules, so the session's answer (and the landing page's data, by the
 * path opened) travels while the scripts load. It always takes the answer of the `/api/` preload
 * link first, as a plain cookie request: a preloaded answer left untaken would be handed to the
 * app's first GET /api/ later, even after a token login or a login form had changed the session
 * (a 401 from before it). It leaves answers for the app only without start-up parameters
 * (web/app/startup.ts: with them the first API call is a login or carries `time`). With a stored
 * bearer token it asks again with it, as web/lib/api-client.ts would; the app uses an answer only
 * for the same URL and token (web/lib/early-request.ts). Then, by the path opened, it adds the
 * preload tags of that path's page chunks (`pagePreloads`), which the static tags cannot know.
 */
export function earlyRequestsScript(pageData: Readonly<Record<string, readonly string[]>>, pagePreloads: Readonly<Record<string, PreloadFiles>> = {}): string {
  const json = (value: unknown) => JSON.stringify(value).replace(/</g, '\\u003c');
  // The page's own chunks by the path opened (a report page and its charts), added as the tags
  // firstLoadTags writes: Vite's loader finds them by href and does not ask again.
  const preloads = `(function(){var p=${json(pagePreloads)}[location.pathname];if(!p)return;var add=function(rel){return function(h){var l=document.createElement('link');l.rel=rel;l.crossOrigin='';l.href=h;document.head.appendChild(l);};};p.js.forEach(add('modulepreload'));p.css.forEach(add('stylesheet'));})();`;
  const requests = `(function(){try{var c={credentials:'same-origin'},s=fetch('${earlySessionUrl}',c);s.catch(function(){});if(location.search)return;var t=localStorage.getItem('sointu.jwt'),a=t?'Bearer '+t:null,i=a?{credentials:'same-origin',headers:{Authorization:a}}:c,e=[];var g=function(u,r){if(!r){r=fetch(u,i);r.catch(function(){});}e.push({url:u,authorization:a,at:performance.now(),response:r});};g('${earlySessionUrl}',a?null:s);(${json(pageData)}[location.pathname]||[]).forEach(function(u){g(u);});window.${earlyRequestGlobal}=e;}catch(x){}})();`;
  return `${requests}try{${preloads}}catch(x){}`;
}

export function firstLoadHints(options: FirstLoadHintsOptions): Plugin {
  let root = '';
  let base = '/';
  return {
    name: 'sointu-first-load-hints',
    apply: 'build',
    configResolved(config) {
      root = config.root;
      base = config.base;
    },
    transformIndexHtml: {
      order: 'post',
      handler(_html, context) {
        if (!context.bundle) return [];
        const bundle = context.bundle;
        const pagePreloads = Object.fromEntries(Object.entries(options.pageModules ?? {}).map(([pathname, modules]) => [pathname, preloadFiles(bundle, root, base, modules)]));
        // The preload link first: the browser's preload scanner finds it before any script, so
        // the session's request is not queued behind them on HTTP/1.1's six connections; the
        // inline script's fetch of the same URL, mode and credentials takes its answer.
        return [
          { tag: 'link', attrs: { rel: 'preload', as: 'fetch', crossorigin: true, href: earlySessionUrl }, injectTo: 'head-prepend' },
          { tag: 'script', children: earlyRequestsScript(options.pageData, pagePreloads), injectTo: 'head-prepend' },
          ...firstLoadTags(context.bundle, root, base, options.modules),
        ];
      },
    },
  };
}

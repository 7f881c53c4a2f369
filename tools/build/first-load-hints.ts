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
// - a small inline script that starts GET /api/ with what the app would send, whose answer the
//   app's first API call takes (web/lib/early-request.ts). The server sets no Content-Security-
//   Policy on index.html; one that comes must allow this script by its hash.

export interface FirstLoadHintsOptions {
  /** Page modules and chunks loaded before the first screen, relative to the web root (web/). */
  modules: readonly string[];
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

/**
 * The head tags for `modules`: a modulepreload for every chunk they need that the entry does not
 * already bring, then their CSS. A module the build does not have is an error: a renamed page
 * must not silently lose its preload.
 */
export function firstLoadTags(bundle: OutputBundle, root: string, base: string, modules: readonly string[]): HtmlTagDescriptor[] {
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
  return [
    ...[...scripts].map((file) => ({ tag: 'link', attrs: { rel: 'modulepreload', crossorigin: true, href: base + file }, injectTo: 'head' as const })),
    ...[...styles].map((file) => ({ tag: 'link', attrs: { rel: 'stylesheet', crossorigin: true, href: base + file }, injectTo: 'head' as const })),
  ];
}

/**
 * Runs before the entry's modules, so the session's answer travels while the entry script loads.
 * Only without start-up parameters (web/app/startup.ts): with them the first API call is a login
 * or carries `time`. It sends what web/lib/api-client.ts sends (its bearer token from the same
 * localStorage key); the app uses the answer only if its first call asks for the same.
 */
export const earlySessionScript = `(function(){try{if(location.search)return;var h={Accept:'application/json'},t=localStorage.getItem('sointu.jwt');if(t)h.Authorization='Bearer '+t;var r=fetch('${earlySessionUrl}',{headers:h,credentials:'same-origin'});r.catch(function(){});window.${earlyRequestGlobal}={url:'${earlySessionUrl}',authorization:t?h.Authorization:null,response:r};}catch(e){}})();`;

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
        return [
          { tag: 'script', children: earlySessionScript, injectTo: 'head-prepend' },
          ...firstLoadTags(context.bundle, root, base, options.modules),
        ];
      },
    },
  };
}

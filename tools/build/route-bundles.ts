import { gzipSync } from 'node:zlib';
import type { RouteName } from '../../web/routes/paths.ts';

// What JavaScript each screen of the web app needs (issue 21 item 3), read from Vite's build
// manifest, in two figures. The first screen: the entry chunk, the page chunks the router loads
// lazily for the route, every chunk those import statically, and the texts of the language. All
// it loads: the first screen and the chunks the page starts fetching by itself as it loads (the
// charts of a report), so their weight still counts against the route. Chunks loaded on a click
// (a modal opened) are neither: they cost nothing until used.

/** One row of `dist/.vite/manifest.json`: keys are source paths relative to the web root, `_name.js` for shared chunks. */
export interface ManifestChunk {
  file: string;
  src?: string;
  isEntry?: boolean;
  imports?: string[];
  dynamicImports?: string[];
}
export type Manifest = Record<string, ManifestChunk>;

/**
 * Goals of issue 21 item 3, in gzip bytes (1 KB = 1000 bytes, as Vite prints them): where users
 * land, the first screen within `landingGoal`; every route, all it loads within `routeGoal`.
 */
export const landingGoal = 150_000;
export const routeGoal = 300_000;

/**
 * The page modules each route renders (relative to web/), as web/app/router.tsx loads them. A
 * route with no page of its own (the root redirect) needs only the entry. A new route in
 * web/routes/paths.ts needs its row here: the type says so.
 */
export const routePages: Record<RouteName, readonly string[]> = {
  root: [],
  easy: ['features/easy/components/easy-page.tsx'],
  todaysMessages: ['features/todays-messages/components/todays-messages-page.tsx'],
  recipes: ['features/recipes/components/recipes-page.tsx'],
  recipe: ['features/recipes/components/recipe-page.tsx'],
  todaysRecipe: ['features/recipes/components/todays-recipe-page.tsx'],
  musicChannels: ['features/music-channels/components/music-channels-page.tsx'],
  favorites: ['features/favorites/components/favorites-page.tsx'],
  search: ['features/search/components/search-page.tsx'],
  settings: ['features/settings/components/settings-page.tsx'],
  residents: ['features/settings/components/settings-page.tsx', 'features/residents/components/residents-tab.tsx'],
  activities: ['features/settings/components/settings-page.tsx', 'features/activities/components/activities-tab.tsx'],
  reports: ['features/reports/components/reports-page.tsx'],
  users: ['features/settings/components/settings-page.tsx', 'features/users/components/users-page.tsx'],
  messages: ['features/messages/components/messages-page.tsx'],
  sentMessages: ['features/messages/components/messages-page.tsx'],
  drafts: ['features/messages/components/messages-page.tsx'],
  message: ['features/message/components/message-page.tsx'],
  games: ['features/messages/components/games-page.tsx'],
  msgs: ['features/msgs/components/msgs-page.tsx'],
  publicReport: ['features/public-report/components/public-report-page.tsx'],
  rebuild: ['features/rebuild/components/rebuild-page.tsx'],
  libraryAdmin: ['features/library-admin/components/library-admin-page.tsx'],
  adminConsole: ['features/admin-console/components/admin-console-page.tsx'],
};

/**
 * The modules a route's page imports dynamically as soon as it is evaluated, not on a click: they
 * download alongside the page's data and count in what the route loads (not its first screen).
 * Each must be a dynamic import of the route's pages, or one of the router's that is no page (the
 * router starts the charts beside a report page's chunk), or the count refuses it as stale.
 */
export const pageStarts: Partial<Record<RouteName, readonly string[]>> = {
  // preloadCharts() in the page modules (web/components/charts/lazy-charts.tsx).
  reports: ['components/charts/charts.ts'],
  publicReport: ['components/charts/charts.ts'],
};

/**
 * Where the demo users land (the root redirect of their seeded config, tools/seed/demo-units.ts):
 * the caregiver, the administrator and the relatives on today's messages, the easy-mode resident
 * on /easy, the public-report login on its report. These must come within `landingGoal`.
 */
export const landingRoutes: readonly RouteName[] = ['todaysMessages', 'easy', 'publicReport'];

/**
 * Loaded by every route before its first render though not imported statically: the texts of the
 * default language (web/lib/i18n/i18n.ts loads the session's language; fin when none is known).
 */
export const beforeFirstRender: readonly string[] = ['lib/i18n/texts/fin.ts'];

/** The manifest keys of the entry, of `alsoLoaded` and of the pages, with all they import statically. */
function firstScreenKeys(manifest: Manifest, pages: readonly string[], alsoLoaded: readonly string[]): Set<string> {
  const entries = Object.entries(manifest).filter(([, chunk]) => chunk.isEntry);
  if (entries.length !== 1) throw new Error(`the manifest has ${entries.length} entry chunks, expected one`);
  const keys = new Set<string>();
  staticImports(manifest, entries[0]![0], keys);
  for (const module of alsoLoaded) staticImports(manifest, module, keys);
  for (const page of pages) {
    // A page the router imports statically has no chunk of its own: it already is in the entry,
    // and the entry's size says so. Only a page that is in no chunk at all is an error.
    if (!manifest[page]) throw new Error(`${page} is in no chunk of the build: is it still a page of the router?`);
    staticImports(manifest, page, keys);
  }
  return keys;
}

/** Adds `key` and every chunk it imports statically to `keys`. */
function staticImports(manifest: Manifest, key: string, keys: Set<string>): void {
  if (keys.has(key)) return;
  const chunk = manifest[key];
  if (!chunk) throw new Error(`the manifest names ${key} but has no row for it`);
  keys.add(key);
  for (const imported of chunk.imports ?? []) staticImports(manifest, imported, keys);
}

function scriptFiles(manifest: Manifest, keys: Iterable<string>): string[] {
  const files = new Set<string>();
  for (const key of keys) {
    const file = manifest[key]!.file;
    if (file.endsWith('.js')) files.add(file);
  }
  return [...files];
}

/** The first screen: the entry chunk and its static imports, then each page's chunk and its static imports: every file once. */
export function routeFiles(manifest: Manifest, pages: readonly string[], alsoLoaded: readonly string[] = []): string[] {
  return scriptFiles(manifest, firstScreenKeys(manifest, pages, alsoLoaded));
}

/** All a route loads: its first screen, and the modules its page starts by itself with their static imports. */
export function routeLoadFiles(
  manifest: Manifest,
  pages: readonly string[],
  alsoLoaded: readonly string[] = [],
  started: readonly string[] = [],
  routerPages: ReadonlySet<string> = new Set(Object.values(routePages).flat()),
): string[] {
  const keys = firstScreenKeys(manifest, pages, alsoLoaded);
  // What the route may start: its pages' dynamic imports, and the shell's but the router's pages
  // (the entry imports every page dynamically; that does not make one page start another).
  const shell = firstScreenKeys(manifest, [], alsoLoaded);
  const pagesImport = new Set(
    [...keys].flatMap((key) => (manifest[key]!.dynamicImports ?? []).filter((module) => !shell.has(key) || !routerPages.has(module))),
  );
  for (const module of started) {
    // A page that no longer imports the module would still be charged for it: refuse the stale row.
    if (!pagesImport.has(module)) throw new Error(`${module} is no dynamic import of the route's pages: does its page still start it?`);
    staticImports(manifest, module, keys);
  }
  return scriptFiles(manifest, keys);
}

/** What a set of files weighs. */
export interface BundleSize {
  files: number;
  bytes: number;
  gzipBytes: number;
}

export interface RouteSize {
  route: string;
  firstScreen: BundleSize;
  allLoads: BundleSize;
  /** `landingGoal` for where users land (their first screen), else null. */
  firstScreenGoal: number | null;
  /** `routeGoal`, for all that any route loads. */
  allLoadsGoal: number;
  /** The goals this route breaks, in words; empty when it keeps them. */
  overGoal: string[];
}

/** Sizes of the JavaScript each route needs; `read` gives a built file's bytes by its manifest name. */
export function routeSizes(
  manifest: Manifest,
  read: (file: string) => Buffer,
  routes: Readonly<Record<string, readonly string[]>> = routePages,
  landing: readonly string[] = landingRoutes,
  alsoLoaded: readonly string[] = [],
  starts: Readonly<Partial<Record<string, readonly string[]>>> = pageStarts,
): RouteSize[] {
  const gzipped = new Map<string, { bytes: number; gzipBytes: number }>();
  const sizeOf = (file: string) => {
    let size = gzipped.get(file);
    if (!size) {
      const content = read(file);
      size = { bytes: content.length, gzipBytes: gzipSync(content, { level: 9 }).length };
      gzipped.set(file, size);
    }
    return size;
  };
  const routerPages = new Set(Object.values(routes).flat());
  const sizeOfAll = (files: string[]): BundleSize => {
    const sizes = files.map(sizeOf);
    return {
      files: files.length,
      bytes: sizes.reduce((sum, size) => sum + size.bytes, 0),
      gzipBytes: sizes.reduce((sum, size) => sum + size.gzipBytes, 0),
    };
  };
  return Object.entries(routes).map(([route, pages]) => {
    const firstScreen = sizeOfAll(routeFiles(manifest, pages, alsoLoaded));
    const allLoads = sizeOfAll(routeLoadFiles(manifest, pages, alsoLoaded, starts[route] ?? [], routerPages));
    const firstScreenGoal = landing.includes(route) ? landingGoal : null;
    const overGoal: string[] = [];
    if (firstScreenGoal !== null && firstScreen.gzipBytes > firstScreenGoal) overGoal.push(`first screen ${kilobytes(firstScreen.gzipBytes)} KB > ${kilobytes(firstScreenGoal)} KB`);
    if (allLoads.gzipBytes > routeGoal) overGoal.push(`all it loads ${kilobytes(allLoads.gzipBytes)} KB > ${kilobytes(routeGoal)} KB`);
    return { route, firstScreen, allLoads, firstScreenGoal, allLoadsGoal: routeGoal, overGoal };
  });
}

/** Bytes as KB (1000 bytes) with one decimal, as the size table prints them. */
export function kilobytes(bytes: number): number {
  return Number((bytes / 1000).toFixed(1));
}

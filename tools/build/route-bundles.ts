import { gzipSync } from 'node:zlib';
import type { RouteName } from '../../web/routes/paths.ts';

// What JavaScript each screen of the web app needs (issue 21 item 3), read from Vite's build
// manifest: the entry chunk, the page chunks the router loads lazily for the route, and every
// chunk those import statically. Chunks loaded later still (a modal opened, a dynamic import
// inside a page) are not the route's: they cost nothing until used.

/** One row of `dist/.vite/manifest.json`: keys are source paths relative to the web root, `_name.js` for shared chunks. */
export interface ManifestChunk {
  file: string;
  src?: string;
  isEntry?: boolean;
  imports?: string[];
  dynamicImports?: string[];
}
export type Manifest = Record<string, ManifestChunk>;

/** Goals of issue 21 item 3, in gzip bytes (1 KB = 1000 bytes, as Vite prints them). */
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

/** The entry chunk and its static imports, then each page's chunk and its static imports: every file once. */
export function routeFiles(manifest: Manifest, pages: readonly string[], alsoLoaded: readonly string[] = []): string[] {
  const entries = Object.entries(manifest).filter(([, chunk]) => chunk.isEntry);
  if (entries.length !== 1) throw new Error(`the manifest has ${entries.length} entry chunks, expected one`);
  const files = new Set<string>();
  const seen = new Set<string>();
  const visit = (key: string) => {
    if (seen.has(key)) return;
    seen.add(key);
    const chunk = manifest[key];
    if (!chunk) throw new Error(`the manifest names ${key} but has no row for it`);
    if (chunk.file.endsWith('.js')) files.add(chunk.file);
    for (const imported of chunk.imports ?? []) visit(imported);
  };
  visit(entries[0]![0]);
  for (const module of alsoLoaded) visit(module);
  for (const page of pages) {
    // A page the router imports statically has no chunk of its own: it already is in the entry,
    // and the entry's size says so. Only a page that is in no chunk at all is an error.
    if (!manifest[page]) throw new Error(`${page} is in no chunk of the build: is it still a page of the router?`);
    visit(page);
  }
  return [...files];
}

export interface RouteSize {
  route: string;
  files: number;
  bytes: number;
  gzipBytes: number;
  goal: number;
}

/** Sizes of the JavaScript each route needs; `read` gives a built file's bytes by its manifest name. */
export function routeSizes(
  manifest: Manifest,
  read: (file: string) => Buffer,
  routes: Readonly<Record<string, readonly string[]>> = routePages,
  landing: readonly string[] = landingRoutes,
  alsoLoaded: readonly string[] = [],
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
  return Object.entries(routes).map(([route, pages]) => {
    const files = routeFiles(manifest, pages, alsoLoaded);
    const sizes = files.map(sizeOf);
    return {
      route,
      files: files.length,
      bytes: sizes.reduce((sum, size) => sum + size.bytes, 0),
      gzipBytes: sizes.reduce((sum, size) => sum + size.gzipBytes, 0),
      goal: landing.includes(route) ? landingGoal : routeGoal,
    };
  });
}

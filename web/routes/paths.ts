import type { UserConfig } from '../../schemas/api/user.ts';

// Every route of spec 1 section 2 in one place: its wouter pattern, the config flag that guards
// it (null: open to every logged-in user), its display name and an href builder.

type Flag = keyof UserConfig;

interface RouteDef<Args extends unknown[] = []> {
  path: string;
  flag: Flag | null;
  name: string;
  href: (...args: Args) => string;
}

const route = <Args extends unknown[] = []>(
  path: string,
  flag: Flag | null,
  name: string,
  href?: (...args: Args) => string,
): RouteDef<Args> => ({ path, flag, name, href: href ?? (() => path) });

const withOptional = (base: string, segment?: string) => (segment ? `${base}/${encodeURIComponent(segment)}` : base);

export const paths = {
  root: route('/', null, 'Home'),
  easy: route('/easy', null, 'Easy view'),
  todaysMessages: route('/todays-messages', 'todaysMessages', 'Todays messages'),
  recipes: route('/recipes', 'recipes', 'Recipes'),
  recipe: route('/recipes/:recipeId/:button?', 'recipes', 'Recipe', (recipeId: number, button?: string) =>
    withOptional(`/recipes/${recipeId}`, button),
  ),
  todaysRecipe: route('/todays-recipe/:button?', 'recipes', 'Todays recipe', (button?: string) =>
    withOptional('/todays-recipe', button),
  ),
  musicChannels: route('/music-channels', 'musicChannels', 'Music channels'),
  favorites: route('/favorites', 'favorites', 'Favorites'),
  search: route('/search', 'search', 'Search'),
  settings: route('/settings', 'settings', 'Settings'),
  residents: route('/residents', 'settings', 'Residents'),
  activities: route('/activities', 'settings', 'Activities'),
  reports: route('/reports', 'usageReport', 'Reports'),
  users: route('/users', 'userAdmin', 'User Management'),
  messages: route('/messages', 'messages', 'Messages'),
  sentMessages: route('/sent-messages', 'messages', 'Sent messages'),
  drafts: route('/drafts', 'messages', 'Drafts'),
  message: route('/messages/:messageId', 'messages', 'Message', (messageId: number) => `/messages/${messageId}`),
  games: route('/games', null, 'Games'),
  msgs: route('/msgs', 'msgs', 'Msgs'),
  publicReport: route('/public-report', 'showPublicReport', 'Public report'),
  // Operators' screen (DOMAIN.md sections 4 and 5): no flag, the router requires user.operator.
  rebuild: route('/admin/rebuild', null, 'Report rebuild'),
  // Operators' content library and app tasks (issue 18 items 3 and 4): no flag, the router requires user.operator.
  libraryAdmin: route('/admin/library', null, 'Content library'),
  // The operator console (issue 18 item 6), one entity per address; listed after the other
  // /admin pages, whose addresses this pattern would also match.
  adminConsole: route('/admin/:entity?', null, 'Operator console', (entity?: string) => withOptional('/admin', entity)),
} as const;

export type RouteName = keyof typeof paths;

/** A route is open when it has no guard flag or its flag is on (a missing flag counts as off). */
export function isRouteAllowed(name: RouteName, config: Partial<UserConfig>): boolean {
  const flag = paths[name].flag;
  return flag === null || config[flag] === true;
}

// Spec 1 section 2: the root redirect takes the first applicable entry in this order.
const rootOrder: Array<{ name: RouteName; applies: (c: Partial<UserConfig>) => boolean }> = [
  { name: 'publicReport', applies: (c) => c.showOnlyPublicReport === true },
  { name: 'easy', applies: (c) => c.mode === 'easy' },
  { name: 'todaysMessages', applies: (c) => c.todaysMessages === true },
  { name: 'todaysRecipe', applies: (c) => c.todaysRecipe === true && c.recipes === true },
  { name: 'settings', applies: (c) => c.settings === true },
  { name: 'reports', applies: (c) => c.usageReport === true },
  { name: 'users', applies: (c) => c.userAdmin === true },
  { name: 'messages', applies: (c) => c.messages === true },
  { name: 'msgs', applies: (c) => c.msgs === true },
  { name: 'publicReport', applies: (c) => c.showPublicReport === true },
];

/** Where '/' leads for this user, or null when no page applies. */
export function rootRedirect(config: Partial<UserConfig>): string | null {
  const hit = rootOrder.find((entry) => entry.applies(config));
  if (!hit) return null;
  return hit.name === 'todaysRecipe' ? paths.todaysRecipe.href() : paths[hit.name].path;
}

/** Where the settings gear leads: settings, reports or users, the first the flags allow. */
export function settingsGearTarget(config: Partial<UserConfig>): string | null {
  if (config.showOnlyPublicReport) return null;
  if (config.settings) return paths.settings.path;
  if (config.usageReport) return paths.reports.path;
  if (config.userAdmin) return paths.users.path;
  return null;
}

export interface PageLocation {
  page: string;
  recipeId: number | null;
  messageId: number | null;
}

/** Spec 1 section 2: the page name is the first path segment, 'messages' read as 'message'. */
export function pageFromPath(pathname: string): PageLocation {
  const first = pathname.split('/').filter(Boolean)[0] ?? '';
  const recipe = /\/recipes\/(\d+)/.exec(pathname);
  const message = /\/messages\/(\d+)/.exec(pathname);
  return {
    page: first === 'messages' ? 'message' : first,
    recipeId: recipe ? Number(recipe[1]) : null,
    messageId: message ? Number(message[1]) : null,
  };
}

import type { UserConfig } from '../../schemas/api/user.ts';

// Easy mode (spec 1 section 5, spec 3 section 3: "in easy mode most flags are forced off"): a
// resident's simplified screen, /easy, with the easy favorite list and today's recommendations.
// The flags the easy screen itself needs stay as stored; so do the ones that restrict rather than
// grant (forcing showOnlyPublicReport off would widen what the login reaches) and the session
// behaviour (allowMultiLogin). Every other yes/no flag is off, userAdmin included, and since
// effectiveConfig applies this, every server-side check of a flag sees the forced value.

/** Yes/no flags an easy-mode user keeps as stored. */
export const easyModeKeptFlags = [
  // The easy screen: its favorite list and today's recommendations.
  'favorites',
  'todaysMessages',
  'showAlwaysEasyFavoriteList',
  // Restrictions and session behaviour, not features.
  'showOnlyPublicReport',
  'hideInAdminUsageReport',
  'allowMultiLogin',
] as const satisfies ReadonlyArray<keyof UserConfig>;

const kept: ReadonlySet<string> = new Set(easyModeKeptFlags);

/** The config as an easy-mode user has it; any other mode's config is answered unchanged. */
export function forceEasyMode(config: UserConfig): UserConfig {
  if (config.mode !== 'easy') return config;
  const forced: Record<string, unknown> = { ...config };
  for (const [key, value] of Object.entries(config)) {
    if (typeof value === 'boolean' && !kept.has(key)) forced[key] = false;
  }
  return forced as UserConfig;
}

import { describe, expect, it } from 'vitest';
import { UserConfig } from '../../schemas/api/user.ts';
import { isRouteAllowed, pageFromPath, paths, rootRedirect, settingsGearTarget } from './paths.ts';

const defaults = UserConfig.parse({});
const none = Object.fromEntries(Object.entries(defaults).map(([k, v]) => [k, typeof v === 'boolean' ? false : v])) as UserConfig;

describe('rootRedirect', () => {
  it('should send a public-report-only user to the public report before anything else', () => {
    expect(rootRedirect({ ...defaults, showOnlyPublicReport: true, mode: 'easy' })).toBe('/public-report');
  });
  it('should send an easy-mode user to /easy', () => {
    expect(rootRedirect({ ...defaults, mode: 'easy' })).toBe('/easy');
  });
  it('should pick todays-messages for the default flags', () => {
    expect(rootRedirect(defaults)).toBe('/todays-messages');
  });
  it('should need both todaysRecipe and recipes for todays-recipe', () => {
    expect(rootRedirect({ ...none, todaysRecipe: true, recipes: true, settings: true })).toBe('/todays-recipe');
    expect(rootRedirect({ ...none, todaysRecipe: true, recipes: false, settings: true })).toBe('/settings');
  });
  it.each([
    [{ settings: true, usageReport: true }, '/settings'],
    [{ usageReport: true, userAdmin: true }, '/reports'],
    [{ userAdmin: true, messages: true }, '/users'],
    [{ messages: true, msgs: true }, '/messages'],
    [{ msgs: true, showPublicReport: true }, '/msgs'],
    [{ showPublicReport: true }, '/public-report'],
  ])('should follow the spec order for %o', (flags, expected) => {
    expect(rootRedirect({ ...none, ...flags })).toBe(expected);
  });
  it('should give null when no page applies', () => {
    expect(rootRedirect(none)).toBeNull();
  });
});

describe('isRouteAllowed', () => {
  it('should open unguarded routes to everyone', () => {
    expect(isRouteAllowed('easy', none)).toBe(true);
    expect(isRouteAllowed('games', none)).toBe(true);
  });
  it('should treat a missing flag as off', () => {
    expect(isRouteAllowed('reports', {})).toBe(false);
    expect(isRouteAllowed('reports', { usageReport: true })).toBe(true);
  });
  it('should guard every settings-area route by the settings flag', () => {
    for (const name of ['settings', 'residents', 'activities'] as const) {
      expect(isRouteAllowed(name, { settings: false })).toBe(false);
      expect(isRouteAllowed(name, { settings: true })).toBe(true);
    }
  });
});

describe('href builders', () => {
  it('should build recipe and message paths with optional segments', () => {
    expect(paths.recipe.href(12)).toBe('/recipes/12');
    expect(paths.recipe.href(12, 'Music')).toBe('/recipes/12/Music');
    expect(paths.todaysRecipe.href()).toBe('/todays-recipe');
    expect(paths.message.href(7)).toBe('/messages/7');
  });
});

describe('pageFromPath', () => {
  it("should read 'messages' as 'message' and pick out the ids", () => {
    expect(pageFromPath('/messages/42')).toEqual({ page: 'message', recipeId: null, messageId: 42 });
    expect(pageFromPath('/recipes/5/Music')).toEqual({ page: 'recipes', recipeId: 5, messageId: null });
    expect(pageFromPath('/')).toEqual({ page: '', recipeId: null, messageId: null });
  });
});

describe('settingsGearTarget', () => {
  it('should lead to settings, reports or users by the flags, and hide for public-report-only users', () => {
    expect(settingsGearTarget(defaults)).toBe('/settings');
    expect(settingsGearTarget({ ...none, usageReport: true, userAdmin: true })).toBe('/reports');
    expect(settingsGearTarget({ ...none, userAdmin: true })).toBe('/users');
    expect(settingsGearTarget(none)).toBeNull();
    expect(settingsGearTarget({ ...defaults, showOnlyPublicReport: true })).toBeNull();
  });
});

import type { EntityFlags } from '../../lib/entity-sync.ts';

// Pure rules of the shared widgets (spec 1 sections 2 and 9), kept apart so they are unit tested.

/** Spec 1 section 9: name lists show 5 entries, then an expand link. */
export const nameListLimit = 5;

/** The names shown and how many wait behind the expand link. */
export function shownNames<T>(names: readonly T[], expanded: boolean, limit = nameListLimit): { shown: T[]; hidden: number } {
  if (expanded || names.length <= limit) return { shown: [...names], hidden: 0 };
  return { shown: names.slice(0, limit), hidden: names.length - limit };
}

export type SelectionKey = string | number;

/** The header checkbox of a page: all of its rows chosen, some, or none. */
export function pageSelectionState(pageKeys: readonly SelectionKey[], selected: ReadonlySet<SelectionKey>): 'all' | 'some' | 'none' {
  const chosen = pageKeys.filter((key) => selected.has(key)).length;
  if (chosen === 0) return 'none';
  return chosen === pageKeys.length ? 'all' : 'some';
}

/** One row's checkbox: in or out of the selection. */
export function toggleKey(selected: ReadonlySet<SelectionKey>, key: SelectionKey): Set<SelectionKey> {
  const next = new Set(selected);
  if (next.has(key)) next.delete(key);
  else next.add(key);
  return next;
}

/**
 * The header checkbox: chooses every row of the page shown, or, when all of them are chosen
 * already, lets them go; rows of other pages keep what they had.
 */
export function togglePage(selected: ReadonlySet<SelectionKey>, pageKeys: readonly SelectionKey[]): Set<SelectionKey> {
  const next = new Set(selected);
  if (pageSelectionState(pageKeys, selected) === 'all') for (const key of pageKeys) next.delete(key);
  else for (const key of pageKeys) next.add(key);
  return next;
}

export type SaveState = 'idle' | 'saving' | 'failed' | 'saved';

/**
 * What became of a stored entity's fields typed in place (spec 1 section 4): nothing typed yet;
 * saving while a change waits for its delayed put or travels (a busy entity shows a spinner); the
 * last save failed; or saved. An error stays until a later save succeeds.
 */
export function saveStateOf(flags: Pick<EntityFlags, 'busy' | 'modified' | 'error'>, typed: boolean): SaveState {
  if (!typed) return 'idle';
  if (flags.busy) return 'saving';
  if (flags.error !== null) return 'failed';
  return flags.modified ? 'saving' : 'saved';
}

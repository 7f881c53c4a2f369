import { proxy } from 'valtio';
import type { CollectionState, EntityCollection } from './entity-sync.ts';

// A settings tab over one entity collection (residents, activities: spec 3 section 2): the active
// rows, or the removed ones with the trash box on; an editor saves a new row, a stored one's fields
// save as they are typed, the trash button flips active.

export interface EntityTabState {
  showInactive: boolean;
  loaded: boolean;
  saving: boolean;
  failed: boolean;
}

export function entityTab<T extends { id: number; active: boolean }, Draft, Query>(rows: EntityCollection<T, Draft, Query>, queryOf: (active: boolean) => Query) {
  const state = proxy<EntityTabState>({ showInactive: false, loaded: false, saving: false, failed: false });

  async function load(): Promise<void> {
    state.failed = !(await rows.fetch(queryOf(!state.showInactive)));
    state.loaded = true;
  }

  return {
    state,
    rows,
    load,
    showInactive(on: boolean): void {
      state.showInactive = on;
      void load();
    },
    /** Creates (id null) or changes one; true when saved, or kept to be retried. */
    async save(id: number | null, draft: Draft & Partial<T>): Promise<boolean> {
      state.saving = true;
      try {
        const saved = await rows.save(id, draft);
        state.failed = !saved;
        if (saved) await load();
        return saved;
      } finally {
        state.saving = false;
      }
    },
    /**
     * A stored row's field typed into in place: shown in the row at once, sent 500 ms after the last
     * key (spec 1 section 4's delayed put), once per pause rather than once per key.
     */
    type(id: number, change: Partial<T>): void {
      rows.delayedPut(id, change);
    },
    /** The editor closed: what still waits goes now, and the list is read again in its order. */
    async finishTyping(id: number): Promise<void> {
      state.failed = !(await rows.flush(id));
      if (!state.failed) await load();
    },
    /** The trash toggle: a put with active flipped, shown at once; the row then moves to the other view. */
    async toggleActive(row: Pick<T, 'id' | 'active'>): Promise<void> {
      const saved = await rows.put(row.id, { active: !row.active } as Partial<T>);
      state.failed = !saved;
      if (saved) await load();
    },
  };
}

/** What an editor typing into a stored row needs of its tab (web/lib/typed-in-place.ts). */
export interface TypedTab<T> {
  state: EntityTabState;
  rows: { state: CollectionState<T> };
  type(id: number, change: Partial<T>): void;
  finishTyping(id: number): Promise<void>;
}

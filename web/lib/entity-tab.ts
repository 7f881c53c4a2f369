import { proxy } from 'valtio';
import type { EntityCollection } from './entity-sync.ts';

// A settings tab over one entity collection (residents, activities: spec 3 section 2): the active
// rows, or the removed ones with the trash box on; an editor saves, the trash button flips active.

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
    /** The trash toggle: a put with active flipped, shown at once; the row then moves to the other view. */
    async toggleActive(row: Pick<T, 'id' | 'active'>): Promise<void> {
      const saved = await rows.put(row.id, { active: !row.active } as Partial<T>);
      state.failed = !saved;
      if (saved) await load();
    },
  };
}

import { proxy } from 'valtio';
import type { NewResident, Resident, ResidentQuery } from '../../../../schemas/api/residents.ts';
import { EntityCollection } from '../../../lib/entity-sync.ts';
import { postGetResidents } from '../api/post-get-residents.ts';
import { postResident } from '../api/post-resident.ts';
import { putResident } from '../api/put-resident.ts';
import { byName } from '../resident-name.ts';

// The residents tab (spec 3 section 2): active rows, or the inactive ones with the trash box on.
// The rows are a generic entity collection (spec 1 section 4): a toggle shows at once, a creation
// the network lost is retried after 15 s while the tab is open.

export type ResidentDraft = Pick<NewResident, 'firstName' | 'lastName' | 'identification'>;

export const residentRows = new EntityCollection<Resident, ResidentDraft, Partial<ResidentQuery>>({
  type: 'residents',
  idOf: (resident) => resident.id,
  fetch: async (query) => {
    const answer = await postGetResidents(query);
    return { items: [...answer.items].sort(byName), totalCount: answer.totalCount };
  },
  put: putResident,
  entityIn: postResident,
  localOf: (draft) => ({ id: 0, active: true, ...draft }) as Resident,
});

export const residents = proxy({
  showInactive: false,
  loaded: false,
  saving: false,
  failed: false,
});

export async function loadResidents(): Promise<void> {
  residents.failed = !(await residentRows.fetch({ active: !residents.showInactive }));
  residents.loaded = true;
}

export function showInactiveResidents(on: boolean): void {
  residents.showInactive = on;
  void loadResidents();
}

/** Creates (id null) or updates a resident; true when saved, or kept to be retried. */
export async function saveResident(id: number | null, draft: ResidentDraft): Promise<boolean> {
  residents.saving = true;
  try {
    const saved = await residentRows.save(id, draft);
    residents.failed = !saved;
    if (saved) await loadResidents();
    return saved;
  } finally {
    residents.saving = false;
  }
}

/** The trash toggle: a put with active flipped, shown at once; the row then moves to the other view. */
export async function toggleResidentActive(resident: Pick<Resident, 'id' | 'active'>): Promise<void> {
  const saved = await residentRows.put(resident.id, { active: !resident.active });
  residents.failed = !saved;
  if (saved) await loadResidents();
}

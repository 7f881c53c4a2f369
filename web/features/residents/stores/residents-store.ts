import { proxy } from 'valtio';
import type { NewResident, Resident } from '../../../../schemas/api/residents.ts';
import { postGetResidents } from '../api/post-get-residents.ts';
import { postResident } from '../api/post-resident.ts';
import { putResident } from '../api/put-resident.ts';
import { byName } from '../resident-name.ts';

// The residents tab (spec 3 section 2): active rows, or the inactive ones with the trash box on.

export const residents = proxy({
  items: [] as Resident[],
  showInactive: false,
  loaded: false,
  busyId: null as number | 'new' | null,
  failed: false,
});

let sequence = 0;

export async function loadResidents(): Promise<void> {
  const mine = ++sequence;
  try {
    const answer = await postGetResidents({ active: !residents.showInactive });
    if (mine !== sequence) return;
    residents.items = [...answer.items].sort(byName);
    residents.failed = false;
  } catch {
    if (mine !== sequence) return;
    residents.items = [];
    residents.failed = true;
  } finally {
    if (mine === sequence) residents.loaded = true;
  }
}

export function showInactiveResidents(on: boolean): void {
  residents.showInactive = on;
  void loadResidents();
}

export type ResidentDraft = Pick<NewResident, 'firstName' | 'lastName' | 'identification'>;

/** Creates (id null) or updates a resident; true when saved. */
export async function saveResident(id: number | null, draft: ResidentDraft): Promise<boolean> {
  residents.busyId = id ?? 'new';
  try {
    if (id === null) await postResident(draft);
    else await putResident(id, draft);
    residents.failed = false;
    await loadResidents();
    return true;
  } catch {
    residents.failed = true;
    return false;
  } finally {
    residents.busyId = null;
  }
}

/** The trash toggle: a put with active flipped; the row moves to the other view. */
export async function toggleResidentActive(resident: Pick<Resident, 'id' | 'active'>): Promise<void> {
  residents.busyId = resident.id;
  try {
    await putResident(resident.id, { active: !resident.active });
    residents.failed = false;
    await loadResidents();
  } catch {
    residents.failed = true;
  } finally {
    residents.busyId = null;
  }
}

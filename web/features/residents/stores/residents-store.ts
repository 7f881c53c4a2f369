import type { NewResident, Resident, ResidentQuery } from '../../../../schemas/api/residents.ts';
import { entityTab } from '../../../lib/entity-tab.ts';
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

const tab = entityTab(residentRows, (active) => ({ active }));

export const residents = tab.state;
export const loadResidents = tab.load;
export const showInactiveResidents = tab.showInactive;
/** Creates (id null) or updates a resident; true when saved, or kept to be retried. */
export const saveResident = tab.save;
export const toggleResidentActive = tab.toggleActive;
/** For the editor of a stored resident, whose fields save as they are typed (web/lib/typed-in-place.ts). */
export const residentTab = tab;

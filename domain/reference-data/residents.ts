import { EntityParams, NewResident, Resident, ResidentChange, ResidentList, ResidentQuery } from '../../schemas/api/residents.ts';
import { referenceTable } from './reference-table.ts';

// Residents (participants) of a care unit (spec 3 sections 2 and 3): found by first and last
// name or identification; an empty identification is stored as none.
export const residents = referenceTable({
  name: 'residents',
  table: 'residents',
  fields: {
    firstName: { column: 'first_name' },
    lastName: { column: 'last_name' },
    identification: { column: 'identification', store: (value) => value || null },
    userId: { column: 'user_id' },
    userTagGroupId: { column: 'user_tag_group_id' },
    active: { column: 'active' },
  },
  access: { kind: 'unit', createFlag: 'canCreateResidents' },
  searchSql: `concat_ws(' ', first_name, last_name, identification)`,
  sorts: { 'name-asc': 'lower(first_name), lower(last_name), id' },
  schemas: { params: EntityParams, entity: Resident, list: ResidentList, query: ResidentQuery, create: NewResident, change: ResidentChange },
});

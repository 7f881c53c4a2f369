import { EntityParams, Activity, ActivityChange, ActivityList, ActivityQuery, NewActivity } from '../../schemas/api/residents.ts';
import { referenceTable } from './reference-table.ts';

// Activities of a care unit (spec 3 sections 3 and 5): found by name, which must not be empty
// (the schemas say so).
export const activities = referenceTable({
  name: 'activities',
  table: 'activities',
  fields: {
    name: { column: 'name' },
    userId: { column: 'user_id' },
    active: { column: 'active' },
  },
  access: { kind: 'unit', createFlag: 'canCreateActivities' },
  searchSql: 'name',
  sorts: { 'name-asc': 'lower(name), id' },
  schemas: { params: EntityParams, entity: Activity, list: ActivityList, query: ActivityQuery, create: NewActivity, change: ActivityChange },
});

import { Activity, ActivityChange, ActivityList, ActivityQuery, NewActivity } from '../../schemas/api/residents.ts';
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
  createFlag: 'canCreateActivities',
  searchSql: 'name',
  orderSql: 'lower(name), id',
  schemas: { entity: Activity, list: ActivityList, query: ActivityQuery, create: NewActivity, change: ActivityChange },
});

import type { Activity, ActivityQuery, NewActivity } from '../../../../schemas/api/residents.ts';
import { entityTab } from '../../../lib/entity-tab.ts';
import { EntityCollection } from '../../../lib/entity-sync.ts';
import { postActivity } from '../api/post-activity.ts';
import { postGetActivities } from '../api/post-get-activities.ts';
import { putActivity } from '../api/put-activity.ts';
import { byActivityName } from '../activity-rules.ts';

// The activities tab (spec 3 section 2): active rows, or the inactive ones with the trash box on.
// The rows are a generic entity collection (spec 1 section 4), as the residents' are.

export const activityRows = new EntityCollection<Activity, Pick<NewActivity, 'name'>, Partial<ActivityQuery>>({
  type: 'activities',
  idOf: (activity) => activity.id,
  fetch: async (query) => {
    const answer = await postGetActivities(query);
    return { items: [...answer.items].sort(byActivityName), totalCount: answer.totalCount };
  },
  put: putActivity,
  entityIn: postActivity,
  localOf: (draft) => ({ id: 0, active: true, ...draft }) as Activity,
});

const tab = entityTab(activityRows, (active) => ({ active }));

export const activities = tab.state;
export const loadActivities = tab.load;
export const showInactiveActivities = tab.showInactive;
export const toggleActivityActive = tab.toggleActive;
/** For the editor of a stored activity, whose fields save as they are typed (web/lib/typed-in-place.ts). */
export const activityTab = tab;

/** Creates (id null) or renames an activity; true when saved, or kept to be retried. */
export function saveActivity(id: number | null, name: string): Promise<boolean> {
  return tab.save(id, { name });
}

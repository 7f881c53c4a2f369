import { proxy } from 'valtio';
import type { Activity, ActivityQuery, NewActivity } from '../../../../schemas/api/residents.ts';
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

export const activities = proxy({
  showInactive: false,
  loaded: false,
  saving: false,
  failed: false,
});

export async function loadActivities(): Promise<void> {
  activities.failed = !(await activityRows.fetch({ active: !activities.showInactive }));
  activities.loaded = true;
}

export function showInactiveActivities(on: boolean): void {
  activities.showInactive = on;
  void loadActivities();
}

/** Creates (id null) or renames an activity; true when saved, or kept to be retried. */
export async function saveActivity(id: number | null, name: string): Promise<boolean> {
  activities.saving = true;
  try {
    const saved = await activityRows.save(id, { name });
    activities.failed = !saved;
    if (saved) await loadActivities();
    return saved;
  } finally {
    activities.saving = false;
  }
}

/** The trash toggle: a put with active flipped, shown at once; the row then moves to the other view. */
export async function toggleActivityActive(activity: Pick<Activity, 'id' | 'active'>): Promise<void> {
  const saved = await activityRows.put(activity.id, { active: !activity.active });
  activities.failed = !saved;
  if (saved) await loadActivities();
}

import { proxy } from 'valtio';
import type { Activity } from '../../../../schemas/api/residents.ts';
import { postActivity } from '../api/post-activity.ts';
import { postGetActivities } from '../api/post-get-activities.ts';
import { putActivity } from '../api/put-activity.ts';
import { byActivityName } from '../activity-rules.ts';

// The activities tab (spec 3 section 2): active rows, or the inactive ones with the trash box on.

export const activities = proxy({
  items: [] as Activity[],
  showInactive: false,
  loaded: false,
  busyId: null as number | 'new' | null,
  failed: false,
});

let sequence = 0;

export async function loadActivities(): Promise<void> {
  const mine = ++sequence;
  try {
    const answer = await postGetActivities({ active: !activities.showInactive });
    if (mine !== sequence) return;
    activities.items = [...answer.items].sort(byActivityName);
    activities.failed = false;
  } catch {
    if (mine !== sequence) return;
    activities.items = [];
    activities.failed = true;
  } finally {
    if (mine === sequence) activities.loaded = true;
  }
}

export function showInactiveActivities(on: boolean): void {
  activities.showInactive = on;
  void loadActivities();
}

/** Creates (id null) or renames an activity; true when saved. */
export async function saveActivity(id: number | null, name: string): Promise<boolean> {
  activities.busyId = id ?? 'new';
  try {
    if (id === null) await postActivity({ name });
    else await putActivity(id, { name });
    activities.failed = false;
    await loadActivities();
    return true;
  } catch {
    activities.failed = true;
    return false;
  } finally {
    activities.busyId = null;
  }
}

/** The trash toggle: a put with active flipped. */
export async function toggleActivityActive(activity: Pick<Activity, 'id' | 'active'>): Promise<void> {
  activities.busyId = activity.id;
  try {
    await putActivity(activity.id, { active: !activity.active });
    activities.failed = false;
    await loadActivities();
  } catch {
    activities.failed = true;
  } finally {
    activities.busyId = null;
  }
}

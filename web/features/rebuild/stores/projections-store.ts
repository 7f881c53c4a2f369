import { proxy, ref } from 'valtio';
import type { ProjectionStatusList } from '../../../../schemas/api/projections.ts';
import { ApiError } from '../../../lib/api-client.ts';
import { getProjections } from '../api/get-projections.ts';
import { postParkEvent } from '../api/post-park-event.ts';
import { postRetryProjection } from '../api/post-retry-projection.ts';

// The projections panel of the operators' screen: where each projection stands and, for one that
// fails on an event, the two repairs of docs/operations.md (retry now, park the event).

type Repair = 'retry' | 'park';

interface ProjectionsState {
  list: ProjectionStatusList | null;
  /** `${name}@${version}` of the projection a repair runs on. */
  busy: string | null;
  problem: { kind: 'load' | Repair; message: string | null } | null;
}

export const projectionsStore = proxy<ProjectionsState>({ list: null, busy: null, problem: null });

const messageOf = (error: unknown) => (error instanceof ApiError ? error.serverMessage : null);

export async function refreshProjections(): Promise<void> {
  try {
    projectionsStore.list = ref(await getProjections());
    if (projectionsStore.problem?.kind === 'load') projectionsStore.problem = null;
  } catch (error) {
    projectionsStore.problem = { kind: 'load', message: messageOf(error) };
  }
}

async function repair(kind: Repair, name: string, version: number, work: () => Promise<unknown>): Promise<void> {
  projectionsStore.busy = `${name}@${version}`;
  projectionsStore.problem = null;
  try {
    await work();
  } catch (error) {
    projectionsStore.problem = { kind, message: messageOf(error) };
  } finally {
    projectionsStore.busy = null;
  }
  await refreshProjections();
}

export const retryProjection = (name: string, version: number) => repair('retry', name, version, () => postRetryProjection(name, version));

export const parkEvent = (name: string, version: number, eventId: string) => repair('park', name, version, () => postParkEvent(name, version, eventId));

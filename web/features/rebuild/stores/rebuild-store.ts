import { proxy, ref } from 'valtio';
import type { RebuildOverview, RebuildSource } from '../../../../schemas/api/rebuild.ts';
import type { UsageRules } from '../../../../schemas/events/usage-rules.ts';
import { ApiError } from '../../../lib/api-client.ts';
import { getRebuildOverview } from '../api/get-rebuild-overview.ts';
import { getUsageRules } from '../api/get-usage-rules.ts';
import { postDropOldVersions } from '../api/post-drop-old-versions.ts';
import { postReadModelRebuild, postRebuild } from '../api/post-rebuild.ts';
import { postSwitchVersion } from '../api/post-switch-version.ts';

// The operators' rebuild screen (DOMAIN.md section 5): the rules being edited, the overview the
// server reports (progress, old vs new headline figures) and what the last action said.

export type RebuildAction = 'start' | 'switch' | 'drop';

interface RebuildState {
  overview: RebuildOverview | null;
  /** The rules on the `usage-rules` stream: what the form starts from. */
  latestRules: UsageRules | null;
  period: { first: string; last: string } | null;
  busy: RebuildAction | null;
  /** The read model an action runs on (the warehouse when null). */
  busyReadModel: string | null;
  /** The server's refusal of the last action (its 4xx message), or a failed load. */
  problem: { kind: 'load' | RebuildAction; message: string | null } | null;
  droppedVersions: number[] | null;
  /** What the last drop of a read model's old versions dropped. */
  droppedReadModel: { name: string; versions: number[] } | null;
}

export const rebuildStore = proxy<RebuildState>({ overview: null, latestRules: null, period: null, busy: null, busyReadModel: null, problem: null, droppedVersions: null, droppedReadModel: null });

const messageOf = (error: unknown) => (error instanceof ApiError ? error.serverMessage : null);

export async function refreshOverview(): Promise<void> {
  try {
    const overview = await getRebuildOverview(rebuildStore.period ?? {});
    rebuildStore.overview = ref(overview);
    if (rebuildStore.problem?.kind === 'load') rebuildStore.problem = null;
  } catch (error) {
    rebuildStore.problem = { kind: 'load', message: messageOf(error) };
  }
}

export async function loadRebuildScreen(): Promise<void> {
  try {
    const rules = await getUsageRules();
    rebuildStore.latestRules = ref(rules.rules);
  } catch (error) {
    rebuildStore.problem = { kind: 'load', message: messageOf(error) };
  }
  await refreshOverview();
}

export function setComparisonPeriod(first: string, last: string): void {
  rebuildStore.period = first && last ? { first, last } : null;
  void refreshOverview();
}

async function act(action: RebuildAction, work: () => Promise<void>): Promise<boolean> {
  rebuildStore.busy = action;
  rebuildStore.problem = null;
  try {
    await work();
    return true;
  } catch (error) {
    rebuildStore.problem = { kind: action, message: messageOf(error) };
    return false;
  } finally {
    rebuildStore.busy = null;
    await refreshOverview();
  }
}

export function startRebuild(rules: UsageRules, from: RebuildSource): Promise<boolean> {
  return act('start', async () => {
    await postRebuild({ rules, from });
    rebuildStore.latestRules = ref(rules);
    rebuildStore.droppedVersions = null;
  });
}

export function switchVersion(): Promise<boolean> {
  return act('switch', async () => {
    rebuildStore.overview = ref(await postSwitchVersion());
  });
}

export function dropOldVersions(): Promise<boolean> {
  return act('drop', async () => {
    rebuildStore.droppedVersions = (await postDropOldVersions()).droppedVersions;
  });
}

// The read models are rebuilt, switched and dropped one at a time, by name, through the same
// endpoints as the warehouse.

async function actOn(name: string, action: RebuildAction, work: () => Promise<void>): Promise<boolean> {
  rebuildStore.busyReadModel = name;
  try {
    return await act(action, work);
  } finally {
    rebuildStore.busyReadModel = null;
  }
}

export const startReadModelRebuild = (name: string) =>
  actOn(name, 'start', async () => {
    await postReadModelRebuild(name);
    rebuildStore.droppedReadModel = null;
  });

export const switchReadModel = (name: string) =>
  actOn(name, 'switch', async () => {
    rebuildStore.overview = ref(await postSwitchVersion(name));
  });

export const dropOldReadModelVersions = (name: string) =>
  actOn(name, 'drop', async () => {
    rebuildStore.droppedReadModel = { name, versions: (await postDropOldVersions(name)).droppedVersions };
  });

/** While a rebuild runs the screen follows it every second (DOMAIN.md section 5: watch its progress). */
export function isRebuilding(overview: RebuildOverview | null): boolean {
  const building = (r: { caughtUp: boolean } | null) => r !== null && !r.caughtUp;
  return !!overview && (building(overview.rebuild) || overview.readModels.some((m) => building(m.rebuild)));
}

import { defaultUsageRules, type UsageRules } from '../../schemas/events/usage-rules.ts';
import { deriveUserUsage } from '../../projections/warehouse/derivation/derive-user-usage.ts';
import type {
  CatalogueCategory,
  CatalogueFile,
  FileCatalogue,
  ItemType,
  PlaySampleRow,
  PlaySourceName,
  SessionStartRow,
  SessionStopRow,
  UserUsage,
  UserUsageInput,
  VideoActionRow,
} from '../../projections/warehouse/derivation/types.ts';

// Builders for the derivation's unit tests: readable scenarios in UTC ISO times, with the local
// (Helsinki) time written beside them in the tests.

export const at = (iso: string) => Date.parse(iso);
export const userId = 42;

const category = (categoryId: number, contentType: string | null, priority: number): CatalogueCategory => ({ categoryId, contentType, priority });
const file = (type: CatalogueFile['type'], lengthSeconds: number | null, categories: CatalogueCategory[]): CatalogueFile => ({
  type,
  lengthSeconds,
  categories,
});

/**
 * 1: music piece, 180 s, Music. 2: audio program, 600 s, Story (priority 0) and 'Sing Along'
 * (priority 5, so its best category; merged to SingAlong). 3: music piece, 240 s, Video (merged to
 * Theme). 4: audio program, 1200 s, News. Category 50 (Exercise) belongs to no file here.
 */
export const catalogue: FileCatalogue = (() => {
  const files = new Map<number, CatalogueFile>([
    [1, file('MusicPiece', 180, [category(10, 'Music', 1)])],
    [2, file('AudioProgram', 600, [category(20, 'Story', 0), category(21, 'Sing Along', 5)])],
    [3, file('MusicPiece', 240, [category(30, 'Video', 0)])],
    [4, file('AudioProgram', 1200, [category(40, 'News', 0)])],
  ]);
  const categories = new Map<number, CatalogueCategory>();
  for (const f of files.values()) for (const c of f.categories) categories.set(c.categoryId, c);
  categories.set(50, category(50, 'Exercise', 0));
  return { files, categories };
})();

let counter = 0;
const eventId = (prefix: string) => `${prefix}-${String(counter++).padStart(8, '0')}`;

export interface SampleOptions {
  source?: PlaySourceName | null;
  manual?: boolean;
  itemType?: ItemType;
  categoryId?: number | null;
}

export function sample(iso: string | number, audioFileId: number, position: number, o: SampleOptions = {}): PlaySampleRow {
  return {
    eventId: eventId('s'),
    clientTime: typeof iso === 'number' ? iso : at(iso),
    audioFileId,
    position,
    playSource: o.source ?? null,
    itemType: o.itemType ?? 'Audio',
    categoryId: o.categoryId ?? null,
    manualStart: o.manual ?? false,
  };
}

/** Samples of an uninterrupted play: one every `step` seconds from position 0 to `seconds`. */
export function listen(startIso: string, audioFileId: number, seconds: number, o: SampleOptions = {}, step = 10): PlaySampleRow[] {
  const start = at(startIso);
  const rows: PlaySampleRow[] = [];
  for (let s = 0; s < seconds; s += step) rows.push(sample(start + s * 1000, audioFileId, s, o));
  rows.push(sample(start + seconds * 1000, audioFileId, seconds, o));
  return rows;
}

export function started(iso: string, sessionId: string, residentIds: number[] = [], activityIds: number[] = [], outdoors = false): SessionStartRow {
  return { eventId: eventId('start'), clientTime: at(iso), sessionId, residentIds, activityIds, outdoors };
}

export function stopped(iso: string, sessionId: string | null): SessionStopRow {
  return { eventId: eventId('stop'), clientTime: at(iso), sessionId };
}

export function video(iso: string, action: VideoActionRow['action'], position: number, o: Partial<VideoActionRow> = {}): VideoActionRow {
  return {
    eventId: eventId('v'),
    clientTime: at(iso),
    playerId: 'player-1',
    fileId: 900,
    fileName: 'Autumn walk.mp4',
    position,
    playSource: null,
    totalLength: 180,
    action,
    ...o,
  };
}

export interface Scenario {
  samples?: PlaySampleRow[];
  sessionStarts?: SessionStartRow[];
  sessionStops?: SessionStopRow[];
  videoActions?: VideoActionRow[];
  now?: string;
}

export function inputOf(s: Scenario): UserUsageInput {
  return {
    userId,
    now: at(s.now ?? '2027-01-01T00:00:00Z'),
    samples: s.samples ?? [],
    sessionStarts: s.sessionStarts ?? [],
    sessionStops: s.sessionStops ?? [],
    videoActions: s.videoActions ?? [],
    catalogue,
  };
}

export function derive(s: Scenario, rules: UsageRules = defaultUsageRules, timeZone = 'Europe/Helsinki'): UserUsage {
  return deriveUserUsage(inputOf(s), rules, timeZone);
}

export const iso = (ms: number | null) => (ms === null ? null : new Date(ms).toISOString());

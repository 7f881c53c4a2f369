import type { Warehouse } from '../../infra/clickhouse/clickhouse.ts';

// The usage warehouse tables of one projection version. Every name carries the version suffix, so
// a rebuild under new rules (version N+1) builds its own tables beside the ones still serving
// (DOMAIN.md section 5), and dropping a version drops exactly its tables.
//
// Raw tables hold one row per event and are keyed so that the same event id collapses (an event id
// always has the same user and client time, so the whole key repeats). Derived tables are
// replaced, never mutated: every re-derivation inserts the rows again with a higher
// derived_version, and rows a re-derivation no longer produces get a tombstone (is_deleted = 1).
// Read both with FINAL. ReplacingMergeTree(version, is_deleted) needs ClickHouse 23.2+.

export function warehouseTables(version: number) {
  const v = (name: string) => `${name}_v${version}`;
  return {
    playSamples: v('play_samples'),
    videoActions: v('video_actions'),
    sessionStarts: v('session_starts'),
    sessionStops: v('session_stops'),
    evaluations: v('evaluations'),
    messageItemActions: v('message_item_actions'),
    buttonActions: v('button_actions'),
    searches: v('searches'),
    clientVersions: v('client_versions'),
    plays: v('plays'),
    sessions: v('sessions'),
    sessionParticipants: v('session_participants'),
    sessionActivities: v('session_activities'),
    videoViews: v('video_views'),
    dailyUsage: v('daily_usage'),
    rechecks: v('usage_rechecks'),
  };
}
export type WarehouseTables = ReturnType<typeof warehouseTables>;

/** The raw tables: one row per event, the same whatever the rules, so a rebuild may copy them. */
export const rawTableKeys = [
  'playSamples', 'videoActions', 'sessionStarts', 'sessionStops', 'evaluations', 'messageItemActions', 'buttonActions', 'searches', 'clientVersions',
] as const satisfies readonly (keyof WarehouseTables)[];

const time = "DateTime64(3, 'UTC')";
const rawHead = `event_id UUID, user_id UInt64, client_time ${time}, received_at ${time}`;
const raw = (name: string, columns: string) =>
  `CREATE TABLE IF NOT EXISTS ${name} (${rawHead}, ${columns}) ENGINE = ReplacingMergeTree ORDER BY (user_id, client_time, event_id)`;
const derived = (name: string, columns: string, key: string) =>
  `CREATE TABLE IF NOT EXISTS ${name} (${columns}, derived_version UInt128, is_deleted UInt8) ENGINE = ReplacingMergeTree(derived_version, is_deleted) ORDER BY (${key})`;
const source = 'LowCardinality(Nullable(String))';

export function warehouseDdl(t: WarehouseTables): string[] {
  return [
    raw(t.playSamples, `audio_file_id UInt64, position Float64, play_source ${source}, item_type LowCardinality(String),
      recipe_id Nullable(UInt64), favorite_list_id Nullable(UInt64), category_id Nullable(UInt64), manual_start Bool, exercise Bool`),
    raw(t.videoActions, `player_id String, file_id UInt64, file_name String, position Float64, play_source ${source},
      total_length Float64, action LowCardinality(String)`),
    raw(t.sessionStarts, 'session_id UUID, resident_ids Array(UInt64), activity_ids Array(UInt64), outdoors Bool'),
    raw(t.sessionStops, 'session_id Nullable(UUID)'),
    // Evaluations carry no receivedAt; received_at is the recorded time of the event.
    raw(t.evaluations, 'evaluation_id UUID, event_type LowCardinality(String), target_type LowCardinality(Nullable(String)), target_id Nullable(UInt64), score Int8'),
    raw(t.messageItemActions, 'message_item_id UInt64, action LowCardinality(String)'),
    raw(t.buttonActions, 'button String, params String'),
    raw(t.searches, 'query String, category_ids Array(UInt64), music_pieces Bool, music_categories Bool, audio_programs Bool, recipes Bool'),
    raw(t.clientVersions, 'version String'),
    derived(
      t.plays,
      `user_id UInt64, play_id UUID, session_id UUID, session_kind LowCardinality(String), session_day Date, day Date,
      start_time ${time}, end_time ${time}, length Float64, pause_inside Float64, pause_before Float64, possible_length Nullable(Float64),
      item_type LowCardinality(String), audio_file_id UInt64, file_type LowCardinality(Nullable(String)), play_source ${source},
      manual_start Bool, category_id Nullable(UInt64), content_type LowCardinality(Nullable(String)), usage_type LowCardinality(String),
      sample_count UInt32`,
      'user_id, play_id',
    ),
    derived(
      t.sessions,
      `user_id UInt64, session_id UUID, kind LowCardinality(String), day Date, start_time ${time}, end_time Nullable(${time}),
      activity_end ${time}, length Nullable(Float64), closed_by LowCardinality(Nullable(String)), resident_ids Array(UInt64),
      activity_ids Array(UInt64), outdoors Bool, short Bool, with_participants Bool, play_count UInt32, guided_seconds Float64,
      continuous_music_seconds Float64, continuous_programs_seconds Float64, other_seconds Float64`,
      'user_id, session_id',
    ),
    derived(t.sessionParticipants, 'user_id UInt64, session_id UUID, resident_id UInt64, day Date', 'user_id, session_id, resident_id'),
    derived(t.sessionActivities, 'user_id UInt64, session_id UUID, activity_id UInt64, day Date', 'user_id, session_id, activity_id'),
    derived(
      t.videoViews,
      `user_id UInt64, view_id UUID, file_id UInt64, file_name String, player_id String, play_source ${source},
      start_time ${time}, end_time ${time}, day Date, time String, play_time Float64, pause_time Float64, video_length Float64`,
      'user_id, view_id',
    ),
    derived(
      t.dailyUsage,
      'user_id UInt64, day Date, usage_type LowCardinality(String), seconds Float64, sessions UInt32, sessions_with_participants UInt32',
      'user_id, day, usage_type',
    ),
    derived(t.rechecks, `user_id UInt64, recheck_at ${time}`, 'user_id, recheck_at'),
  ];
}

export async function createWarehouseTables(warehouse: Warehouse, version: number): Promise<void> {
  for (const statement of warehouseDdl(warehouseTables(version))) await warehouse.exec(statement);
}

/** Drops one version's tables, after a rebuild switched queries to a newer version. */
export async function dropWarehouseTables(warehouse: Warehouse, version: number): Promise<void> {
  for (const name of Object.values(warehouseTables(version))) await warehouse.exec(`DROP TABLE IF EXISTS ${name}`);
}

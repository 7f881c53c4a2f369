import {
  audioFileLogEntity,
  detailedUsageReportEntity,
  searchLogEntity,
  usageReportEntity,
  userReportEntity,
} from '../../schemas/api/back-office/usage-entities.ts';
import { referenceTable } from './reference-table.ts';

// The usage entities of spec 3 section 3, read from the usage warehouse (docs/warehouse.md) so the
// play counts and last plays are the reports' own figures, not a second counter kept beside them
// (issue 18 item 3). A unit's usage is its own data: the unit and its administrators read it, as
// they read its usage reports (spec 3 section 6); operators run the library, not the units.
//
// Each `from` is ClickHouse SQL over the current version's tables, always with FINAL and without
// tombstones. `{start:String}` and `{end:String}` are the query's startTime and endTime (the whole
// history when absent): they bound the plays, sessions or searches before any count.

const period = (column: string) =>
  `${column} >= parseDateTime64BestEffort({start:String}, 3, 'UTC') AND ${column} < parseDateTime64BestEffort({end:String}, 3, 'UTC')`;
const audioPlays = (t: Readonly<Record<string, string>>) => `${t.plays} FINAL WHERE is_deleted = 0 AND item_type = 'Audio' AND ${period('start_time')}`;

const userName = { key: 'user_id', sql: 'SELECT id, name AS value FROM users WHERE id = ANY($1::integer[])' };
const userGroupId = { key: 'user_id', sql: 'SELECT id, user_group_id AS value FROM users WHERE id = ANY($1::integer[])' };
const audioFileName = { key: 'audio_file_id', sql: 'SELECT id, name AS value FROM audio_files WHERE id = ANY($1::integer[])' };
const usersNamed = { column: 'user_id', sql: 'SELECT id FROM users WHERE name ILIKE $1' };
const audioFilesNamed = { column: 'audio_file_id', sql: 'SELECT id FROM audio_files WHERE name ILIKE $1' };
const audioFileIds = { audioFileIds: 'r.audio_file_id IN {value:Array(UInt64)}' };
/** Filled from Postgres (WarehouseSource.lookups). */
const looked = { column: '' };

export const audioFileLogs = referenceTable({
  name: audioFileLogEntity.name,
  table: 'plays',
  fields: { audioFileId: { column: 'audio_file_id' }, audioFileName: looked, userId: { column: 'user_id' }, userName: looked, time: { column: 'time' } },
  access: { kind: 'unit' },
  searchSql: `''`,
  sorts: { 'time-desc': 'r.time DESC, r.id DESC', 'time-asc': 'r.time, r.id' },
  filters: audioFileIds,
  warehouse: {
    from: (t) => `SELECT toString(play_id) AS id, user_id, audio_file_id, toString(start_time) AS time FROM ${audioPlays(t)}`,
    times: ['time'],
    lookups: { audioFileName, userName },
    searchIds: [audioFilesNamed, usersNamed],
  },
  schemas: audioFileLogEntity,
});

export const usageReports = referenceTable({
  name: usageReportEntity.name,
  table: 'plays',
  fields: {
    userId: { column: 'user_id' },
    userGroupId: looked,
    audioFileId: { column: 'audio_file_id' },
    audioFileName: looked,
    listencount: { column: 'listencount' },
    lastPlay: { column: 'last_play' },
  },
  access: { kind: 'unit' },
  searchSql: `''`,
  sorts: { 'listencount-desc': 'r.listencount DESC, r.id', 'last-play-desc': 'r.last_play DESC, r.id', 'id-asc': 'r.user_id, r.audio_file_id' },
  filters: audioFileIds,
  warehouse: {
    from: (t) =>
      `SELECT concat(toString(user_id), '-', toString(audio_file_id)) AS id, user_id, audio_file_id, count() AS listencount, toString(max(start_time)) AS last_play
         FROM ${audioPlays(t)} GROUP BY user_id, audio_file_id`,
    times: ['lastPlay'],
    lookups: { userGroupId, audioFileName },
    searchIds: [audioFilesNamed],
  },
  schemas: usageReportEntity,
});

export const userReports = referenceTable({
  name: userReportEntity.name,
  table: 'plays',
  fields: { userId: { column: 'user_id' }, userGroupId: looked, audioFilesCount: { column: 'audio_files_count' }, lastPlay: { column: 'last_play' } },
  access: { kind: 'unit' },
  searchSql: `''`,
  sorts: { 'audio-files-count-desc': 'r.audio_files_count DESC, r.id', 'last-play-asc': 'r.last_play, r.id', 'last-play-desc': 'r.last_play DESC, r.id' },
  warehouse: {
    from: (t) => `SELECT user_id AS id, user_id, count() AS audio_files_count, toString(max(start_time)) AS last_play FROM ${audioPlays(t)} GROUP BY user_id`,
    times: ['lastPlay'],
    lookups: { userGroupId },
    searchIds: [usersNamed],
  },
  schemas: userReportEntity,
});

export const detailedUsageReports = referenceTable({
  name: detailedUsageReportEntity.name,
  table: 'sessions',
  fields: {
    userId: { column: 'user_id' },
    userGroupId: looked,
    sessionCount: { column: 'session_count' },
    sessionSeconds: { column: 'session_seconds' },
    playCount: { column: 'play_count' },
    lastSession: { column: 'last_session' },
  },
  access: { kind: 'unit' },
  searchSql: `''`,
  sorts: { 'id-asc': 'r.id', 'session-count-desc': 'r.session_count DESC, r.id' },
  warehouse: {
    // Counted sessions only, as the usage report counts them (docs/warehouse.md daily_usage).
    from: (t) =>
      `SELECT user_id AS id, user_id, count() AS session_count, round(sum(assumeNotNull(length)), 3) AS session_seconds, sum(play_count) AS play_count,
              toString(max(start_time)) AS last_session
         FROM ${t.sessions} FINAL WHERE is_deleted = 0 AND NOT short AND end_time IS NOT NULL AND ${period('start_time')} GROUP BY user_id`,
    times: ['lastSession'],
    lookups: { userGroupId },
    searchIds: [usersNamed],
  },
  schemas: detailedUsageReportEntity,
});

export const searchLogs = referenceTable({
  name: searchLogEntity.name,
  table: 'searches',
  fields: {
    time: { column: 'time' },
    userId: { column: 'user_id' },
    userName: looked,
    query: { column: 'query' },
    categories: looked,
    musicPieces: { column: 'music_pieces' },
    musicCategories: { column: 'music_categories' },
    audioPrograms: { column: 'audio_programs' },
    recipes: { column: 'recipes' },
  },
  access: { kind: 'unit' },
  searchSql: 'r.query',
  sorts: { 'time-desc': 'r.time DESC, r.id DESC', 'time-asc': 'r.time, r.id' },
  warehouse: {
    from: (t) =>
      `SELECT toString(event_id) AS id, user_id, toString(client_time) AS time, query, category_ids, music_pieces, music_categories, audio_programs, recipes
         FROM ${t.searches} FINAL WHERE ${period('client_time')}`,
    times: ['time'],
    lookups: { userName, categories: { key: 'category_ids', sql: 'SELECT id, name AS value FROM categories WHERE id = ANY($1::integer[])', list: true } },
    searchIds: [usersNamed],
  },
  schemas: searchLogEntity,
});

/** The usage warehouse's entities, for the registry. */
export const usageEntities = [audioFileLogs, detailedUsageReports, searchLogs, usageReports, userReports];

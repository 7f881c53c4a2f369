import { toClickHouseTime } from '../../infra/clickhouse/clickhouse.ts';
import type { ProjectedEvent } from '../engine/projector.ts';
import type { RawRows } from './load.ts';
import type { WarehouseTables } from './tables.ts';

// Events to raw warehouse rows, grouped by table so each table gets ONE insert per batch.

export const usageWarehouseEvents = [
  'PlaySampled',
  'VideoActionLogged',
  'UsageSessionStarted',
  'UsageSessionStopped',
  'AudioFileEvaluated',
  'MessageItemEvaluated',
  'EvaluationChanged',
  'MessageItemActionLogged',
  'ButtonActionLogged',
  'SearchLogged',
  'ClientVersionReported',
] as const;
export type UsageWarehouseEvent = ProjectedEvent<(typeof usageWarehouseEvents)[number]>;

/** toClickHouseTime without a Date for the common 'YYYY-MM-DDTHH:mm:ss.sssZ' shape (a hot path: one per event). */
const chTime = (iso: string) => (iso.length === 24 && iso.endsWith('Z') ? `${iso.slice(0, 10)} ${iso.slice(11, 23)}` : toClickHouseTime(iso));

/** Positional rows of one table, in the order of `columns` (inserted as JSONCompactEachRow). */
export interface CompactRows {
  columns: readonly string[];
  rows: unknown[][];
}

const head = ['event_id', 'user_id', 'client_time', 'received_at'];
const rawColumns = (t: WarehouseTables) => ({
  [t.playSamples]: [...head, 'audio_file_id', 'position', 'play_source', 'item_type', 'recipe_id', 'favorite_list_id', 'category_id', 'manual_start', 'exercise'],
  [t.videoActions]: [...head, 'player_id', 'file_id', 'file_name', 'position', 'play_source', 'total_length', 'action'],
  [t.sessionStarts]: [...head, 'session_id', 'resident_ids', 'activity_ids', 'outdoors'],
  [t.sessionStops]: [...head, 'session_id'],
  [t.evaluations]: [...head, 'evaluation_id', 'event_type', 'target_type', 'target_id', 'score'],
  [t.messageItemActions]: [...head, 'message_item_id', 'action'],
  [t.buttonActions]: [...head, 'button', 'params'],
  [t.searches]: [...head, 'query', 'category_ids', 'music_pieces', 'music_categories', 'audio_programs', 'recipes'],
  [t.clientVersions]: [...head, 'version'],
});

export function rawRowsByTable(events: readonly UsageWarehouseEvent[], t: WarehouseTables): Map<string, CompactRows> {
  const columns = rawColumns(t);
  const rows = new Map<string, CompactRows>();
  const add = (table: string, row: unknown[]) => {
    const entry = rows.get(table);
    if (entry) entry.rows.push(row);
    else rows.set(table, { columns: columns[table]!, rows: [row] });
  };
  for (const e of events) {
    switch (e.type) {
      case 'PlaySampled': {
        const d = e.data;
        add(t.playSamples, [
          e.id, d.userId, chTime(d.clientTime), chTime(d.receivedAt),
          d.audioFileId, d.position, d.playSource, d.itemType, d.recipeId, d.favoriteListId, d.categoryId, d.manualStart, d.exercise,
        ]);
        break;
      }
      case 'VideoActionLogged': {
        const d = e.data;
        add(t.videoActions, [
          e.id, d.userId, chTime(d.clientTime), chTime(d.receivedAt),
          d.playerId, d.fileId, d.fileName, d.position, d.playSource, d.totalLength, d.action,
        ]);
        break;
      }
      case 'UsageSessionStarted': {
        const d = e.data;
        add(t.sessionStarts, [e.id, d.userId, chTime(d.clientTime), chTime(d.receivedAt), d.sessionId, d.residentIds, d.activityIds, d.outdoors]);
        break;
      }
      case 'UsageSessionStopped': {
        const d = e.data;
        add(t.sessionStops, [e.id, d.userId, chTime(d.clientTime), chTime(d.receivedAt), d.sessionId]);
        break;
      }
      case 'AudioFileEvaluated':
      case 'MessageItemEvaluated':
      case 'EvaluationChanged': {
        const d = e.data;
        const [targetType, targetId] =
          e.type === 'AudioFileEvaluated' ? ['audioFile', e.data.audioFileId]
          : e.type === 'MessageItemEvaluated' ? ['messageItem', e.data.messageItemId]
          : [null, null];
        // Evaluations carry no receivedAt: the recorded time stands in.
        add(t.evaluations, [e.id, d.userId, chTime(d.clientTime), toClickHouseTime(e.recordedAt), d.evaluationId, e.type, targetType, targetId, d.score]);
        break;
      }
      case 'MessageItemActionLogged': {
        const d = e.data;
        add(t.messageItemActions, [e.id, d.userId, chTime(d.clientTime), chTime(d.receivedAt), d.messageItemId, d.action]);
        break;
      }
      case 'ButtonActionLogged': {
        const d = e.data;
        add(t.buttonActions, [e.id, d.userId, chTime(d.clientTime), chTime(d.receivedAt), d.button, JSON.stringify(d.params)]);
        break;
      }
      case 'SearchLogged': {
        const d = e.data;
        add(t.searches, [
          e.id, d.userId, chTime(d.clientTime), chTime(d.receivedAt),
          d.query, d.categoryIds, d.musicPieces, d.musicCategories, d.audioPrograms, d.recipes,
        ]);
        break;
      }
      case 'ClientVersionReported': {
        const d = e.data;
        add(t.clientVersions, [e.id, d.userId, chTime(d.clientTime), chTime(d.receivedAt), d.version]);
        break;
      }
    }
  }
  return rows;
}

/**
 * The batch's rows that the derivation reads, with the values the raw tables would give back
 * (instants truncated to the millisecond as DateTime64(3) stores them), so a window can use them
 * without reading them back from the tables.
 */
export function derivationRows(events: readonly UsageWarehouseEvent[]): RawRows {
  const rows: RawRows = { samples: [], videoActions: [], starts: [], stops: [] };
  for (const e of events) {
    switch (e.type) {
      case 'PlaySampled': {
        const d = e.data;
        rows.samples.push({
          userId: d.userId, eventId: e.id, clientTime: Date.parse(d.clientTime), audioFileId: d.audioFileId, position: d.position,
          playSource: d.playSource, itemType: d.itemType, categoryId: d.categoryId, manualStart: d.manualStart,
        });
        break;
      }
      case 'VideoActionLogged': {
        const d = e.data;
        rows.videoActions.push({
          userId: d.userId, eventId: e.id, clientTime: Date.parse(d.clientTime), playerId: d.playerId, fileId: d.fileId, fileName: d.fileName,
          position: d.position, playSource: d.playSource, totalLength: d.totalLength, action: d.action,
        });
        break;
      }
      case 'UsageSessionStarted': {
        const d = e.data;
        rows.starts.push({ userId: d.userId, eventId: e.id, clientTime: Date.parse(d.clientTime), sessionId: d.sessionId, residentIds: d.residentIds, activityIds: d.activityIds, outdoors: d.outdoors });
        break;
      }
      case 'UsageSessionStopped': {
        const d = e.data;
        rows.stops.push({ userId: d.userId, eventId: e.id, clientTime: Date.parse(d.clientTime), sessionId: d.sessionId });
        break;
      }
      default:
        break;
    }
  }
  return rows;
}

/** The client time (epoch ms) of an event that can change plays, sessions or video views; null otherwise. */
export function derivationInstant(e: UsageWarehouseEvent): number | null {
  switch (e.type) {
    case 'PlaySampled':
    case 'VideoActionLogged':
    case 'UsageSessionStarted':
    case 'UsageSessionStopped':
      return Date.parse(e.data.clientTime);
    default:
      return null;
  }
}

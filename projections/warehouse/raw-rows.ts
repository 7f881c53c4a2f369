import { toClickHouseTime } from '../../infra/clickhouse/clickhouse.ts';
import type { ProjectedEvent } from '../engine/projector.ts';
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

/** The columns every usage-stream row starts with. */
const usageColumns = (e: { id: string; data: { userId: number; clientTime: string; receivedAt: string } }) => ({
  event_id: e.id,
  user_id: e.data.userId,
  client_time: chTime(e.data.clientTime),
  received_at: chTime(e.data.receivedAt),
});

export function rawRowsByTable(events: readonly UsageWarehouseEvent[], t: WarehouseTables): Map<string, object[]> {
  const rows = new Map<string, object[]>();
  const add = (table: string, row: object) => {
    const list = rows.get(table);
    if (list) list.push(row);
    else rows.set(table, [row]);
  };
  for (const e of events) {
    switch (e.type) {
      case 'PlaySampled': {
        const d = e.data;
        add(t.playSamples, {
          ...usageColumns(e),
          audio_file_id: d.audioFileId,
          position: d.position,
          play_source: d.playSource,
          item_type: d.itemType,
          recipe_id: d.recipeId,
          favorite_list_id: d.favoriteListId,
          category_id: d.categoryId,
          manual_start: d.manualStart,
          exercise: d.exercise,
        });
        break;
      }
      case 'VideoActionLogged': {
        const d = e.data;
        add(t.videoActions, {
          ...usageColumns(e),
          player_id: d.playerId,
          file_id: d.fileId,
          file_name: d.fileName,
          position: d.position,
          play_source: d.playSource,
          total_length: d.totalLength,
          action: d.action,
        });
        break;
      }
      case 'UsageSessionStarted':
        add(t.sessionStarts, { ...usageColumns(e), session_id: e.data.sessionId, resident_ids: e.data.residentIds, activity_ids: e.data.activityIds, outdoors: e.data.outdoors });
        break;
      case 'UsageSessionStopped':
        add(t.sessionStops, { ...usageColumns(e), session_id: e.data.sessionId });
        break;
      case 'AudioFileEvaluated':
      case 'MessageItemEvaluated':
      case 'EvaluationChanged': {
        const d = e.data;
        const target =
          e.type === 'AudioFileEvaluated' ? { target_type: 'audioFile', target_id: e.data.audioFileId }
          : e.type === 'MessageItemEvaluated' ? { target_type: 'messageItem', target_id: e.data.messageItemId }
          : { target_type: null, target_id: null };
        add(t.evaluations, {
          event_id: e.id,
          user_id: d.userId,
          client_time: chTime(d.clientTime),
          received_at: toClickHouseTime(e.recordedAt),
          evaluation_id: d.evaluationId,
          event_type: e.type,
          ...target,
          score: d.score,
        });
        break;
      }
      case 'MessageItemActionLogged':
        add(t.messageItemActions, { ...usageColumns(e), message_item_id: e.data.messageItemId, action: e.data.action });
        break;
      case 'ButtonActionLogged':
        add(t.buttonActions, { ...usageColumns(e), button: e.data.button, params: JSON.stringify(e.data.params) });
        break;
      case 'SearchLogged': {
        const d = e.data;
        add(t.searches, {
          ...usageColumns(e),
          query: d.query,
          category_ids: d.categoryIds,
          music_pieces: d.musicPieces,
          music_categories: d.musicCategories,
          audio_programs: d.audioPrograms,
          recipes: d.recipes,
        });
        break;
      }
      case 'ClientVersionReported':
        add(t.clientVersions, { ...usageColumns(e), version: e.data.version });
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

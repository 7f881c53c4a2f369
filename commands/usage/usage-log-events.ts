import { eventId } from '../../infra/event-store/event-ids.ts';
import type { NewEvent } from '../../infra/event-store/event-store.ts';
import type { UsageLogData } from '../../schemas/api/usage-log.ts';
import type { UsageEvent } from '../../schemas/events/usage.ts';

// A usage log page as events of `usage-{userId}` (DOMAIN.md section 2). Each event id is a uuid v5
// of what identifies the fact, never of when it was received, so the same log posted again (the
// browser retries after a lost answer) gives the same ids and the store keeps the first copy.

export interface UsageLogContext {
  userId: number;
  sessionToken: string;
  publicReport: boolean;
  receivedAt: Date;
  correlationId: string;
}

/** Client times as UTC ISO, so `…+02:00` and the same instant in `Z` are one fact. */
const utc = (time: string) => new Date(time).toISOString();

/** A session is the user's start at a client time: re-posting the start names the same session. */
export const usageSessionId = (userId: number, clientTime: string) => eventId('UsageSession', userId, utc(clientTime));

export function usageLogEvents(log: UsageLogData, ctx: UsageLogContext): NewEvent<UsageEvent>[] {
  const { userId } = ctx;
  const receivedAt = ctx.receivedAt.toISOString();
  const metadata = { userId, correlationId: ctx.correlationId };
  const base = (time: string) => ({ userId, clientTime: utc(time), receivedAt });

  switch (log.page) {
    case 'login':
      // Same id as the LoggedIn that POST /api/login appended for this session: the browser's
      // report of its login is that fact again, stored once.
      return [
        {
          id: eventId('LoggedIn', userId, ctx.sessionToken),
          type: 'LoggedIn',
          data: { ...base(log.time), sessionToken: ctx.sessionToken, admin: false, method: ctx.publicReport ? 'publicReportToken' : 'password' },
          metadata,
        },
      ];
    case 'startSession':
      return [
        {
          id: eventId('UsageSessionStarted', userId, utc(log.time)),
          type: 'UsageSessionStarted',
          data: { ...base(log.time), sessionId: usageSessionId(userId, log.time), residentIds: log.residentIds, activityIds: log.params.activityIds, outdoors: log.params.outdoors },
          metadata,
        },
      ];
    case 'stopSession':
      return [{ id: eventId('UsageSessionStopped', userId, utc(log.time)), type: 'UsageSessionStopped', data: { ...base(log.time), sessionId: null }, metadata }];
    case 'messageItem':
      return [
        {
          id: eventId('MessageItemActionLogged', userId, utc(log.time), log.messageItemId, log.action),
          type: 'MessageItemActionLogged',
          data: { ...base(log.time), messageItemId: log.messageItemId, action: log.action },
          metadata,
        },
      ];
    case 'player':
      return log.playLog.map((item) => ({
        // DOMAIN.md section 2: a sample is (user, client time, file id, position, play source).
        id: eventId('PlaySampled', userId, utc(item.time), item.audioFileId, item.playPosition, item.playSource ?? ''),
        type: 'PlaySampled',
        data: {
          ...base(item.time),
          audioFileId: item.audioFileId,
          position: item.playPosition,
          playSource: item.playSource ?? null,
          itemType: item.playLogItemType ?? 'Audio',
          recipeId: item.recipeId ?? null,
          favoriteListId: item.favoriteListId ?? null,
          categoryId: item.categoryId ?? null,
          manualStart: item.manualStart ?? false,
          exercise: item.exercise ?? false,
        },
        metadata,
      }));
    case 'videoPlayAction':
      return log.videoLog.map((item) => ({
        id: eventId('VideoActionLogged', userId, utc(item.time), item.playerId, item.fileId, item.playPosition, item.action),
        type: 'VideoActionLogged',
        data: {
          ...base(item.time),
          playerId: item.playerId,
          fileId: item.fileId,
          fileName: item.fileName,
          position: item.playPosition,
          playSource: item.playSource ?? null,
          totalLength: item.totalLength,
          action: item.action,
        },
        metadata,
      }));
    case 'buttonAction':
      return [
        { id: eventId('ButtonActionLogged', userId, utc(log.time), log.button), type: 'ButtonActionLogged', data: { ...base(log.time), button: log.button, params: log.params }, metadata },
      ];
    case 'search': {
      const categoryIds = [...new Set([...(log.categoryIds ?? []), ...(log.categories ?? []).map((c) => (typeof c === 'number' ? c : c.id))])];
      const { query, musicPieces, musicCategories, audioPrograms, recipes } = log;
      return [
        {
          id: eventId('SearchLogged', userId, utc(log.time), query),
          type: 'SearchLogged',
          data: { ...base(log.time), query, categoryIds, musicPieces, musicCategories, audioPrograms, recipes },
          metadata,
        },
      ];
    }
    case 'version':
      return [{ id: eventId('ClientVersionReported', userId, utc(log.time), log.version), type: 'ClientVersionReported', data: { ...base(log.time), version: log.version }, metadata }];
    default: {
      const unexpected: never = log;
      return unexpected;
    }
  }
}

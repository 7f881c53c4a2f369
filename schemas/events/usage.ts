import { z } from 'zod';
import { Instant, SafeJson, SafeText, Id } from '../common/safe.ts';

// Events of the `usage-{userId}` stream: what a user did, as the browser reported it.
// `clientTime` is the browser's clock; `receivedAt` is when the server accepted the post.

const isoTime = Instant;
const id = Id;

export const playSources = ['Recipe', 'Search', 'MusicChannel', 'Favorites', 'Message', 'TodaysMessages'] as const;
export const PlaySource = z.enum(playSources);
export const playItemTypes = ['Audio', 'Video', 'Message', 'Game', 'Image'] as const;
export const PlayItemType = z.enum(playItemTypes);
export const videoActions = ['play', 'pause', 'ended', 'playing'] as const;
export const messageItemActions = ['open', 'close', 'continue'] as const;

const base = { userId: id, clientTime: isoTime, receivedAt: isoTime };

// LoggedIn keeps the session token itself, not its hash: the last-activity read model and
// GET /api/last-play compare it with the caller's session token, and the event id is derived from
// it so the browser's `login` page repeats the same fact. The log is not analyst-readable, and a
// token alone opens nothing (a cookie or JWT also needs the server's signature and a live
// `sessions` row); the warehouse's login_log stores only its sha256.
export const LoggedIn = z.object({
  type: z.literal('LoggedIn'),
  data: z.object({ ...base, sessionToken: SafeText.min(1), admin: z.boolean(), method: z.enum(['password', 'token', 'publicReportToken', 'jwt']) }),
});

export const PlaySampled = z.object({
  type: z.literal('PlaySampled'),
  data: z.object({
    ...base,
    audioFileId: id,
    position: z.number().nonnegative(),
    playSource: PlaySource.nullable(),
    itemType: PlayItemType,
    recipeId: id.nullable(),
    favoriteListId: id.nullable(),
    categoryId: id.nullable(),
    manualStart: z.boolean(),
    exercise: z.boolean(),
  }),
});

export const VideoActionLogged = z.object({
  type: z.literal('VideoActionLogged'),
  data: z.object({
    ...base,
    playerId: SafeText,
    fileId: id,
    fileName: SafeText,
    position: z.number().nonnegative(),
    playSource: PlaySource.nullable(),
    totalLength: z.number().nonnegative(),
    action: z.enum(videoActions),
  }),
});

export const UsageSessionStarted = z.object({
  type: z.literal('UsageSessionStarted'),
  data: z.object({ ...base, sessionId: z.uuid(), residentIds: z.array(id), activityIds: z.array(id), outdoors: z.boolean() }),
});

export const UsageSessionStopped = z.object({
  type: z.literal('UsageSessionStopped'),
  data: z.object({ ...base, sessionId: z.uuid().nullable() }),
});

export const MessageItemActionLogged = z.object({
  type: z.literal('MessageItemActionLogged'),
  data: z.object({ ...base, messageItemId: id, action: z.enum(messageItemActions) }),
});

export const ButtonActionLogged = z.object({
  type: z.literal('ButtonActionLogged'),
  data: z.object({ ...base, button: SafeText.max(200), params: z.record(SafeText, SafeJson) }),
});

export const SearchLogged = z.object({
  type: z.literal('SearchLogged'),
  data: z.object({
    ...base,
    query: SafeText.max(1000),
    categoryIds: z.array(id),
    musicPieces: z.boolean(),
    musicCategories: z.boolean(),
    audioPrograms: z.boolean(),
    recipes: z.boolean(),
  }),
});

export const ClientVersionReported = z.object({
  type: z.literal('ClientVersionReported'),
  data: z.object({ ...base, version: SafeText.max(100) }),
});

export const UsageEvent = z.discriminatedUnion('type', [
  LoggedIn,
  PlaySampled,
  VideoActionLogged,
  UsageSessionStarted,
  UsageSessionStopped,
  MessageItemActionLogged,
  ButtonActionLogged,
  SearchLogged,
  ClientVersionReported,
]);
export type UsageEvent = z.infer<typeof UsageEvent>;

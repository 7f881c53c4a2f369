import { z } from 'zod';
import { EvaluationEvent } from './evaluations.ts';
import { FavoriteEvent } from './favorites.ts';
import { MessageEvent } from './messages.ts';
import { TargetEvent } from './targets.ts';
import { UsageEvent } from './usage.ts';
import { UsageRulesEvent } from './usage-rules.ts';

// The one place that lists every event type, its schema version and the stream family it lives in.
// Bump a version when an event's data changes shape; readers upcast older versions.

export const SointuEvent = z.discriminatedUnion('type', [
  ...UsageEvent.options,
  ...EvaluationEvent.options,
  ...TargetEvent.options,
  ...FavoriteEvent.options,
  ...MessageEvent.options,
  ...UsageRulesEvent.options,
]);
export type SointuEvent = z.infer<typeof SointuEvent>;
export type EventType = SointuEvent['type'];
export type EventOf<T extends EventType> = Extract<SointuEvent, { type: T }>;

export const streams = {
  usage: (userId: number) => `usage-${userId}`,
  evaluations: (userId: number) => `evaluations-${userId}`,
  targets: (userId: number) => `targets-${userId}`,
  favoriteList: (listId: number) => `favorite-list-${listId}`,
  defaultFavorites: (userId: number) => `favorites-${userId}`,
  message: (messageId: number) => `message-${messageId}`,
  usageRules: () => 'usage-rules',
} as const;
export type StreamFamily = keyof typeof streams;

export const eventCatalogue: Record<EventType, { version: number; stream: StreamFamily }> = {
  LoggedIn: { version: 1, stream: 'usage' },
  PlaySampled: { version: 1, stream: 'usage' },
  VideoActionLogged: { version: 1, stream: 'usage' },
  UsageSessionStarted: { version: 1, stream: 'usage' },
  UsageSessionStopped: { version: 1, stream: 'usage' },
  MessageItemActionLogged: { version: 1, stream: 'usage' },
  ButtonActionLogged: { version: 1, stream: 'usage' },
  SearchLogged: { version: 1, stream: 'usage' },
  ClientVersionReported: { version: 1, stream: 'usage' },
  AudioFileEvaluated: { version: 1, stream: 'evaluations' },
  MessageItemEvaluated: { version: 1, stream: 'evaluations' },
  EvaluationChanged: { version: 1, stream: 'evaluations' },
  TargetCountSet: { version: 1, stream: 'targets' },
  FavoriteListCreated: { version: 1, stream: 'favoriteList' },
  FavoriteListRenamed: { version: 1, stream: 'favoriteList' },
  FavoriteListShared: { version: 1, stream: 'favoriteList' },
  FavoriteListCopied: { version: 1, stream: 'favoriteList' },
  FavoriteListRemoved: { version: 1, stream: 'favoriteList' },
  AudioFileFavorited: { version: 1, stream: 'favoriteList' },
  AudioFileUnfavorited: { version: 1, stream: 'favoriteList' },
  AudioFileFavoriteMoved: { version: 1, stream: 'favoriteList' },
  RecipeFavorited: { version: 1, stream: 'favoriteList' },
  RecipeUnfavorited: { version: 1, stream: 'favoriteList' },
  ActiveFavoriteListSet: { version: 1, stream: 'defaultFavorites' },
  MessageDrafted: { version: 1, stream: 'message' },
  MessageUpdated: { version: 1, stream: 'message' },
  RecipientsSet: { version: 1, stream: 'message' },
  MessageItemAdded: { version: 1, stream: 'message' },
  MessageItemUpdated: { version: 1, stream: 'message' },
  MessageItemRemoved: { version: 1, stream: 'message' },
  MessageItemsReordered: { version: 1, stream: 'message' },
  MessageSent: { version: 1, stream: 'message' },
  MessageRestoredAsDraft: { version: 1, stream: 'message' },
  MessageActivitySet: { version: 1, stream: 'message' },
  MessageReadTimeSet: { version: 1, stream: 'message' },
  DiscussionReadTimeSet: { version: 1, stream: 'message' },
  ReplyPosted: { version: 1, stream: 'message' },
  VideoChatRoomCreated: { version: 1, stream: 'message' },
  UsageRulesChanged: { version: 1, stream: 'usageRules' },
};

import { proxy } from 'valtio';
import type { CurrentUser } from '../../../schemas/api/user.ts';
import { nextIndex, previousAction, shuffledOrder } from './queue-rules.ts';

// The one audio player of the app (spec 1 section 4, spec 2 section 3 "Player state").
// Pages (favorites, search, recipes ...) call playAudioFile; the bottom player bar shows and
// controls what plays; the play-log writer and the usage-session check listen via onPlayerEvent.

export type PlaySourceName = 'Recipe' | 'Favorites' | 'Message' | 'MusicChannel' | 'Search' | 'TodaysMessages';

export interface PlayableAudioFile {
  audioFileId: number;
  name: string;
  artist?: string | null;
  /** Seconds, from the library; the element's own duration wins once known. */
  length: number;
  /** Server-built stream URL (GET /api/audio-file/{id}/{hmac}/{n}). */
  streamUrl: string;
  /** MusicPiece is gated by the user's music config; absent means an audio program. */
  type?: 'MusicPiece' | 'AudioProgram' | null;
  categoryId?: number | null;
  favoriteListId?: number | null;
  recipeId?: number | null;
  exercise?: boolean | null;
}

/** Fetches the list's items at overall positions offset .. offset + limit - 1; null for one that cannot play. */
export type QueuePageLoader = (offset: number, limit: number) => Promise<Array<PlayableAudioFile | null>>;

/**
 * The list the item was started from, for next/previous, continuous and shuffle play. A page holds
 * one page of a longer list: `items` is that page, `offset` its first item's overall position and
 * `totalCount` the whole list, so play goes on across pages, fetching each with `loadPage` when it
 * is reached (spec 1 section 4). Shuffle implies continuous.
 */
export interface PlayQueue {
  /** Names the list (a query name such as 'favorites-3'), so a page can tell its list is playing. */
  name?: string;
  /** The loaded page in list order; null for an item that cannot play. */
  items: Array<PlayableAudioFile | null>;
  /** Overall position of items[0]; default 0. */
  offset?: number;
  /** Overall position of the started item. */
  index: number;
  /** Items in the whole list; default offset + items.length. */
  totalCount?: number;
  /** How many items loadPage fetches at a time; default items.length. */
  pageSize?: number;
  loadPage?: QueuePageLoader;
  continuous?: boolean;
  shuffle?: boolean;
}

export interface PlayRequest extends PlayableAudioFile {
  source: PlaySourceName;
  queue?: PlayQueue;
  /** A person pressed play (default); false for automatic continuation. */
  manualStart?: boolean;
}

export interface NowPlaying extends PlayableAudioFile {
  source: PlaySourceName;
  manualStart: boolean;
}

export interface PlayerState {
  current: NowPlaying | null;
  playing: boolean;
  currentTime: number;
  duration: number;
  /** While the bar is dragged: where it will seek on release. */
  seekTime: number | null;
  playbackStarted: boolean;
  playbackEnded: boolean;
  /** When the current file was started (ISO): one play, for its rating. */
  startedAt: string | null;
  /** PlayQueue.name of the list playing, null for a single file. */
  queueName: string | null;
  /** Items in the whole list, loaded or not. */
  queueLength: number;
  /** Overall position of the current item in its list. */
  index: number;
  continuous: boolean;
  shuffle: boolean;
  /** Overall positions in shuffle play order. */
  shuffleOrder: number[];
  /** i18n key of an alert to show ('This user ID cannot play music.'). */
  alert: string | null;
  instructorMode: boolean;
}

export const playerState = proxy<PlayerState>({
  current: null,
  playing: false,
  currentTime: 0,
  duration: 0,
  seekTime: null,
  playbackStarted: false,
  playbackEnded: false,
  startedAt: null,
  queueName: null,
  queueLength: 0,
  index: -1,
  continuous: false,
  shuffle: false,
  shuffleOrder: [],
  alert: null,
  instructorMode: false,
});

export type PlayerEvent =
  | { type: 'started'; item: NowPlaying }
  | { type: 'time'; item: NowPlaying; position: number }
  | { type: 'paused'; item: NowPlaying; position: number }
  | { type: 'ended'; item: NowPlaying; position: number }
  | { type: 'stopped'; item: NowPlaying; position: number };

type Listener = (event: PlayerEvent) => void;
const listeners = new Set<Listener>();

/** Subscribes to what the player does; returns the unsubscribe. */
export function onPlayerEvent(listener: Listener): () => void {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

function emit(event: PlayerEvent): void {
  for (const listener of listeners) listener(event);
}

let user: CurrentUser | null = null;

/** The shell tells the player who is logged in: music config and admin flag. */
export function setPlayerUser(next: CurrentUser | null): void {
  user = next;
  if (!next) stopPlayback();
}

export function playerUser(): CurrentUser | null {
  return user;
}

/** Spec 1 section 5: music plays only if enabled, or withInstructor while instructor mode is on. */
export function canPlayMusic(): boolean {
  const music = user?.config.music ?? null;
  return music === 'enabled' || (music === 'withInstructor' && playerState.instructorMode);
}

// ---- the audio element ----------------------------------------------------------------

/** The parts of the audio element the player uses: a unit test, with no DOM, hands in its own. */
export type PlayerMedia = Pick<HTMLMediaElement, 'src' | 'currentTime' | 'duration' | 'paused' | 'ended' | 'play' | 'pause' | 'load' | 'removeAttribute'> & {
  addEventListener(type: 'timeupdate' | 'durationchange' | 'playing' | 'pause' | 'ended', listener: () => void): void;
};

const browserMedia = (): PlayerMedia => {
  const created = new Audio();
  created.preload = 'auto';
  return created;
};
let createMedia: () => PlayerMedia = browserMedia;
let audio: PlayerMedia | null = null;

/** Replaces the audio element (tests); the next play creates one from the factory. */
export function setPlayerMedia(factory: (() => PlayerMedia) | null): void {
  createMedia = factory ?? browserMedia;
  audio = null;
}

function element(): PlayerMedia {
  if (audio) return audio;
  const created = createMedia();
  created.addEventListener('timeupdate', () => {
    playerState.currentTime = created.currentTime;
    if (playerState.current) emit({ type: 'time', item: snapshotOf(playerState.current), position: created.currentTime });
  });
  created.addEventListener('durationchange', () => {
    if (Number.isFinite(created.duration) && created.duration > 0) playerState.duration = created.duration;
  });
  created.addEventListener('playing', () => {
    playerState.playing = true;
    playerState.playbackStarted = true;
  });
  created.addEventListener('pause', () => {
    if (created.ended) return;
    playerState.playing = false;
    if (playerState.current) emit({ type: 'paused', item: snapshotOf(playerState.current), position: created.currentTime });
  });
  created.addEventListener('ended', () => {
    playerState.playing = false;
    playerState.playbackEnded = true;
    if (playerState.current) emit({ type: 'ended', item: snapshotOf(playerState.current), position: created.currentTime });
    continueAfterEnd();
  });
  audio = created;
  return created;
}

function snapshotOf(item: NowPlaying): NowPlaying {
  return { ...item };
}

/** Starting a file pauses every other player on the page (video, message players). */
function pauseOtherPlayers(): void {
  if (typeof document === 'undefined') return;
  for (const media of document.querySelectorAll<HTMLMediaElement>('audio, video')) {
    if (media !== audio && !media.paused) media.pause();
  }
}

// ---- the queue -------------------------------------------------------------------------

// Items by overall position, loaded page by page; kept out of the proxy since only the player
// reads them. A new queue bumps queueId, so a page arriving for an older list is dropped.
let queueItems = new Map<number, PlayableAudioFile | null>();
let loadPage: QueuePageLoader | null = null;
let queuePageSize = 1;
let queueId = 0;
// Every start or move bumps it: a move still waiting for its page gives way to a newer one.
let moveId = 0;

function setQueue(queue: PlayQueue): void {
  const offset = queue.offset ?? 0;
  queueId += 1;
  queueItems = new Map(queue.items.map((entry, i) => [offset + i, entry ? { ...entry } : null]));
  loadPage = queue.loadPage ?? null;
  queuePageSize = Math.max(1, queue.pageSize ?? queue.items.length);
  playerState.queueName = queue.name ?? null;
  playerState.queueLength = Math.max(queue.totalCount ?? 0, offset + queue.items.length);
  playerState.index = queue.index;
  playerState.shuffle = queue.shuffle ?? playerState.shuffle;
  playerState.continuous = (queue.continuous ?? playerState.continuous) || playerState.shuffle;
  playerState.shuffleOrder = playerState.shuffle ? shuffledOrder(playerState.queueLength, queue.index) : [];
}

/** The item at an overall position, fetching the page holding it; undefined past the list's end. */
async function itemAt(index: number): Promise<PlayableAudioFile | null | undefined> {
  if (queueItems.has(index)) return queueItems.get(index);
  if (!loadPage) return undefined;
  const mine = queueId;
  const pageStart = Math.floor(index / queuePageSize) * queuePageSize;
  const page = await loadPage(pageStart, queuePageSize);
  if (mine !== queueId) return undefined;
  page.forEach((entry, i) => queueItems.set(pageStart + i, entry ? { ...entry } : null));
  // A list that shrank since it was shown ends where its fetched page ends.
  if (!queueItems.has(index)) {
    queueItems.set(index, null);
    if (page.length < queuePageSize) playerState.queueLength = Math.min(playerState.queueLength, pageStart + page.length);
  }
  return queueItems.get(index);
}

// ---- commands --------------------------------------------------------------------------

/** Starts a file; with a queue, next/previous and continuous/shuffle play follow that list. */
export function playAudioFile(item: PlayRequest): void {
  if (!item.audioFileId) return;
  if (item.type === 'MusicPiece' && !canPlayMusic()) {
    playerState.alert = 'This user ID cannot play music.';
    return;
  }
  moveId += 1;
  const { queue, source, manualStart = true, ...file } = item;
  if (queue) {
    setQueue(queue);
  } else {
    const known = [...queueItems].find(([, entry]) => entry?.audioFileId === file.audioFileId);
    if (known) playerState.index = known[0];
    else setQueue({ items: [file], index: 0 });
  }
  start({ ...file, source, manualStart });
}

function start(item: NowPlaying): void {
  const media = element();
  const previous = playerState.current;
  if (previous && !media.paused) {
    // The old file's last position is logged before the element moves on.
    emit({ type: 'stopped', item: snapshotOf(previous), position: media.currentTime });
  }
  pauseOtherPlayers();
  playerState.current = item;
  playerState.alert = null;
  playerState.currentTime = 0;
  playerState.duration = item.length > 0 ? item.length : 0;
  playerState.seekTime = null;
  playerState.playbackStarted = false;
  playerState.playbackEnded = false;
  playerState.startedAt = new Date().toISOString();
  media.src = item.streamUrl;
  media.currentTime = 0;
  emit({ type: 'started', item: snapshotOf(item) });
  resume();
}

export function resume(): void {
  if (!playerState.current) return;
  pauseOtherPlayers();
  playerState.playing = true;
  element()
    .play()
    .catch(() => {
      playerState.playing = false;
    });
}

export function pause(): void {
  if (!audio) return;
  audio.pause();
  playerState.playing = false;
}

export function togglePlay(): void {
  if (playerState.playing) pause();
  else resume();
}

/** Stops and forgets the current file (logout, reset). */
export function stopPlayback(): void {
  moveId += 1;
  const item = playerState.current;
  if (audio && item) {
    const position = audio.currentTime;
    audio.pause();
    emit({ type: 'stopped', item: snapshotOf(item), position });
    audio.removeAttribute('src');
    audio.load();
  }
  playerState.current = null;
  playerState.startedAt = null;
  playerState.playing = false;
  playerState.currentTime = 0;
  playerState.duration = 0;
  playerState.seekTime = null;
}

/** Dragging the bar only moves the shown time; releasing seeks. */
export function dragSeek(seconds: number): void {
  playerState.seekTime = clampTime(seconds);
}

export function releaseSeek(): void {
  const target = playerState.seekTime;
  playerState.seekTime = null;
  if (target === null) return;
  seekTo(target);
}

export function seekTo(seconds: number): void {
  if (!audio || !playerState.current) return;
  const target = clampTime(seconds);
  audio.currentTime = target;
  playerState.currentTime = target;
}

function clampTime(seconds: number): number {
  const duration = playerState.duration;
  return Math.max(0, duration > 0 ? Math.min(seconds, duration) : seconds);
}

/**
 * Spec 1 section 4: more than 3 s played (or the first item) restarts; otherwise the previous
 * item. Resolves once that item started (or nothing could).
 */
export function previous(): Promise<void> {
  const position = positionInOrder();
  if (previousAction(position, audio?.currentTime ?? 0) === 'restart') {
    seekTo(0);
    resume();
    return Promise.resolve();
  }
  return moveFrom(position - 1, -1, true);
}

/** Moves on unless this is the last item; resolves once the next item started (or nothing could). */
export function next(): Promise<void> {
  const position = positionInOrder();
  if (position < 0 || position >= playerState.queueLength - 1) return Promise.resolve();
  return moveFrom(position + 1, 1, true);
}

/** Whether Next has somewhere to go; takes the state so a component can pass its snapshot. */
export function hasNext(state: { index: number; queueLength: number; shuffle: boolean; shuffleOrder: readonly number[] } = playerState): boolean {
  const position = state.shuffle && state.shuffleOrder.length ? state.shuffleOrder.indexOf(state.index) : state.index;
  return position >= 0 && position < state.queueLength - 1;
}

export function setContinuous(on: boolean): void {
  playerState.continuous = on;
  // Turning continuous off turns shuffle off.
  if (!on) setShuffle(false);
}

export function setShuffle(on: boolean): void {
  playerState.shuffle = on;
  if (on) {
    playerState.continuous = true;
    playerState.shuffleOrder = shuffledOrder(playerState.queueLength, Math.max(playerState.index, 0));
  } else {
    playerState.shuffleOrder = [];
  }
}

export function dismissPlayerAlert(): void {
  playerState.alert = null;
}

export function setInstructorMode(on: boolean): void {
  playerState.instructorMode = on;
}

let continuation: Promise<void> = Promise.resolve();

/** Resolves when the continuation after the last ended file has started its next item (tests). */
export function settled(): Promise<void> {
  return continuation;
}

function continueAfterEnd(): void {
  // Play order already follows the shuffle, so the next position is simply the following one.
  const position = positionInOrder();
  const target = position < 0 ? null : nextIndex({ index: position, length: playerState.queueLength, continuous: playerState.continuous, shuffleOrder: null });
  if (target !== null) continuation = moveFrom(target, 1, false);
}

/** Where the current item stands in play order (the shuffle order when shuffling). */
function positionInOrder(): number {
  if (playerState.shuffle && playerState.shuffleOrder.length) return playerState.shuffleOrder.indexOf(playerState.index);
  return playerState.index;
}

function indexAt(position: number): number {
  if (playerState.shuffle && playerState.shuffleOrder.length) return playerState.shuffleOrder[position] ?? -1;
  return position;
}

/**
 * Plays the first playable item from a play-order position on, stepping past items that cannot
 * play and fetching the pages it reaches. A failed fetch stops there: the user can press again.
 */
async function moveFrom(position: number, step: 1 | -1, manualStart: boolean): Promise<void> {
  const mine = ++moveId;
  for (let at = position; at >= 0 && at < playerState.queueLength; at += step) {
    const index = indexAt(at);
    let item: PlayableAudioFile | null | undefined;
    try {
      item = await itemAt(index);
    } catch {
      return;
    }
    if (mine !== moveId || !playerState.current) return;
    if (item === undefined) return;
    if (item) {
      playIndex(index, item, manualStart);
      return;
    }
  }
}

function playIndex(index: number, item: PlayableAudioFile, manualStart: boolean): void {
  if (!playerState.current) return;
  if (item.type === 'MusicPiece' && !canPlayMusic()) {
    playerState.alert = 'This user ID cannot play music.';
    return;
  }
  playerState.index = index;
  start({ ...item, source: playerState.current.source, manualStart });
}

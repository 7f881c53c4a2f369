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
  /** A recipe's or today's messages' "play all": the next item follows when one ends. */
  autoPlayNext?: boolean;
}

/**
 * Which player of the page plays (spec 1 section 3, "Player state (per player id)"): each
 * component has its own, so starting one pauses the others and each keeps where it was.
 */
export type PlayerComponent = 'AudioFileList' | 'Recipe' | 'MusicChannels' | 'Message' | 'TodaysMessages';

/** The player id of a component: 'recipe/{id}/{button}', 'Message-{id}', or the component's own. */
export function playerIdOf(source: PlaySourceName, detail: { queueName?: string | null; recipeId?: number | null; messageId?: number | null } = {}): string {
  switch (source) {
    case 'Favorites':
    case 'Search':
      return 'AudioFileList';
    case 'Recipe':
      // A recipe's tabs name their queue 'recipe/{id}/{button}', the spec's player id.
      return detail.queueName?.startsWith('recipe/') ? detail.queueName : `recipe/${detail.recipeId ?? 0}`;
    case 'MusicChannel':
      return 'MusicChannels';
    case 'Message':
      return detail.messageId ? `Message-${detail.messageId}` : 'Message';
    case 'TodaysMessages':
      return 'todaysMessages';
  }
}

export interface PlayRequest extends PlayableAudioFile {
  source: PlaySourceName;
  queue?: PlayQueue;
  /** Default from the source (playerIdOf). */
  playerId?: string;
  /** A person pressed play (default); false for automatic continuation. */
  manualStart?: boolean;
}

export interface NowPlaying extends PlayableAudioFile {
  source: PlaySourceName;
  manualStart: boolean;
}

/** What a player that is not the active one shows: its file, paused where it was left. */
export interface PlayerSlot {
  audioFileId: number;
  name: string;
  playing: boolean;
  currentTime: number;
  duration: number;
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
  /** The player id of the component playing now (or paused last). */
  activePlayerId: string | null;
  /** Every player that has played on this page, by id; only the active one can be playing. */
  players: Record<string, PlayerSlot>;
  /** Seconds loaded ahead of the start (the element's buffered range around the position). */
  buffered: number;
  /** The item that follows when this one ends, when the player goes on and it is known. */
  nextPlaying: { audioFileId: number; name: string } | null;
  /** The component's "play all": goes on to the next item at the end, as continuous does for lists. */
  autoPlayNext: boolean;
  /** Fast forward: plays at double speed until turned off. */
  fastForward: boolean;
}

/** Fast forward plays at this rate. */
export const fastForwardRate = 2;

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
  activePlayerId: null,
  players: {},
  buffered: 0,
  nextPlaying: null,
  autoPlayNext: false,
  fastForward: false,
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
  // After a logout no player set aside may come back for whoever logs in next.
  if (!next) resetPlayers();
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
export type PlayerMedia = Pick<HTMLMediaElement, 'src' | 'currentTime' | 'duration' | 'paused' | 'ended' | 'play' | 'pause' | 'load' | 'removeAttribute' | 'playbackRate'> & {
  /** The loaded ranges (absent in a test element that does not model loading). */
  readonly buffered?: Pick<TimeRanges, 'length' | 'start' | 'end'>;
  addEventListener(type: 'timeupdate' | 'durationchange' | 'playing' | 'pause' | 'ended' | 'progress', listener: () => void): void;
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
  pauseForOtherMedia();
  const created = createMedia();
  created.addEventListener('progress', () => {
    playerState.buffered = bufferedAhead(created);
  });
  created.addEventListener('timeupdate', () => {
    playerState.currentTime = created.currentTime;
    playerState.buffered = bufferedAhead(created);
    const slot = activeSlot();
    if (slot) slot.currentTime = created.currentTime;
    if (playerState.current) emit({ type: 'time', item: snapshotOf(playerState.current), position: created.currentTime });
  });
  created.addEventListener('durationchange', () => {
    if (Number.isFinite(created.duration) && created.duration > 0) {
      playerState.duration = created.duration;
      const slot = activeSlot();
      if (slot) slot.duration = created.duration;
    }
  });
  created.addEventListener('playing', () => {
    playerState.playing = true;
    playerState.playbackStarted = true;
    const slot = activeSlot();
    if (slot) slot.playing = true;
  });
  created.addEventListener('pause', () => {
    if (created.ended) return;
    playerState.playing = false;
    const slot = activeSlot();
    if (slot) slot.playing = false;
    if (playerState.current) emit({ type: 'paused', item: snapshotOf(playerState.current), position: created.currentTime });
  });
  created.addEventListener('ended', () => {
    playerState.playing = false;
    const slot = activeSlot();
    if (slot) slot.playing = false;
    playerState.playbackEnded = true;
    if (playerState.current) emit({ type: 'ended', item: snapshotOf(playerState.current), position: created.currentTime });
    continueAfterEnd();
  });
  audio = created;
  return created;
}

/** Seconds loaded from the start up to the end of the range holding the position. */
function bufferedAhead(media: PlayerMedia): number {
  const ranges = media.buffered;
  if (!ranges) return 0;
  for (let i = 0; i < ranges.length; i += 1) {
    if (ranges.start(i) <= media.currentTime && media.currentTime <= ranges.end(i)) return ranges.end(i);
  }
  return 0;
}

function activeSlot(): PlayerSlot | undefined {
  return playerState.activePlayerId === null ? undefined : playerState.players[playerState.activePlayerId];
}

function snapshotOf(item: NowPlaying): NowPlaying {
  return { ...item };
}

// Any other audio or video of the page that starts (a message's video, the file viewer) pauses
// this player in turn, so two never play over each other.
let listensToOtherMedia = false;
function pauseForOtherMedia(): void {
  if (listensToOtherMedia || typeof document === 'undefined') return;
  listensToOtherMedia = true;
  document.addEventListener(
    'play',
    (event) => {
      if (event.target !== audio && playerState.playing) pause();
    },
    true,
  );
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
  playerState.autoPlayNext = queue.autoPlayNext ?? false;
}

// ---- players by id ---------------------------------------------------------------------

/** What a paused player needs to go on where it was: its file, its list and its position. */
interface PlayerMemory extends Pick<PlayerState, 'queueName' | 'queueLength' | 'index' | 'continuous' | 'shuffle' | 'shuffleOrder' | 'autoPlayNext'> {
  item: NowPlaying;
  position: number;
  queueItems: Map<number, PlayableAudioFile | null>;
  loadPage: QueuePageLoader | null;
  queuePageSize: number;
}
const memories = new Map<string, PlayerMemory>();

/** The active player gives way: it is paused where it is and remembered. */
function setAsidePlayer(): void {
  const id = playerState.activePlayerId;
  const item = playerState.current;
  if (id === null || !item) return;
  const position = audio?.currentTime ?? playerState.currentTime;
  memories.set(id, {
    item: { ...item },
    position,
    queueItems,
    loadPage,
    queuePageSize,
    queueName: playerState.queueName,
    queueLength: playerState.queueLength,
    index: playerState.index,
    continuous: playerState.continuous,
    shuffle: playerState.shuffle,
    shuffleOrder: [...playerState.shuffleOrder],
    autoPlayNext: playerState.autoPlayNext,
  });
  const slot = playerState.players[id];
  if (slot) {
    slot.playing = false;
    slot.currentTime = position;
  }
}

function activatePlayer(id: string, item: PlayableAudioFile): void {
  if (playerState.activePlayerId !== null && playerState.activePlayerId !== id) setAsidePlayer();
  playerState.activePlayerId = id;
  memories.delete(id);
  playerState.players[id] = { audioFileId: item.audioFileId, name: item.name, playing: false, currentTime: 0, duration: item.length };
}

/** Whether the player of this id is the one playing now. */
export function isPlayerPlaying(id: string): boolean {
  return playerState.activePlayerId === id && playerState.playing;
}

/**
 * Plays a player again: the active one resumes; one another player paused starts its file again
 * where it was left, with its list, pausing the active one in turn.
 */
export function resumePlayer(id: string): void {
  if (playerState.activePlayerId === id) {
    resume();
    return;
  }
  const memory = memories.get(id);
  if (!memory) return;
  setAsidePlayer();
  moveId += 1;
  queueId += 1;
  queueItems = memory.queueItems;
  loadPage = memory.loadPage;
  queuePageSize = memory.queuePageSize;
  playerState.queueName = memory.queueName;
  playerState.queueLength = memory.queueLength;
  playerState.index = memory.index;
  playerState.continuous = memory.continuous;
  playerState.shuffle = memory.shuffle;
  playerState.shuffleOrder = memory.shuffleOrder;
  playerState.autoPlayNext = memory.autoPlayNext;
  playerState.activePlayerId = id;
  memories.delete(id);
  const slot = playerState.players[id];
  start({ ...memory.item, manualStart: true }, memory.position);
  if (slot) playerState.players[id] = { ...slot, playing: playerState.playing };
}

/** Pauses a player: the active one stops playing; another is already paused. */
export function pausePlayer(id: string): void {
  if (playerState.activePlayerId === id) pause();
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
  const { queue, source, manualStart = true, playerId, ...file } = item;
  const id = playerId ?? playerIdOf(source, { queueName: queue?.name, recipeId: file.recipeId });
  const samePlayer = playerState.activePlayerId === id;
  activatePlayer(id, file);
  if (queue) {
    setQueue(queue);
  } else if (!samePlayer) {
    setQueue({ items: [file], index: 0 });
  } else {
    const known = [...queueItems].find(([, entry]) => entry?.audioFileId === file.audioFileId);
    if (known) playerState.index = known[0];
    else setQueue({ items: [file], index: 0 });
  }
  start({ ...file, source, manualStart });
}

function start(item: NowPlaying, from = 0): void {
  const media = element();
  const previous = playerState.current;
  if (previous && !media.paused) {
    // The old file's last position is logged before the element moves on.
    emit({ type: 'stopped', item: snapshotOf(previous), position: media.currentTime });
  }
  pauseOtherPlayers();
  playerState.current = item;
  playerState.alert = null;
  playerState.currentTime = from;
  playerState.duration = item.length > 0 ? item.length : 0;
  playerState.seekTime = null;
  playerState.playbackStarted = false;
  playerState.playbackEnded = false;
  playerState.buffered = 0;
  playerState.startedAt = new Date().toISOString();
  media.src = item.streamUrl;
  media.currentTime = from;
  // A new source resets the rate: fast forward stays on across the list.
  media.playbackRate = playerState.fastForward ? fastForwardRate : 1;
  const slot = activeSlot();
  if (slot) Object.assign(slot, { audioFileId: item.audioFileId, name: item.name, currentTime: from, duration: playerState.duration });
  updateNextPlaying();
  emit({ type: 'started', item: snapshotOf(item) });
  resume();
}

/** Names the item that follows when this one ends, if the player goes on and it is loaded. */
function updateNextPlaying(): void {
  playerState.nextPlaying = null;
  if (!playerState.current || !(playerState.continuous || playerState.autoPlayNext)) return;
  for (let at = positionInOrder() + 1; at >= 1 && at < playerState.queueLength; at += 1) {
    const entry = queueItems.get(indexAt(at));
    if (entry === undefined) return;
    if (entry) {
      playerState.nextPlaying = { audioFileId: entry.audioFileId, name: entry.name };
      return;
    }
  }
}

export function resume(): void {
  if (!playerState.current) return;
  pauseOtherPlayers();
  playerState.playing = true;
  const slot = activeSlot();
  if (slot) slot.playing = true;
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
  const slot = activeSlot();
  if (slot) slot.playing = false;
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
  playerState.buffered = 0;
  playerState.nextPlaying = null;
  if (playerState.activePlayerId !== null) {
    delete playerState.players[playerState.activePlayerId];
    playerState.activePlayerId = null;
  }
}

/** Forgets every player (easy mode's switch, logout): what was set aside does not come back. */
export function resetPlayers(): void {
  stopPlayback();
  memories.clear();
  playerState.players = {};
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
  updateNextPlaying();
}

export function setAutoPlayNext(on: boolean): void {
  playerState.autoPlayNext = on;
  updateNextPlaying();
}

/** Fast forward on or off: double speed, kept for the next items until turned off. */
export function setFastForward(on: boolean): void {
  playerState.fastForward = on;
  if (audio) audio.playbackRate = on ? fastForwardRate : 1;
}

/** Play all: the list playing starts again from its first item and goes on to the end. */
export function playAll(): Promise<void> {
  if (!playerState.current) return Promise.resolve();
  setAutoPlayNext(true);
  return moveFrom(0, 1, true);
}

/** Marks the current play as exercise (or not): the play log carries the flag (spec 1 section 3). */
export function toggleExercise(): void {
  const item = playerState.current;
  if (item) item.exercise = !item.exercise;
}

export function setShuffle(on: boolean): void {
  playerState.shuffle = on;
  if (on) {
    playerState.continuous = true;
    playerState.shuffleOrder = shuffledOrder(playerState.queueLength, Math.max(playerState.index, 0));
  } else {
    playerState.shuffleOrder = [];
  }
  updateNextPlaying();
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
  const goesOn = playerState.continuous || playerState.autoPlayNext;
  const target = position < 0 ? null : nextIndex({ index: position, length: playerState.queueLength, continuous: goesOn, shuffleOrder: null });
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

import { proxy, ref } from 'valtio';
import type { CurrentUser } from '../../../../schemas/api/user.ts';
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

/**
 * The list the item was started from, for next/previous, continuous and shuffle play.
 * `items` are the results the page holds, in their order; `index` is the started item's place.
 * Shuffle implies continuous (spec 1 section 4).
 */
export interface PlayQueue {
  items: PlayableAudioFile[];
  index: number;
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
  queue: PlayableAudioFile[];
  index: number;
  continuous: boolean;
  shuffle: boolean;
  /** Queue positions in shuffle play order. */
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
  queue: [],
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

let audio: HTMLAudioElement | null = null;

function element(): HTMLAudioElement {
  if (audio) return audio;
  const created = new Audio();
  created.preload = 'auto';
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

// ---- commands --------------------------------------------------------------------------

/** Starts a file; with a queue, next/previous and continuous/shuffle play follow that list. */
export function playAudioFile(item: PlayRequest): void {
  if (!item.audioFileId) return;
  if (item.type === 'MusicPiece' && !canPlayMusic()) {
    playerState.alert = 'This user ID cannot play music.';
    return;
  }
  const { queue, source, manualStart = true, ...file } = item;
  if (queue) {
    playerState.queue = queue.items.map((entry) => ref({ ...entry }));
    playerState.index = queue.index;
    playerState.shuffle = queue.shuffle ?? playerState.shuffle;
    playerState.continuous = (queue.continuous ?? playerState.continuous) || playerState.shuffle;
    playerState.shuffleOrder = playerState.shuffle ? shuffledOrder(queue.items.length, queue.index) : [];
  } else if (!playerState.queue.some((entry) => entry.audioFileId === file.audioFileId)) {
    playerState.queue = [ref({ ...file })];
    playerState.index = 0;
    playerState.shuffleOrder = playerState.shuffle ? [0] : [];
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

/** Spec 1 section 4: more than 3 s played (or the first item) restarts; otherwise the previous item. */
export function previous(): void {
  const action = previousAction(positionInOrder(), audio?.currentTime ?? 0);
  if (action === 'restart') {
    seekTo(0);
    resume();
    return;
  }
  playAt(orderedPosition(positionInOrder() - 1));
}

/** Moves on unless this is the last item. */
export function next(): void {
  const position = positionInOrder();
  if (position < 0 || position >= playerState.queue.length - 1) return;
  playAt(orderedPosition(position + 1));
}

/** Whether Next has somewhere to go; takes the state so a component can pass its snapshot. */
export function hasNext(state: { index: number; queue: readonly unknown[]; shuffle: boolean; shuffleOrder: readonly number[] } = playerState): boolean {
  const position = state.shuffle && state.shuffleOrder.length ? state.shuffleOrder.indexOf(state.index) : state.index;
  return position >= 0 && position < state.queue.length - 1;
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
    playerState.shuffleOrder = shuffledOrder(playerState.queue.length, Math.max(playerState.index, 0));
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

function continueAfterEnd(): void {
  const target = nextIndex({
    index: playerState.index,
    length: playerState.queue.length,
    continuous: playerState.continuous,
    shuffleOrder: playerState.shuffle ? playerState.shuffleOrder : null,
  });
  if (target !== null) playAt(target, false);
}

/** Where the current item stands in play order (the shuffle order when shuffling). */
function positionInOrder(): number {
  if (playerState.shuffle && playerState.shuffleOrder.length) return playerState.shuffleOrder.indexOf(playerState.index);
  return playerState.index;
}

function orderedPosition(position: number): number {
  if (playerState.shuffle && playerState.shuffleOrder.length) return playerState.shuffleOrder[position] ?? -1;
  return position;
}

function playAt(index: number, manualStart = true): void {
  const item = playerState.queue[index];
  if (!item || !playerState.current) return;
  if (item.type === 'MusicPiece' && !canPlayMusic()) {
    playerState.alert = 'This user ID cannot play music.';
    return;
  }
  playerState.index = index;
  start({ ...item, source: playerState.current.source, manualStart });
}

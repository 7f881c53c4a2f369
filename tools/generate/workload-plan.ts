import { DateTime } from 'luxon';
import type { playSources } from '../../schemas/events/usage.ts';
import type { PlayLogItem, UsageLogDataInput, VideoLogItem } from '../../schemas/api/usage-log.ts';

// What a care unit's browser would post over some days, as a pure function of the unit, the
// library and a random source: the same seed gives the same posts, so the same event ids.
// Each post carries `sentAt`, when the browser would send it; posts of all units are sent in that
// order, so late (offline) posts arrive after later usage, as they do in the field.

export interface PlanUnit {
  userId: number;
  timeZone: string;
  residentIds: number[];
  activityIds: number[];
  /** Items of the library's messages this unit sees: the only ones it can open. */
  messageItemIds: number[];
}

export interface PlanLibrary {
  /** Audio files with their length in seconds; music pieces are the background music. */
  audio: Array<{ id: number; length: number; music: boolean }>;
  recipes: Array<{ id: number; audioIds: number[] }>;
  videos: Array<{ fileId: number; name: string; length: number }>;
  musicCategoryIds: number[];
  favoriteListIds: number[];
  messageItemIds: number[];
}

export type PlannedPost =
  | { sentAt: number; userId: number; kind: 'usage'; data: UsageLogDataInput }
  | { sentAt: number; userId: number; kind: 'evaluation'; body: { audioFileId: number; score: -1 | 0 | 1; time: string } };

const SAMPLE_SECONDS = 10;
const POST_SECONDS = 60;

type Random = () => number;
const pick = <T>(random: Random, items: readonly T[]): T => items[Math.floor(random() * items.length)]!;
const between = (random: Random, min: number, max: number) => min + Math.floor(random() * (max - min + 1));
const iso = (ms: number) => new Date(ms).toISOString();

function subset<T>(random: Random, items: readonly T[], min: number, max: number): T[] {
  const shuffled = [...items].sort(() => random() - 0.5);
  return shuffled.slice(0, Math.min(items.length, between(random, min, max)));
}

/** A play of one file: samples every 10 s, the browser posting what it holds every 60 s. */
interface PlayRun {
  samples: PlayLogItem[];
  end: number;
}

function playFile(random: Random, start: number, file: { id: number; length: number }, extra: Partial<PlayLogItem>, untilMs?: number): PlayRun {
  // Most plays run to the end; some are stopped part way.
  const played = random() < 0.75 ? file.length : Math.max(SAMPLE_SECONDS, Math.floor(file.length * (0.2 + 0.6 * random())));
  const samples: PlayLogItem[] = [];
  for (let position = 0; position <= played; position += SAMPLE_SECONDS) {
    const time = start + position * 1000;
    if (untilMs !== undefined && time > untilMs) break;
    samples.push({ time: iso(time), audioFileId: file.id, playPosition: position, ...extra, ...(position === 0 ? {} : { manualStart: undefined }) });
  }
  return { samples, end: start + played * 1000 };
}

/** Groups samples into the player posts the browser sends every minute (or in one late burst). */
function playerPosts(userId: number, samples: PlayLogItem[], offlineUntil: number | null): PlannedPost[] {
  if (samples.length === 0) return [];
  const clean = samples.map((s) => Object.fromEntries(Object.entries(s).filter(([, v]) => v !== undefined)) as PlayLogItem);
  if (offlineUntil !== null) return [{ sentAt: offlineUntil, userId, kind: 'usage', data: { page: 'player', playLog: clean } }];
  const posts: PlannedPost[] = [];
  let batch: PlayLogItem[] = [];
  let due = Date.parse(clean[0]!.time) + POST_SECONDS * 1000;
  for (const sample of clean) {
    const at = Date.parse(sample.time);
    if (at >= due && batch.length > 0) {
      posts.push({ sentAt: due, userId, kind: 'usage', data: { page: 'player', playLog: batch } });
      batch = [];
      while (due <= at) due += POST_SECONDS * 1000;
    }
    batch.push(sample);
  }
  posts.push({ sentAt: Date.parse(batch[batch.length - 1]!.time) + 1000, userId, kind: 'usage', data: { page: 'player', playLog: batch } });
  return posts;
}

interface Slot {
  name: 'morning' | 'afternoon' | 'evening';
  hour: number;
  sources: Array<(typeof playSources)[number]>;
}

const slots: Slot[] = [
  { name: 'morning', hour: 9, sources: ['Recipe', 'Favorites'] },
  { name: 'afternoon', hour: 14, sources: ['Search', 'Favorites', 'Recipe'] },
  { name: 'evening', hour: 19, sources: ['MusicChannel', 'Search'] },
];

function session(random: Random, unit: PlanUnit, library: PlanLibrary, slot: Slot, start: number): PlannedPost[] {
  const { userId } = unit;
  const posts: PlannedPost[] = [];
  const usage = (sentAt: number, data: UsageLogDataInput) => posts.push({ sentAt, userId, kind: 'usage', data });
  const residentIds = subset(random, unit.residentIds, 1, 5);
  const activityIds = subset(random, unit.activityIds, 1, 1);
  usage(start, { page: 'startSession', time: iso(start), residentIds, params: { outdoors: random() < 0.1, activityIds } });

  // Offline: the tablet lost its network; everything played is posted hours later in one post.
  const offlineUntil = random() < 0.05 ? start + between(random, 2, 6) * 3_600_000 : null;
  const samples: PlayLogItem[] = [];
  let clock = start + between(random, 20, 90) * 1000;
  const source = pick(random, slot.sources);
  const recipe = library.recipes.length > 0 ? pick(random, library.recipes) : undefined;
  const files = source === 'Recipe' && recipe
    ? recipe.audioIds.map((id) => library.audio.find((a) => a.id === id)!).filter(Boolean)
    : subset(random, library.audio, 2, 6);
  const extra: Partial<PlayLogItem> =
    source === 'Recipe' && recipe ? { playSource: 'Recipe', recipeId: recipe.id, exercise: slot.name === 'morning' }
    : source === 'Favorites' ? { playSource: 'Favorites', favoriteListId: library.favoriteListIds.length > 0 ? pick(random, library.favoriteListIds) : null, manualStart: true }
    : source === 'MusicChannel' ? { playSource: 'MusicChannel', categoryId: library.musicCategoryIds.length > 0 ? pick(random, library.musicCategoryIds) : null }
    : { playSource: 'Search', manualStart: true };

  if (source === 'Search') {
    usage(clock - 15_000, { page: 'search', time: iso(clock - 15_000), query: pick(random, ['valssi', 'joulu', 'hymn', 'story', 'jumppa', 'sauna']), categoryIds: [], musicPieces: true, musicCategories: random() < 0.5, audioPrograms: true, recipes: false });
  }
  for (const file of files) {
    const run = playFile(random, clock, file, extra);
    samples.push(...run.samples);
    // A short breath between files; now and then a long pause (coffee, a resident needs help).
    clock = run.end + (random() < 0.1 ? between(random, 5, 12) * 60_000 : between(random, 2, 60) * 1000);
    if (random() < 0.15) {
      const score = pick(random, [1, 1, 1, 0, -1] as const);
      posts.push({ sentAt: run.end + 2000, userId, kind: 'evaluation', body: { audioFileId: file.id, score, time: iso(run.end + 2000) } });
    }
  }
  posts.push(...playerPosts(userId, samples, offlineUntil));

  if (library.videos.length > 0 && random() < 0.25) {
    const video = pick(random, library.videos);
    const item = (at: number, action: VideoLogItem['action'], playPosition: number): VideoLogItem =>
      ({ time: iso(at), playerId: `player-${userId}`, fileId: video.fileId, fileName: video.name, playPosition, playSource: 'Search', totalLength: video.length, action });
    const pauseAt = between(random, 20, Math.max(21, video.length - 20));
    const pauseFor = between(random, 10, 120);
    const log = [
      item(clock, 'play', 0),
      item(clock + pauseAt * 1000, 'pause', pauseAt),
      item(clock + (pauseAt + pauseFor) * 1000, 'play', pauseAt),
      item(clock + (video.length + pauseFor) * 1000, 'ended', video.length),
    ];
    clock += (video.length + pauseFor + 5) * 1000;
    usage(clock, { page: 'videoPlayAction', videoLog: log });
  }
  if (unit.messageItemIds.length > 0 && random() < 0.2) {
    const messageItemId = pick(random, unit.messageItemIds);
    usage(clock, { page: 'messageItem', time: iso(clock), messageItemId, action: 'open' });
    clock += between(random, 20, 120) * 1000;
    usage(clock, { page: 'messageItem', time: iso(clock), messageItemId, action: 'close' });
  }
  if (random() < 0.1) usage(clock, { page: 'buttonAction', time: iso(clock), button: 'volume', params: { level: between(random, 3, 10) } });
  // Most care workers stop the session; the rest leave it to idle out.
  if (random() < 0.85) usage(clock + 5000, { page: 'stopSession', time: iso(clock + 5000) });
  return posts;
}

/** Hours of continuous music (the radio of the day room), no session. */
function backgroundMusic(random: Random, library: PlanLibrary, userId: number, start: number, hours: number): PlannedPost[] {
  const music = library.audio.filter((a) => a.music);
  if (music.length === 0) return [];
  const until = start + hours * 3_600_000;
  const categoryId = library.musicCategoryIds.length > 0 ? pick(random, library.musicCategoryIds) : null;
  const samples: PlayLogItem[] = [];
  let clock = start;
  while (clock < until) {
    const run = playFile(random, clock, pick(random, music), { playSource: 'MusicChannel', categoryId }, until);
    samples.push(...run.samples);
    clock = run.end + 2000;
  }
  return playerPosts(userId, samples, null);
}

/** One unit's posts on one local calendar day (`YYYY-MM-DD` in the unit's time zone). */
export function planUnitDay(random: Random, unit: PlanUnit, library: PlanLibrary, day: string, firstDayOfRun: boolean): PlannedPost[] {
  const local = (hour: number, minute = 0) => DateTime.fromISO(`${day}T00:00:00`, { zone: unit.timeZone }).set({ hour, minute }).toMillis();
  const posts: PlannedPost[] = [];
  const { userId } = unit;
  if (firstDayOfRun) posts.push({ sentAt: local(8), userId, kind: 'usage', data: { page: 'version', time: iso(local(8)), version: '2.4.1' } });

  const count = between(random, 1, 4);
  const chosen = count >= 3 ? slots : subset(random, slots, count, count).sort((a, b) => a.hour - b.hour);
  for (const slot of chosen) posts.push(...session(random, unit, library, slot, local(slot.hour, between(random, 0, 50))));
  if (count === 4) posts.push(...session(random, unit, library, slots[1]!, local(16, between(random, 0, 30))));

  // An accidental start between the afternoon and the evening, stopped within seconds: a short session the reports hide.
  if (random() < 0.15) {
    const at = local(18, between(random, 0, 30));
    posts.push({ sentAt: at, userId, kind: 'usage', data: { page: 'startSession', time: iso(at), residentIds: [], params: { outdoors: false, activityIds: [] } } });
    posts.push({ sentAt: at + 8000, userId, kind: 'usage', data: { page: 'stopSession', time: iso(at + 8000) } });
  }
  if (random() < 0.5) posts.push(...backgroundMusic(random, library, userId, local(11, between(random, 30, 59)), between(random, 1, 2)));
  return posts;
}

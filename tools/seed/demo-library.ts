import type { AudioSpec, ComposedTune } from './audio.ts';
import type { CoverColours } from './cover-art.ts';
import type { Arrangement, KnownTune } from './tunes.ts';

// The demo content library: categories of every content type, artists, 51 audio files (music
// pieces and programs) with the score their audio is generated from, recipes and two videos.
// Names of generated pieces are invented; their composer says so.

export const contentTypes = ['Game', 'Music', 'SingAlong', 'Exercise', 'Theme', 'AudioBook', 'Spiritual', 'News', 'Story', 'BodyAndMind', 'Video'] as const;
export type ContentType = (typeof contentTypes)[number];

export interface DemoCategory {
  name: string;
  type: 'Music' | 'Program' | 'Video';
  contentType: ContentType;
  contentTypePriority: number;
  usageReport: 'targetable' | 'report' | null;
  description: string;
}

const category = (name: string, type: DemoCategory['type'], contentType: ContentType, contentTypePriority: number, usageReport: DemoCategory['usageReport'], description: string): DemoCategory => ({ name, type, contentType, contentTypePriority, usageReport, description });

export const demoCategories: DemoCategory[] = [
  category('Classics', 'Music', 'Music', 3, 'report', 'Well-known classical melodies.'),
  category('Finnish evergreens', 'Music', 'Music', 2, 'report', 'Familiar tunes in the Finnish style.'),
  category('Waltzes and tangos', 'Music', 'Music', 1, 'targetable', 'Music from the dance pavilion.'),
  category('Lullabies and calm', 'Music', 'Music', 0, null, 'Quiet music for resting.'),
  category('Morning exercise', 'Program', 'Exercise', 3, 'targetable', 'Gentle movement to music.'),
  category('Chair gymnastics', 'Program', 'Exercise', 2, 'report', 'Exercises done sitting down.'),
  category('Guess the melody', 'Program', 'Game', 2, 'targetable', 'Music quizzes.'),
  category('Sing-along classics', 'Program', 'SingAlong', 2, 'report', 'Songs everyone knows, with a count-in.'),
  category('Seasons', 'Program', 'Theme', 1, null, 'Theme programs through the year.'),
  category('Audio books', 'Program', 'AudioBook', 1, null, 'Longer readings in chapters.'),
  category('Hymns and prayers', 'Program', 'Spiritual', 1, 'report', 'Morning and evening devotions.'),
  category('Weekly news', 'Program', 'News', 1, null, 'News read slowly and clearly.'),
  category('Stories', 'Program', 'Story', 1, null, 'Short stories and fables.'),
  category('Relaxation', 'Program', 'BodyAndMind', 2, 'targetable', 'Breathing and calm.'),
  category('Nature videos', 'Video', 'Video', 0, null, 'Calm nature scenes.'),
  // Last, so every category above keeps its id.
  category('Afternoon dance', 'Music', 'Music', 1, null, 'Dance tunes that keep a music channel going.'),
];

export interface DemoArtist {
  name: string;
  firstName: string | null;
  lastName: string | null;
  group: boolean;
  info: string;
}

export const demoArtists: DemoArtist[] = [
  { name: 'Sointu Ensemble', firstName: null, lastName: null, group: true, info: 'The house band of the demo library.' },
  { name: 'Kotikallio Choir', firstName: null, lastName: null, group: true, info: 'Singers from the demo care home.' },
  { name: 'Aino Lehtonen', firstName: 'Aino', lastName: 'Lehtonen', group: false, info: 'A demo narrator.' },
  { name: 'Demo Brass Band', firstName: null, lastName: null, group: true, info: 'Marches and polkas.' },
];

export interface DemoAudioFile {
  slug: string;
  type: 'MusicPiece' | 'AudioProgram';
  name: string;
  composer: string;
  artists: string[];
  album: string;
  track: number;
  description: string;
  /** Seconds; the generated WAV lasts exactly this long. */
  length: number;
  categories: Array<{ name: string; priority: number }>;
  spec: AudioSpec;
}

const generated = 'Sointu (generated)';
const composed = (seedName: string, beatsPerBar: 3 | 4, minor: boolean, tonic: number): ComposedTune => ({ compose: seedName, beatsPerBar, minor, tonic });

type MusicRow = [slug: string, name: string, composer: string, tune: KnownTune | ComposedTune, arrangement: Arrangement, length: number, categories: string[], artist: string, album: string];

const musicRows: MusicRow[] = [
  ['ode-to-joy', 'Ode to Joy', 'Ludwig van Beethoven', 'odeToJoy', { bpm: 96, melody: 'flute', style: 'ballad' }, 48, ['Classics'], 'Sointu Ensemble', 'Classics for Everyone'],
  ['minuet-in-g', 'Minuet in G', 'Christian Petzold', 'minuetInG', { bpm: 120, melody: 'kantele', style: 'waltz', transpose: -12 }, 36, ['Classics'], 'Sointu Ensemble', 'Classics for Everyone'],
  ['frere-jacques', 'Frère Jacques', 'Traditional', 'frereJacques', { bpm: 110, melody: 'clarinet', style: 'march' }, 30, ['Classics', 'Lullabies and calm'], 'Sointu Ensemble', 'Classics for Everyone'],
  ['twinkle-twinkle', 'Twinkle, Twinkle, Little Star', 'Traditional', 'twinkle', { bpm: 84, melody: 'sine', style: 'lullaby', transpose: 5 }, 40, ['Lullabies and calm'], 'Sointu Ensemble', 'Quiet Moments'],
  ['jingle-bells', 'Jingle Bells', 'James Lord Pierpont', 'jingleBells', { bpm: 132, melody: 'brass', style: 'polka' }, 34, ['Classics'], 'Demo Brass Band', 'Brass and Bells'],
  ['amazing-grace', 'Amazing Grace', 'Traditional', 'amazingGrace', { bpm: 72, melody: 'organ', style: 'hymn' }, 52, ['Classics', 'Hymns and prayers'], 'Kotikallio Choir', 'Quiet Moments'],
  ['happy-birthday', 'Happy Birthday to You', 'Mildred J. Hill and Patty Hill', 'happyBirthday', { bpm: 110, melody: 'flute', style: 'waltz' }, 24, ['Classics'], 'Kotikallio Choir', 'Classics for Everyone'],
  ['kesaillan-valssi', 'Kesäillan valssi', generated, composed('kesaillan-valssi', 3, false, 62), { bpm: 138, melody: 'clarinet', style: 'waltz' }, 45, ['Waltzes and tangos', 'Finnish evergreens'], 'Sointu Ensemble', 'Dance Hall Memories'],
  ['satamatango', 'Satamatango', generated, composed('satamatango', 4, true, 57), { bpm: 116, melody: 'clarinet', style: 'march' }, 42, ['Waltzes and tangos'], 'Sointu Ensemble', 'Dance Hall Memories'],
  ['koivun-alla', 'Koivun alla', generated, composed('koivun-alla', 4, false, 60), { bpm: 88, melody: 'flute', style: 'ballad' }, 38, ['Finnish evergreens'], 'Aino Lehtonen', 'Finnish Evergreens'],
  ['jarven-rannalla', 'Järven rannalla', generated, composed('jarven-rannalla', 4, false, 65), { bpm: 80, melody: 'kantele', style: 'ballad' }, 44, ['Finnish evergreens', 'Lullabies and calm'], 'Aino Lehtonen', 'Finnish Evergreens'],
  ['syksyn-lehdet', 'Syksyn lehdet', generated, composed('syksyn-lehdet', 3, true, 64), { bpm: 126, melody: 'flute', style: 'waltz' }, 40, ['Waltzes and tangos'], 'Sointu Ensemble', 'Dance Hall Memories'],
  ['tanssilavan-polkka', 'Tanssilavan polkka', generated, composed('tanssilavan-polkka', 4, false, 67), { bpm: 140, melody: 'brass', style: 'polka' }, 32, ['Finnish evergreens'], 'Demo Brass Band', 'Brass and Bells'],
  ['kotiinpaluu', 'Kotiinpaluu', generated, composed('kotiinpaluu', 4, false, 58), { bpm: 112, melody: 'brass', style: 'march' }, 36, ['Finnish evergreens'], 'Demo Brass Band', 'Brass and Bells'],
  ['iltatahti', 'Iltatähti', generated, composed('iltatahti', 4, false, 60), { bpm: 72, melody: 'sine', style: 'lullaby' }, 46, ['Lullabies and calm'], 'Aino Lehtonen', 'Quiet Moments'],
  ['unikeinu', 'Unikeinu', generated, composed('unikeinu', 3, false, 65), { bpm: 90, melody: 'flute', style: 'lullaby' }, 42, ['Lullabies and calm'], 'Aino Lehtonen', 'Quiet Moments'],
  ['pihlajan-kukka', 'Pihlajan kukka', generated, composed('pihlajan-kukka', 3, false, 62), { bpm: 132, melody: 'kantele', style: 'waltz' }, 38, ['Waltzes and tangos', 'Finnish evergreens'], 'Sointu Ensemble', 'Dance Hall Memories'],
  ['kaunis-kotimaa', 'Kaunis kotimaa', generated, composed('kaunis-kotimaa', 4, false, 60), { bpm: 76, melody: 'organ', style: 'hymn' }, 50, ['Finnish evergreens'], 'Kotikallio Choir', 'Finnish Evergreens'],
  ['meren-laulu', 'Meren laulu', generated, composed('meren-laulu', 4, true, 62), { bpm: 84, melody: 'clarinet', style: 'ballad' }, 44, ['Lullabies and calm'], 'Sointu Ensemble', 'Quiet Moments'],
  ['muistojen-tango', 'Muistojen tango', generated, composed('muistojen-tango', 4, true, 64), { bpm: 112, melody: 'clarinet', style: 'march' }, 40, ['Waltzes and tangos'], 'Sointu Ensemble', 'Dance Hall Memories'],
  ['aamukahvi', 'Aamukahvi', generated, composed('aamukahvi', 4, false, 63), { bpm: 136, melody: 'kantele', style: 'polka' }, 28, ['Finnish evergreens'], 'Demo Brass Band', 'Brass and Bells'],
  ['talvinen-kyla', 'Talvinen kylä', generated, composed('talvinen-kyla', 3, true, 60), { bpm: 96, melody: 'sine', style: 'lullaby' }, 36, ['Lullabies and calm'], 'Aino Lehtonen', 'Quiet Moments'],
  ['juhannusyo', 'Juhannusyö', generated, composed('juhannusyo', 3, false, 67), { bpm: 126, melody: 'flute', style: 'waltz' }, 40, ['Waltzes and tangos'], 'Sointu Ensemble', 'Dance Hall Memories'],
  ['ruusu-ja-rauta', 'Ruusu ja rauta', generated, composed('ruusu-ja-rauta', 4, true, 59), { bpm: 108, melody: 'brass', style: 'march' }, 34, ['Waltzes and tangos'], 'Demo Brass Band', 'Brass and Bells'],
  ['vanha-rakkaus', 'Vanha rakkaus', generated, composed('vanha-rakkaus', 4, false, 61), { bpm: 82, melody: 'clarinet', style: 'ballad' }, 42, ['Finnish evergreens'], 'Kotikallio Choir', 'Finnish Evergreens'],
  ['hiljainen-hetki', 'Hiljainen hetki', generated, composed('hiljainen-hetki', 4, false, 57), { bpm: 66, melody: 'organ', style: 'ballad' }, 54, ['Lullabies and calm'], 'Sointu Ensemble', 'Quiet Moments'],
];

type ProgramRow = [slug: string, name: string, program: Extract<AudioSpec, { kind: 'program' }>['program'], tune: KnownTune | ComposedTune, length: number, categories: string[], artist: string];

const programRows: ProgramRow[] = [
  ['morning-stretch', 'Morning stretch', 'exercise', composed('morning-stretch', 4, false, 60), 60, ['Morning exercise', 'Chair gymnastics'], 'Demo Brass Band'],
  ['chair-arms', 'Chair gymnastics: arms and shoulders', 'exercise', 'jingleBells', 64, ['Chair gymnastics'], 'Sointu Ensemble'],
  ['chair-legs', 'Chair gymnastics: legs and feet', 'exercise', composed('chair-legs', 4, false, 65), 56, ['Chair gymnastics', 'Morning exercise'], 'Sointu Ensemble'],
  ['guess-the-melody-1', 'Guess the melody 1', 'game', 'twinkle', 62, ['Guess the melody'], 'Aino Lehtonen'],
  ['guess-the-melody-2', 'Guess the melody 2', 'game', 'odeToJoy', 66, ['Guess the melody'], 'Aino Lehtonen'],
  ['weekly-news-1', 'Weekly news: the week in brief', 'news', 'twinkle', 58, ['Weekly news'], 'Aino Lehtonen'],
  ['weekly-news-culture', 'Weekly news: culture and events', 'news', 'twinkle', 50, ['Weekly news'], 'Aino Lehtonen'],
  ['fox-and-crow', 'The fox and the crow', 'story', composed('fox-and-crow', 3, false, 62), 62, ['Stories'], 'Aino Lehtonen'],
  ['sauna-evening', "Grandmother's sauna evening", 'story', composed('sauna-evening', 4, true, 60), 66, ['Stories', 'Seasons'], 'Aino Lehtonen'],
  ['lighthouse-1', 'The lighthouse keeper, chapter 1', 'audioBook', 'twinkle', 72, ['Audio books'], 'Aino Lehtonen'],
  ['lighthouse-2', 'The lighthouse keeper, chapter 2', 'audioBook', 'twinkle', 70, ['Audio books'], 'Aino Lehtonen'],
  ['morning-prayer', 'Morning prayer', 'spiritual', 'amazingGrace', 62, ['Hymns and prayers'], 'Kotikallio Choir'],
  ['evening-hymn', 'Evening hymn and prayer', 'spiritual', 'amazingGrace', 68, ['Hymns and prayers', 'Relaxation'], 'Kotikallio Choir'],
  ['breathing-calmly', 'Breathing calmly', 'bodyAndMind', composed('breathing', 4, false, 57), 60, ['Relaxation'], 'Aino Lehtonen'],
  ['by-the-sea', 'Relaxing by the sea', 'bodyAndMind', composed('by-the-sea', 4, false, 62), 70, ['Relaxation', 'Seasons'], 'Aino Lehtonen'],
  ['sing-frere-jacques', 'Sing along: Frère Jacques', 'singAlong', 'frereJacques', 40, ['Sing-along classics'], 'Kotikallio Choir'],
  ['sing-happy-birthday', 'Sing along: Happy Birthday', 'singAlong', 'happyBirthday', 36, ['Sing-along classics'], 'Kotikallio Choir'],
  ['sing-jingle-bells', 'Sing along: Jingle Bells', 'singAlong', 'jingleBells', 44, ['Sing-along classics', 'Seasons'], 'Kotikallio Choir'],
  ['spring-countryside', 'Spring morning in the countryside', 'theme', composed('spring', 4, false, 64), 64, ['Seasons'], 'Aino Lehtonen'],
  ['summer-cottage', 'Summer at the cottage', 'theme', composed('cottage', 3, false, 62), 60, ['Seasons', 'Relaxation'], 'Sointu Ensemble'],
];

// Dance tunes for the music channel (spec 1 section 4): a full similarity pick of five, which with
// the other music categories gives a two-hour channel fresh pieces for a long while
// (tools/seed/demo-channels.unit.spec.ts). Short, as the seed's audio stays under its 40 MB budget
// (tests/seed/demo-seed.int.spec.ts). Listed after the programs, so every file above keeps its id.
const channelRows: MusicRow[] = [
  ['lauantaitanssit', 'Lauantaitanssit', generated, composed('lauantaitanssit', 3, false, 62), { bpm: 132, melody: 'clarinet', style: 'waltz' }, 32, ['Afternoon dance', 'Waltzes and tangos'], 'Sointu Ensemble', 'Afternoon Dance'],
  ['lavatanssit', 'Lavatanssit', generated, composed('lavatanssit', 4, false, 65), { bpm: 138, melody: 'brass', style: 'polka' }, 30, ['Afternoon dance'], 'Demo Brass Band', 'Afternoon Dance'],
  ['kuutamotango', 'Kuutamotango', generated, composed('kuutamotango', 4, true, 59), { bpm: 112, melody: 'clarinet', style: 'march' }, 34, ['Afternoon dance', 'Waltzes and tangos'], 'Sointu Ensemble', 'Afternoon Dance'],
  ['hameen-polkka', 'Hämeen polkka', generated, composed('hameen-polkka', 4, false, 67), { bpm: 140, melody: 'kantele', style: 'polka' }, 28, ['Afternoon dance', 'Finnish evergreens'], 'Demo Brass Band', 'Afternoon Dance'],
  ['iltapaivavalssi', 'Iltapäivävalssi', generated, composed('iltapaivavalssi', 3, false, 60), { bpm: 126, melody: 'flute', style: 'waltz' }, 30, ['Afternoon dance'], 'Sointu Ensemble', 'Afternoon Dance'],
];

// The first category is the file's main one, so it gets the highest priority.
const priorities = (names: string[]) => names.map((name, i) => ({ name, priority: names.length - i }));

const musicFile = ([slug, name, composer, tune, arrangement, length, categories, artist, album]: MusicRow, i: number): DemoAudioFile => ({
  slug,
  type: 'MusicPiece',
  name,
  composer,
  artists: [artist],
  album,
  track: i + 1,
  description: `<p>${name} played by ${artist}. ${composer === generated ? 'A new tune written for the demo library.' : `Composed by ${composer}.`}</p>`,
  length,
  categories: priorities(categories),
  spec: { kind: 'music', tune, arrangement, alternate: arrangement.melody === 'flute' ? 'clarinet' : 'flute' },
});

export const demoAudioFiles: DemoAudioFile[] = [
  ...musicRows.map(musicFile),
  ...programRows.map(([slug, name, program, tune, length, categories, artist], i): DemoAudioFile => ({
    slug,
    type: 'AudioProgram',
    name,
    composer: generated,
    artists: [artist],
    album: 'Sointu Programs',
    track: i + 1,
    description: `<p>${name}: a demo program. The voice is synthesized and speaks no real language.</p>`,
    length,
    categories: priorities(categories),
    spec: { kind: 'program', program, tune },
  })),
  ...channelRows.map(musicFile),
];

export const audioObjectKey = (file: Pick<DemoAudioFile, 'slug'>): string => `demo/audio/${file.slug}.wav`;

export interface DemoRecipe {
  name: string;
  description: string;
  searchPriority: number;
  items: Array<{ type: 'Music' | 'News' | 'Spiritual' | 'Story' | 'Game' | 'Exercise' | 'Radio'; slug: string }>;
}

// Complete recipes (spec 2 section 4): every one has items of every type, so each tab of the recipe
// screen has something to play; several music items per recipe let auto-play move on. Radio items
// are programs that sound like a broadcast. Names and the files each recipe holds are what the
// search tests look for ('afternoon', 'stretch'), so keep them apart.
export const demoRecipes: DemoRecipe[] = [
  {
    name: 'Morning routine',
    description: '<p>News, a stretch, a favourite tune and a prayer to start the day.</p>',
    searchPriority: 2,
    items: [
      { type: 'News', slug: 'weekly-news-1' },
      { type: 'Exercise', slug: 'morning-stretch' },
      { type: 'Music', slug: 'happy-birthday' },
      { type: 'Music', slug: 'aamukahvi' },
      { type: 'Music', slug: 'ode-to-joy' },
      { type: 'Game', slug: 'guess-the-melody-2' },
      { type: 'Story', slug: 'lighthouse-1' },
      { type: 'Radio', slug: 'spring-countryside' },
      { type: 'Spiritual', slug: 'morning-prayer' },
    ],
  },
  {
    name: 'Afternoon together',
    description: '<p>A quiz, a story, a waltz and some movement for a group.</p>',
    searchPriority: 1,
    items: [
      { type: 'Game', slug: 'guess-the-melody-1' },
      { type: 'Story', slug: 'fox-and-crow' },
      { type: 'Music', slug: 'kesaillan-valssi' },
      { type: 'Music', slug: 'satamatango' },
      { type: 'Music', slug: 'tanssilavan-polkka' },
      { type: 'Exercise', slug: 'chair-legs' },
      { type: 'News', slug: 'weekly-news-culture' },
      { type: 'Radio', slug: 'summer-cottage' },
      { type: 'Spiritual', slug: 'amazing-grace' },
    ],
  },
  {
    name: 'Calm evening',
    description: '<p>A hymn, a story and a lullaby before the night.</p>',
    searchPriority: 0,
    items: [
      { type: 'Spiritual', slug: 'evening-hymn' },
      { type: 'Story', slug: 'sauna-evening' },
      { type: 'Music', slug: 'iltatahti' },
      { type: 'Music', slug: 'unikeinu' },
      { type: 'Exercise', slug: 'breathing-calmly' },
      { type: 'News', slug: 'weekly-news-1' },
      { type: 'Game', slug: 'guess-the-melody-2' },
      { type: 'Radio', slug: 'by-the-sea' },
    ],
  },
  {
    name: 'Birthday party',
    description: '<p>Congratulations in song, a <b>melody quiz</b> and a story: a celebration for the whole unit.</p>',
    searchPriority: 0,
    items: [
      { type: 'Music', slug: 'jingle-bells' },
      { type: 'Music', slug: 'frere-jacques' },
      { type: 'Game', slug: 'guess-the-melody-1' },
      { type: 'Story', slug: 'lighthouse-2' },
      { type: 'Exercise', slug: 'chair-arms' },
      { type: 'News', slug: 'weekly-news-culture' },
      { type: 'Radio', slug: 'sing-happy-birthday' },
      { type: 'Spiritual', slug: 'morning-prayer' },
    ],
  },
  {
    name: 'Summer memories',
    description: '<p>Midsummer waltzes, a lake shore and a sauna evening: memories of summers past, with a quiet hymn at the end.</p>',
    searchPriority: 0,
    items: [
      { type: 'Music', slug: 'juhannusyo' },
      { type: 'Music', slug: 'pihlajan-kukka' },
      { type: 'Music', slug: 'jarven-rannalla' },
      { type: 'Story', slug: 'sauna-evening' },
      { type: 'News', slug: 'weekly-news-1' },
      { type: 'Game', slug: 'guess-the-melody-2' },
      { type: 'Exercise', slug: 'chair-legs' },
      { type: 'Radio', slug: 'summer-cottage' },
      { type: 'Spiritual', slug: 'evening-hymn' },
    ],
  },
];

/** Video rows carry metadata only: no video is generated, so has_object is false. */
export const demoVideos = [
  { name: 'Birch forest in spring', objectKey: 'demo/video/birch-forest.mp4', description: 'A walk through a birch forest (metadata only in the demo).' },
  { name: 'Lake at sunset', objectKey: 'demo/video/lake-sunset.mp4', description: 'Waves on a calm lake (metadata only in the demo).' },
];
export const videoCategory = 'Nature videos';

/** One cover per album, shared by its files as their image. */
export const demoAlbums: Record<string, { slug: string; colours: CoverColours; waves: number }> = {
  'Classics for Everyone': { slug: 'classics-for-everyone', colours: { top: [40, 60, 120], bottom: [120, 150, 210] }, waves: 2 },
  'Quiet Moments': { slug: 'quiet-moments', colours: { top: [30, 80, 90], bottom: [150, 200, 190] }, waves: 1 },
  'Brass and Bells': { slug: 'brass-and-bells', colours: { top: [150, 70, 20], bottom: [240, 190, 80] }, waves: 4 },
  'Dance Hall Memories': { slug: 'dance-hall-memories', colours: { top: [110, 20, 50], bottom: [230, 120, 140] }, waves: 3 },
  'Finnish Evergreens': { slug: 'finnish-evergreens', colours: { top: [20, 80, 40], bottom: [140, 200, 120] }, waves: 2 },
  'Sointu Programs': { slug: 'sointu-programs', colours: { top: [60, 40, 100], bottom: [200, 170, 230] }, waves: 5 },
  'Afternoon Dance': { slug: 'afternoon-dance', colours: { top: [120, 60, 10], bottom: [250, 210, 120] }, waves: 3 },
};

export const coverObjectKey = (album: string): string => `demo/images/${demoAlbums[album]?.slug ?? 'cover'}.png`;

import fs from 'node:fs/promises';
import path from 'node:path';
import sharp from 'sharp';
import type { Plugin } from 'vite';

// The month images of the calendar of current events (spec 2 section 2: static resources named
// current-events-{lang}-{MM}.jpg, per language and month; issue 15 deliverable 4). {lang} is the
// user's language code as the product stores it (fin, eng, swe, swe2), MM the month 01-12. They
// are placeholders drawn here, at build time, from a seasonal palette and the month's name in the
// language, so the calendar never shows a broken image: `vite build` writes all 48 into
// dist/web/current-events/, and the dev server draws one on request.

export const currentEventsLanguages = ['fin', 'eng', 'swe', 'swe2'] as const;
export type CurrentEventsLanguage = (typeof currentEventsLanguages)[number];
export const currentEventsFolder = 'current-events';
export const currentEventsFileName = (language: string, month: number): string => `current-events-${language}-${String(month).padStart(2, '0')}.jpg`;

const locale: Record<CurrentEventsLanguage, string> = { fin: 'fi', eng: 'en', swe: 'sv', swe2: 'sv-SE' };
const heading: Record<CurrentEventsLanguage, string> = { fin: 'Ajankohtaista', eng: 'Current events', swe: 'Aktuellt', swe2: 'Aktuellt' };

interface Season {
  sky: [string, string];
  ground: [string, string];
  /** Sun, moon or none. */
  orb: { colour: string; y: number } | null;
  /** Snow, leaves, blossoms, stars or none. */
  specks: { colour: string; count: number; size: number; sky: boolean } | null;
}

// January..December: winter blues, spring greens, summer light, autumn rust, Advent dark.
const seasons: Season[] = [
  { sky: ['#1d3557', '#457b9d'], ground: ['#e8eef4', '#f8fbff'], orb: { colour: '#f1f5f9', y: 70 }, specks: { colour: '#ffffff', count: 70, size: 3, sky: true } },
  { sky: ['#274c77', '#6096ba'], ground: ['#eef3f8', '#ffffff'], orb: { colour: '#fde68a', y: 95 }, specks: { colour: '#ffffff', count: 50, size: 2.5, sky: true } },
  { sky: ['#5b8fb9', '#b6d7ef'], ground: ['#dfe8e2', '#c9d8c5'], orb: { colour: '#fcd34d', y: 80 }, specks: { colour: '#ffffff', count: 20, size: 2, sky: true } },
  { sky: ['#7fb3d5', '#d6eaf8'], ground: ['#a3c585', '#7fa65a'], orb: { colour: '#fcd34d', y: 70 }, specks: { colour: '#fef08a', count: 25, size: 3, sky: false } },
  { sky: ['#74b9e8', '#e0f2fe'], ground: ['#7cb66b', '#4f8f3f'], orb: { colour: '#fbbf24', y: 60 }, specks: { colour: '#ffffff', count: 45, size: 3.5, sky: false } },
  { sky: ['#4ea8de', '#caf0f8'], ground: ['#66a84a', '#3d7a2c'], orb: { colour: '#facc15', y: 50 }, specks: { colour: '#fde047', count: 40, size: 3.5, sky: false } },
  { sky: ['#3a86c8', '#bde0fe'], ground: ['#5f9e45', '#3b6e2a'], orb: { colour: '#f59e0b', y: 50 }, specks: { colour: '#f472b6', count: 30, size: 3.5, sky: false } },
  { sky: ['#4a7fb0', '#f4d9a6'], ground: ['#9aa84a', '#6b7a2c'], orb: { colour: '#f59e0b', y: 75 }, specks: { colour: '#fcd34d', count: 35, size: 3, sky: false } },
  { sky: ['#5d7fa3', '#f3c98b'], ground: ['#b7893b', '#8a5a24'], orb: { colour: '#f97316', y: 85 }, specks: { colour: '#ea580c', count: 45, size: 4, sky: false } },
  { sky: ['#4a5d78', '#d9a066'], ground: ['#9c4a1a', '#6e3210'], orb: { colour: '#fb923c', y: 95 }, specks: { colour: '#dc2626', count: 55, size: 4, sky: true } },
  { sky: ['#2f3e52', '#7d8ea3'], ground: ['#5b6470', '#3f4650'], orb: { colour: '#e2e8f0', y: 75 }, specks: { colour: '#cbd5e1', count: 25, size: 2, sky: true } },
  { sky: ['#0b1d3a', '#27457a'], ground: ['#e5ecf5', '#ffffff'], orb: { colour: '#fef3c7', y: 65 }, specks: { colour: '#fde68a', count: 60, size: 2, sky: true } },
];

/** A small deterministic generator: the same image on every build. */
function random(seed: number): () => number {
  let s = seed;
  return () => ((s = (s * 1_103_515_245 + 12_345) % 2_147_483_648) / 2_147_483_648);
}

const width = 640;
const height = 240;
const escapeXml = (text: string) => text.replace(/[<>&"']/g, (c) => `&#${c.charCodeAt(0)};`);

export function currentEventsSvg(language: CurrentEventsLanguage, month: number): string {
  const season = seasons[month - 1]!;
  const rnd = random(month * 7919);
  const name = new Intl.DateTimeFormat(locale[language], { month: 'long', timeZone: 'UTC' }).format(new Date(Date.UTC(2026, month - 1, 15)));
  const title = name.charAt(0).toLocaleUpperCase(locale[language]) + name.slice(1);
  const specks = season.specks
    ? Array.from({ length: season.specks.count }, () => {
        const x = rnd() * width;
        const y = season.specks!.sky ? rnd() * height * 0.95 : height * 0.62 + rnd() * height * 0.36;
        return `<circle cx="${x.toFixed(1)}" cy="${y.toFixed(1)}" r="${(season.specks!.size * (0.6 + rnd() * 0.8)).toFixed(1)}" fill="${season.specks!.colour}" opacity="${(0.55 + rnd() * 0.45).toFixed(2)}"/>`;
      }).join('')
    : '';
  const orb = season.orb ? `<circle cx="520" cy="${season.orb.y}" r="34" fill="${season.orb.colour}" opacity="0.95"/><circle cx="520" cy="${season.orb.y}" r="52" fill="${season.orb.colour}" opacity="0.18"/>` : '';
  return `<svg xmlns="http://www.w3.org/2000/svg" width="${width}" height="${height}" viewBox="0 0 ${width} ${height}">
  <defs>
    <linearGradient id="sky" x1="0" y1="0" x2="0" y2="1"><stop offset="0" stop-color="${season.sky[0]}"/><stop offset="1" stop-color="${season.sky[1]}"/></linearGradient>
    <linearGradient id="ground" x1="0" y1="0" x2="0" y2="1"><stop offset="0" stop-color="${season.ground[0]}"/><stop offset="1" stop-color="${season.ground[1]}"/></linearGradient>
  </defs>
  <rect width="${width}" height="${height}" fill="url(#sky)"/>
  ${orb}
  <path d="M0 170 C 120 130, 220 150, 330 160 S 540 135, 640 150 L 640 240 L 0 240 Z" fill="url(#ground)" opacity="0.75"/>
  <path d="M0 195 C 150 170, 300 205, 430 185 S 580 175, 640 190 L 640 240 L 0 240 Z" fill="url(#ground)"/>
  ${specks}
  <text x="32" y="74" font-family="DejaVu Sans, Arial, sans-serif" font-size="22" fill="#ffffff" opacity="0.9" letter-spacing="2">${escapeXml(heading[language].toLocaleUpperCase(locale[language]))}</text>
  <text x="32" y="130" font-family="DejaVu Serif, Georgia, serif" font-size="50" font-weight="bold" fill="#0f172a" opacity="0.35">${escapeXml(title)}</text>
  <text x="30" y="128" font-family="DejaVu Serif, Georgia, serif" font-size="50" font-weight="bold" fill="#ffffff">${escapeXml(title)}</text>
</svg>`;
}

export async function renderCurrentEventsImage(language: CurrentEventsLanguage, month: number): Promise<Buffer> {
  return sharp(Buffer.from(currentEventsSvg(language, month))).jpeg({ quality: 82, mozjpeg: true }).toBuffer();
}

/** Writes all 48 images into `folder`. */
export async function writeCurrentEventsImages(folder: string): Promise<number> {
  await fs.mkdir(folder, { recursive: true });
  const jobs = currentEventsLanguages.flatMap((language) =>
    Array.from({ length: 12 }, async (_, i) => fs.writeFile(path.join(folder, currentEventsFileName(language, i + 1)), await renderCurrentEventsImage(language, i + 1))),
  );
  await Promise.all(jobs);
  return jobs.length;
}

const requestPattern = new RegExp(`^/${currentEventsFolder}/current-events-(${currentEventsLanguages.join('|')})-(0[1-9]|1[0-2])\\.jpg$`);

/** The Vite plugin: the images in the build's output, and on request in the dev server. */
export function currentEventsImages(): Plugin {
  return {
    name: 'current-events-images',
    async writeBundle(options) {
      if (options.dir) await writeCurrentEventsImages(path.join(options.dir, currentEventsFolder));
    },
    configureServer(server) {
      server.middlewares.use((request, response, next) => {
        const match = requestPattern.exec(request.url ?? '');
        if (!match) return next();
        renderCurrentEventsImage(match[1] as CurrentEventsLanguage, Number(match[2])).then(
          (jpeg) => {
            response.setHeader('content-type', 'image/jpeg');
            response.end(jpeg);
          },
          next,
        );
      });
    },
  };
}

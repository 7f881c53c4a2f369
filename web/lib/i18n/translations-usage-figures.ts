import type { PluralEntry, TextEntry } from './entry.ts';

// Texts of the figures issue 22 added to the report screens (spec 3 section 3: usage per play
// source, a session's play lists and durations, the usage details log and the plays outside
// sessions), keyed by their English text; merged into `texts` and `plurals` in translations.ts.
// Keys another translations file already defines with the same meaning (Plays, Duration, Recipe,
// Search, Games, Audio files, Message clicks, Date, Session...) are not repeated.

// Play sources of spec 3 section 9 and 'None' (a play started from no named source).
const playSourceKeys: Record<string, string> = {
  Recipe: 'Recipe',
  Favorites: 'Favorites',
  Message: 'Message',
  MusicChannel: 'Music channel',
  Search: 'Search',
  TodaysMessages: "Today's messages",
  None: 'No play source',
};

/** The text key of a play source; a source the spec does not list shows as it is. */
export function playSourceKey(source: string): string {
  return playSourceKeys[source] ?? source;
}

export const usageFigureTexts: Record<string, TextEntry> = {
  // Usage per play source (usagePerType of the totals)
  'Usage per play source': { fin: 'Käyttö toistolähteittäin', swe: 'Användning per uppspelningskälla' },
  'Play source': { fin: 'Toistolähde', swe: 'Uppspelningskälla' },
  'Usage type': { fin: 'Käyttötapa', swe: 'Användningstyp' },
  'Music channel': { fin: 'Musiikkikanava', swe: 'Musikkanal' },
  "Today's messages": { fin: 'Päivän viestit', swe: 'Dagens meddelanden' },
  'No play source': { fin: 'Ei toistolähdettä', swe: 'Ingen uppspelningskälla' },

  // A session's detail
  'Usage by content type': { fin: 'Käyttö sisältötyypeittäin', swe: 'Användning per innehållstyp' },
  'auto play': { fin: 'automaattinen toisto', swe: 'automatisk uppspelning' },
  'started by hand': { fin: 'käynnistetty käsin', swe: 'startad för hand' },
  Videos: { fin: 'Videot', swe: 'Videor' },
  'Message durations': { fin: 'Viestien kesto', swe: 'Meddelandenas längd' },
  'Category durations': { fin: 'Kategorioiden kesto', swe: 'Kategoriernas längd' },
  'Audio file durations': { fin: 'Äänitteiden kesto', swe: 'Ljudfilernas längd' },
  'Message {{id}}': { fin: 'Viesti {{id}}', swe: 'Meddelande {{id}}' },
  'Message item {{id}}': { fin: 'Viestin sisältö {{id}}', swe: 'Meddelandeinnehåll {{id}}' },
  'Category {{id}}': { fin: 'Kategoria {{id}}', swe: 'Kategori {{id}}' },
  'Game {{id}}': { fin: 'Peli {{id}}', swe: 'Spel {{id}}' },
  'File {{id}}': { fin: 'Tiedosto {{id}}', swe: 'Fil {{id}}' },

  // Usage details log and plays outside sessions
  'Usage details log for period {{first}} - {{last}}': {
    fin: 'Käytön lokitiedot ajalta {{first}} - {{last}}',
    swe: 'Detaljerad användningslogg för perioden {{first}} - {{last}}',
  },
  'Plays outside sessions for period {{first}} - {{last}}': {
    fin: 'Istuntojen ulkopuoliset toistot ajalta {{first}} - {{last}}',
    swe: 'Uppspelningar utanför sessioner för perioden {{first}} - {{last}}',
  },
  Logged: { fin: 'Kirjattu', swe: 'Loggad' },
  'No plays in this period': { fin: 'Ei toistoja tällä ajanjaksolla', swe: 'Inga uppspelningar under perioden' },
};

export const usageFigurePlurals: Record<string, PluralEntry> = {
  '{{count}} plays': {
    eng: { one: '{{count}} play', other: '{{count}} plays' },
    fin: { one: '{{count}} toisto', other: '{{count}} toistoa' },
    swe: { one: '{{count}} uppspelning', other: '{{count}} uppspelningar' },
  },
  '{{count}} clicks': {
    eng: { one: '{{count}} click', other: '{{count}} clicks' },
    fin: { one: '{{count}} avaus', other: '{{count}} avausta' },
    swe: { one: '{{count}} klick', other: '{{count}} klick' },
  },
};

import type { TextEntry } from './entry.ts';

// Texts of the calendar of current events (TimingCalendar, spec 2 section 2). English is the key
// itself; swe2 differs from swe only where given.

export const timingTexts: Record<string, TextEntry> = {
  'Current events': { fin: 'Ajankohtaista', swe: 'Aktuellt' },
  Show: { fin: 'Näytä', swe: 'Visa' },
  Day: { fin: 'Päivä', swe: 'Dag' },
  Week: { fin: 'Viikko', swe: 'Vecka' },
  'Special day': { fin: 'Erityinen päivä', swe: 'Särskild dag' },
  'Nothing on this day': { fin: 'Ei tapahtumia tälle päivälle', swe: 'Inget denna dag', swe2: 'Inget den här dagen' },
  Recommendation: { fin: 'Suositus', swe: 'Rekommendation' },
  'Current events could not be loaded.': { fin: 'Ajankohtaisia tapahtumia ei voitu ladata.', swe: 'Aktuella händelser kunde inte laddas.' },
};

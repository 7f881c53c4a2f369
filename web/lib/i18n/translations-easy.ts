import type { TextEntry } from './entry.ts';

// Texts of the easy-mode screen (spec 1 sections 1 and 4): the greetings by the time of day and
// the resident's few buttons. English is the key itself; swe2 differs from swe only where given.

export const easyTexts: Record<string, TextEntry> = {
  'Good morning': { fin: 'Hyvää huomenta', swe: 'God morgon' },
  'Good late morning': { fin: 'Hyvää aamupäivää', swe: 'God förmiddag' },
  'Good day': { fin: 'Hyvää päivää', swe: 'God dag' },
  'Good afternoon': { fin: 'Hyvää iltapäivää', swe: 'God eftermiddag' },
  'Good evening': { fin: 'Hyvää iltaa', swe: 'God kväll' },
  'Good night': { fin: 'Hyvää yötä', swe: 'God natt' },
  '{{greeting}}, {{name}}!': { fin: '{{greeting}}, {{name}}!', swe: '{{greeting}}, {{name}}!' },
  Recommendations: { fin: 'Suositukset', swe: 'Rekommendationer' },
  'Recommended for today': { fin: 'Päivän suositukset', swe: 'Dagens rekommendationer' },
  'Touch a picture to listen.': { fin: 'Kosketa kuvaa, niin musiikki alkaa.', swe: 'Tryck på en bild för att lyssna.' },
  'I like it': { fin: 'Tykkään', swe: 'Jag tycker om den' },
  'I do not like it': { fin: 'En tykkää', swe: 'Jag tycker inte om den' },
  'Added to your favorites': { fin: 'Lisätty suosikkeihisi', swe: 'Tillagd bland dina favoriter' },
  'Removed from your favorites': { fin: 'Poistettu suosikeistasi', swe: 'Borttagen från dina favoriter' },
  'Thank you!': { fin: 'Kiitos!', swe: 'Tack!' },
  'That did not work. Please try again.': { fin: 'Se ei onnistunut. Yritä uudelleen.', swe: 'Det lyckades inte. Försök igen.' },
  'The music could not be loaded.': { fin: 'Musiikkia ei voitu ladata.', swe: 'Musiken kunde inte laddas.' },
  'Nothing is recommended for today.': { fin: 'Tälle päivälle ei ole suosituksia.', swe: 'Inget är rekommenderat för i dag.', swe2: 'Inget är rekommenderat för idag.' },
  'Touch “I like it” while a song plays, and it is saved here.': {
    fin: 'Kosketa ”Tykkään”, kun kappale soi, niin se tallentuu tähän.',
    swe: 'Tryck på ”Jag tycker om den” medan en sång spelas, så sparas den här.',
  },
};

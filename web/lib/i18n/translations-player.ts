import type { PluralEntry } from './entry.ts';

// Texts of the player, the usage sessions and the evaluations (spec 1 sections 2, 4, 5 and 8;
// spec 3 sections 2 and 8). English is the key itself; swe2 differs from swe only where given.

export const playerTexts: Record<string, { fin: string; swe: string; swe2?: string }> = {
  // Player
  Player: { fin: 'Soitin', swe: 'Spelare' },
  Play: { fin: 'Toista', swe: 'Spela' },
  Pause: { fin: 'Tauko', swe: 'Paus' },
  Previous: { fin: 'Edellinen', swe: 'Föregående' },
  Next: { fin: 'Seuraava', swe: 'Nästa' },
  Position: { fin: 'Kohta', swe: 'Position' },
  'Continuous play': { fin: 'Jatkuva toisto', swe: 'Kontinuerlig uppspelning' },
  Shuffle: { fin: 'Satunnaistoisto', swe: 'Blanda' },
  'Fast forward': { fin: 'Pikakelaus', swe: 'Snabbspola' },
  'This user ID cannot play music.': {
    fin: 'Tällä käyttäjätunnuksella ei voi soittaa musiikkia.',
    swe: 'Det här användar-ID:t kan inte spela musik.',
  },

  // Single playback login
  'Another login of this account played content within the last 10 minutes. Continue here? Playback ends on the other device.': {
    fin: 'Tällä tunnuksella on toistettu sisältöä toisessa kirjautumisessa viimeisen 10 minuutin aikana. Jatketaanko täällä? Toisto päättyy toisella laitteella.',
    swe: 'Det här kontot har spelat upp innehåll i en annan inloggning under de senaste 10 minuterna. Fortsätta här? Uppspelningen avslutas på den andra enheten.',
  },
  'Your session has expired: this account has logged in on another device.': {
    fin: 'Istuntosi on vanhentunut: tällä tunnuksella on kirjauduttu toisella laitteella.',
    swe: 'Din session har gått ut: kontot har loggat in på en annan enhet.',
  },
  Continue: { fin: 'Jatka', swe: 'Fortsätt' },
  OK: { fin: 'OK', swe: 'OK' },

  // Usage sessions
  'Start Session': { fin: 'Aloita tuokio', swe: 'Starta session' },
  'Stop Session': { fin: 'Lopeta tuokio', swe: 'Avsluta session' },
  'Session started!': { fin: 'Tuokio aloitettu!', swe: 'Sessionen startad!' },
  'Session stopped!': { fin: 'Tuokio lopetettu!', swe: 'Sessionen avslutad!' },
  'Session active': { fin: 'Tuokio käynnissä', swe: 'Session pågår' },
  'Choose participants': { fin: 'Valitse osallistujat', swe: 'Välj deltagare', swe2: 'Välj deltagare' },
  'No participants yet.': { fin: 'Ei vielä osallistujia.', swe: 'Inga deltagare ännu.' },
  'Outdoor activity': { fin: 'Ulkoilu', swe: 'Utomhusaktivitet' },
  'Choose activities': { fin: 'Valitse aktiviteetit', swe: 'Välj aktiviteter' },
  Start: { fin: 'Aloita', swe: 'Starta' },
  '(no name)': { fin: '(ei nimeä)', swe: '(inget namn)' },
  'Session could not be started.': { fin: 'Tuokiota ei voitu aloittaa.', swe: 'Sessionen kunde inte startas.' },
  'Session could not be stopped.': { fin: 'Tuokiota ei voitu lopettaa.', swe: 'Sessionen kunde inte avslutas.' },

  // Evaluations (scores 1, 0, -1)
  Rating: { fin: 'Arvio', swe: 'Betyg' },
  'Did not like': { fin: 'Ei pitänyt', swe: 'Gillade inte' },
  Neutral: { fin: 'Neutraali', swe: 'Neutral' },
  Liked: { fin: 'Piti', swe: 'Gillade' },

  // Generic data handling (spec 1 section 4): a creation the network lost waits for its retry.
  'Not saved yet, trying again soon': { fin: 'Ei vielä tallennettu, yritetään pian uudelleen', swe: 'Inte sparad ännu, försöker snart igen' },

  // Content modals and the file viewer (spec 1 section 2, spec 2 section 7)
  'No preview available for {{name}}. Click to download.': {
    fin: 'Esikatselu ei ole saatavilla tiedostolle {{name}}. Lataa napsauttamalla.',
    swe: 'Ingen förhandsvisning tillgänglig för {{name}}. Klicka för att ladda ner.',
  },
  Artist: { fin: 'Esittäjä', swe: 'Artist' },
  Composer: { fin: 'Säveltäjä', swe: 'Kompositör' },
  Album: { fin: 'Albumi', swe: 'Album' },
  'Show big image': { fin: 'Näytä iso kuva', swe: 'Visa stor bild' },
  'Close Window': { fin: 'Sulje ikkuna', swe: 'Stäng fönstret' },
  'Full screen': { fin: 'Koko näyttö', swe: 'Helskärm' },
  'No instructions have been given for this user.': { fin: 'Tälle käyttäjälle ei ole annettu ohjeita.', swe: 'Inga instruktioner har getts för den här användaren.' },

  // Shared widgets (spec 1 section 2)
  Yes: { fin: 'Kyllä', swe: 'Ja' },
  No: { fin: 'Ei', swe: 'Nej' },
  Clear: { fin: 'Tyhjennä', swe: 'Töm' },
  'Select all on this page': { fin: 'Valitse kaikki tältä sivulta', swe: 'Välj alla på den här sidan' },
  'Select row': { fin: 'Valitse rivi', swe: 'Välj rad' },
};

/** The name list's expand link (spec 1 section 9: 5 names, then the rest behind it). */
export const playerPlurals: Record<string, PluralEntry> = {
  'and {{count}} more': {
    eng: { one: 'and {{count}} more', other: 'and {{count}} more' },
    fin: { one: 'ja {{count}} muu', other: 'ja {{count}} muuta' },
    swe: { one: 'och {{count}} till', other: 'och {{count}} till' },
  },
};

import type { TextEntry } from './entry.ts';

// Texts of the operators' content library page and its app task list (/admin/library, issue 18
// items 3 and 4), keyed by their English text; merged into `texts` in translations.ts.

export const libraryAdminTexts: Record<string, TextEntry> = {
  'Content library': { fin: 'Sisältökirjasto', swe: 'Innehållsbibliotek' },
  'Upload audio file': { fin: 'Lataa äänitiedosto', swe: 'Ladda upp ljudfil' },
  'Uploaded file': { fin: 'Ladattu tiedosto', swe: 'Uppladdad fil' },
  'New audio file': { fin: 'Uusi äänitiedosto', swe: 'Ny ljudfil' },
  'Edit audio file': { fin: 'Muokkaa äänitiedostoa', swe: 'Redigera ljudfil' },
  'Music piece': { fin: 'Musiikkikappale', swe: 'Musikstycke' },
  'Audio program': { fin: 'Ääniohjelma', swe: 'Ljudprogram' },
  Artist: { fin: 'Esittäjä', swe: 'Artist' },
  Artists: { fin: 'Esittäjät', swe: 'Artister' },
  'Categories and priorities': { fin: 'Kategoriat ja prioriteetit', swe: 'Kategorier och prioriteter' },
  'Priority of {{name}}': { fin: 'Kategorian {{name}} prioriteetti', swe: 'Prioritet för {{name}}' },
  'Audio files: {{total}}': { fin: 'Äänitiedostoja: {{total}}', swe: 'Ljudfiler: {{total}}' },
  'Last play': { fin: 'Viimeksi soitettu', swe: 'Senast spelad' },
  Deactivate: { fin: 'Poista käytöstä', swe: 'Inaktivera' },
  Activate: { fin: 'Ota käyttöön', swe: 'Aktivera' },
  'App tasks': { fin: 'Taustatehtävät', swe: 'Bakgrundsuppgifter' },
  'No app tasks': { fin: 'Ei taustatehtäviä', swe: 'Inga bakgrundsuppgifter' },
  Task: { fin: 'Tehtävä', swe: 'Uppgift' },
  Status: { fin: 'Tila', swe: 'Status' },
  Progress: { fin: 'Edistyminen', swe: 'Förlopp' },
  Queued: { fin: 'Jonossa', swe: 'I kö' },
  Running: { fin: 'Käynnissä', swe: 'Pågår' },
  Done: { fin: 'Valmis', swe: 'Klar' },
  Failed: { fin: 'Epäonnistui', swe: 'Misslyckades' },
};

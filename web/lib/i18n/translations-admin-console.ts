import type { TextEntry } from './entry.ts';

// Fixed texts of the operator console (/admin, issue 18 item 6), keyed by their English text;
// entity and field names stay as the API names them. Merged into `texts` in translations.ts.

export const adminConsoleTexts: Record<string, TextEntry> = {
  'Operator console': { fin: 'Ylläpitokonsoli', swe: 'Administrationskonsol' },
  Filter: { fin: 'Suodata', swe: 'Filtrera' },
  History: { fin: 'Historia', swe: 'Historik' },
  Details: { fin: 'Tiedot', swe: 'Uppgifter' },
  Run: { fin: 'Suorita', swe: 'Kör' },
  'New row': { fin: 'Uusi rivi', swe: 'Ny rad' },
  'Edit row {{id}}': { fin: 'Muokkaa riviä {{id}}', swe: 'Redigera rad {{id}}' },
  'Rows {{from}}–{{to}} of {{total}}': { fin: 'Rivit {{from}}–{{to}} / {{total}}', swe: 'Rader {{from}}–{{to}} av {{total}}' },
  'No rows': { fin: 'Ei rivejä', swe: 'Inga rader' },
  'No history': { fin: 'Ei muutoshistoriaa', swe: 'Ingen ändringshistorik' },
  'Change type': { fin: 'Muutoksen laji', swe: 'Typ av ändring' },
  Request: { fin: 'Pyyntö', swe: 'Begäran' },
  Changes: { fin: 'Muutokset', swe: 'Ändringar' },
  'Done: {{answer}}': { fin: 'Valmis: {{answer}}', swe: 'Klart: {{answer}}' },
  'Read only: its changes come from its own commands.': {
    fin: 'Vain luku: sen muutokset tehdään sen omilla toiminnoilla.',
    swe: 'Endast läsning: dess ändringar görs med dess egna funktioner.',
  },
  'Choose a row to see it, edit it or read its history.': {
    fin: 'Valitse rivi nähdäksesi sen, muokataksesi sitä tai lukeaksesi sen historian.',
    swe: 'Välj en rad för att se den, redigera den eller läsa dess historik.',
  },
};

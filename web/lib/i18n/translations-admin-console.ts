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
  // A value of a unit's own row (a resident's name) the audit log does not show operators.
  '(hidden)': { fin: '(piilotettu)', swe: '(dold)' },
  'Done: {{answer}}': { fin: 'Valmis: {{answer}}', swe: 'Klart: {{answer}}' },
  'Read only: its changes come from its own commands.': {
    fin: 'Vain luku: sen muutokset tehdään sen omilla toiminnoilla.',
    swe: 'Endast läsning: dess ändringar görs med dess egna funktioner.',
  },
  'Choose a row to see it, edit it or read its history.': {
    fin: 'Valitse rivi nähdäksesi sen, muokataksesi sitä tai lukeaksesi sen historian.',
    swe: 'Välj en rad för att se den, redigera den eller läsa dess historik.',
  },
  // The Requests view (every typed request) and the actions' refusal; swe2 says the same as swe.
  Requests: { fin: 'Pyynnöt', swe: 'Begäranden' },
  'Every typed request of the catalogue (POST /api/requests/{type}); the server decides who may run each one.': {
    fin: 'Kaikki luettelon tyypitetyt pyynnöt (POST /api/requests/{type}); palvelin päättää, kuka saa suorittaa minkäkin.',
    swe: 'Alla typade begäranden i katalogen (POST /api/requests/{type}); servern avgör vem som får köra var och en.',
  },
  'Search requests': { fin: 'Hae pyyntöjä', swe: 'Sök begäranden' },
  'Requests found: {{count}} / {{total}}': { fin: 'Pyyntöjä löytyi: {{count}} / {{total}}', swe: 'Hittade begäranden: {{count}} / {{total}}' },
  'What it does': { fin: 'Mitä se tekee', swe: 'Vad den gör' },
  'Who may run it': { fin: 'Kuka saa suorittaa', swe: 'Vem som får köra den' },
  'Also among the actions of': { fin: 'Myös näiden toiminnoissa', swe: 'Finns även bland åtgärderna för' },
  'Choose a request to see what it does and run it.': {
    fin: 'Valitse pyyntö nähdäksesi, mitä se tekee, ja suorittaaksesi sen.',
    swe: 'Välj en begäran för att se vad den gör och köra den.',
  },
  'Refused: you may not run this request. {{reason}}': {
    fin: 'Evätty: sinulla ei ole oikeutta suorittaa tätä pyyntöä. {{reason}}',
    swe: 'Nekad: du får inte köra den här begäran. {{reason}}',
  },
};

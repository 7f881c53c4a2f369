import type { Language } from '../../../schemas/api/user.ts';
import { libraryTexts } from './translations-library.ts';
import { messageListTexts } from './translations-message-lists.ts';
import { playerPlurals, playerTexts } from './translations-player.ts';
import { todaysTexts } from './translations-todays.ts';
import { timingTexts } from './translations-timings.ts';
import { uploadTexts } from './translations-uploads.ts';
import { accountTexts } from './translations-accounts.ts';
import { settingsTexts } from './translations-settings.ts';
import { reportPlurals, reportTexts } from './translations-reports.ts';
import { reportTablePlurals, reportTableTexts } from './translations-report-tables.ts';
import { messageTexts } from './translations-message.ts';
import { videoChatTexts } from './translations-video-chat.ts';
import { usageFigurePlurals, usageFigureTexts } from './translations-usage-figures.ts';
import { recipeTexts } from './translations-recipes.ts';
import type { PluralEntry, TextEntry } from './entry.ts';
import { msgsPlurals, msgsTexts } from './translations-msgs.ts';
import { easyTexts } from './translations-easy.ts';
import { usersPlurals, usersTexts } from './translations-users.ts';
import { musicChannelTexts } from './translations-music-channels.ts';
import { libraryAdminTexts } from './translations-library-admin.ts';
import { adminConsoleTexts } from './translations-admin-console.ts';
import { shellTexts } from './translations-shell.ts';

// Every text the browser shows, keyed by its English text (spec wording where the spec has it).
// English is the key itself; swe2 (Sweden Swedish) differs from swe only where it says so.

export const texts: Record<string, TextEntry> = {
  // The recipe list and screen (translations-recipes.ts).
  ...recipeTexts,
  // Login
  Login: { fin: 'Kirjaudu', swe: 'Logga in' },
  Username: { fin: 'Käyttäjätunnus', swe: 'Användarnamn' },
  Password: { fin: 'Salasana', swe: 'Lösenord' },
  'Login failed': { fin: 'Kirjautuminen epäonnistui', swe: 'Inloggningen misslyckades' },
  'Your subscription has not yet started. You can start using the service when the contract period starts.': {
    fin: 'Tilauksesi ei ole vielä alkanut. Voit aloittaa palvelun käytön, kun sopimuskausi alkaa.',
    swe: 'Din prenumeration har ännu inte börjat. Du kan börja använda tjänsten när avtalsperioden börjar.',
  },
  'Your subscription has ended. To continue using the service, please contact {{email}}.': {
    fin: 'Tilauksesi on päättynyt. Jos haluat jatkaa palvelun käyttöä, ota yhteyttä osoitteeseen {{email}}.',
    swe: 'Din prenumeration har upphört. Kontakta {{email}} för att fortsätta använda tjänsten.',
  },
  Logout: { fin: 'Kirjaudu ulos', swe: 'Logga ut' },
  'Do you want to log out?': { fin: 'Haluatko kirjautua ulos?', swe: 'Vill du logga ut?' },
  Cancel: { fin: 'Peruuta', swe: 'Avbryt' },
  Close: { fin: 'Sulje', swe: 'Stäng' },

  // Shell
  Navigation: { fin: 'Navigointi', swe: 'Navigering' },
  Info: { fin: 'Tietoa', swe: 'Info' },
  'Instructor mode': { fin: 'Ohjaajatila', swe: 'Instruktörsläge', swe2: 'Handledarläge' },
  'Not connected to server.': { fin: 'Ei yhteyttä palvelimeen.', swe: 'Ingen anslutning till servern.' },
  'Loading...': { fin: 'Ladataan...', swe: 'Laddar...' },
  'Request failed': { fin: 'Pyyntö epäonnistui', swe: 'Begäran misslyckades' },
  'This window is not built yet: {{name}}': {
    fin: 'Tätä ikkunaa ei ole vielä rakennettu: {{name}}',
    swe: 'Det här fönstret är inte byggt ännu: {{name}}',
  },
  'No page is available for this user.': {
    fin: 'Tälle käyttäjälle ei ole käytettävissä sivuja.',
    swe: 'Inga sidor är tillgängliga för den här användaren.',
  },
  'Favorite list': { fin: 'Suosikkilista', swe: 'Favoritlista' },
  Report: { fin: 'Raportti', swe: 'Rapport' },
  'Customer service': { fin: 'Asiakaspalvelu', swe: 'Kundtjänst' },
  Language: { fin: 'Kieli', swe: 'Språk' },

  // Route and link names (spec 1 section 2)
  Home: { fin: 'Etusivu', swe: 'Startsida' },
  'Easy view': { fin: 'Helppo näkymä', swe: 'Enkel vy' },
  'Todays messages': { fin: 'Päivän viestit', swe: 'Dagens meddelanden' },
  Recipes: { fin: 'Reseptit', swe: 'Recept' },
  Recipe: { fin: 'Resepti', swe: 'Recept' },
  'Todays recipe': { fin: 'Päivän resepti', swe: 'Dagens recept' },
  'Music channels': { fin: 'Musiikkikanavat', swe: 'Musikkanaler' },
  Favorites: { fin: 'Suosikit', swe: 'Favoriter' },
  Search: { fin: 'Haku', swe: 'Sök' },
  Settings: { fin: 'Asetukset', swe: 'Inställningar' },
  Residents: { fin: 'Asukkaat', swe: 'Invånare', swe2: 'Boende' },
  Activities: { fin: 'Aktiviteetit', swe: 'Aktiviteter' },
  Reports: { fin: 'Raportit', swe: 'Rapporter' },
  'User Management': { fin: 'Käyttäjähallinta', swe: 'Användarhantering' },
  Messages: { fin: 'Viestit', swe: 'Meddelanden' },
  'Sent messages': { fin: 'Lähetetyt viestit', swe: 'Skickade meddelanden' },
  Drafts: { fin: 'Luonnokset', swe: 'Utkast' },
  Message: { fin: 'Viesti', swe: 'Meddelande' },
  Games: { fin: 'Pelit', swe: 'Spel' },
  Msgs: { fin: 'Viestit', swe: 'Medd.' },
  'Public report': { fin: 'Julkinen raportti', swe: 'Offentlig rapport' },

  // Settings page (spec 3 section 2)
  'Results per page': { fin: 'Tuloksia sivulla', swe: 'Resultat per sida' },
  'Settings saved': { fin: 'Asetukset tallennettu', swe: 'Inställningarna har sparats' },
  ...msgsTexts,
  ...playerTexts,
  ...reportTexts,
  ...messageListTexts,
  ...reportTableTexts,
  ...usageFigureTexts,
  ...messageTexts,
  ...videoChatTexts,
  ...libraryTexts,
  ...todaysTexts,
  ...timingTexts,
  ...uploadTexts,
  ...easyTexts,
  ...usersTexts,
  ...accountTexts,
  ...settingsTexts,
  ...musicChannelTexts,
  // The operators' content library and app tasks (translations-library-admin.ts).
  ...libraryAdminTexts,
  ...adminConsoleTexts,
  ...shellTexts,
};

/** Texts with a count: the key holds the other form; the "one" form is used only for exactly 1. */
export const plurals: Record<string, PluralEntry> = {
  '{{count}} unread messages': {
    eng: { one: '{{count}} unread message', other: '{{count}} unread messages' },
    fin: { one: '{{count}} lukematon viesti', other: '{{count}} lukematonta viestiä' },
    swe: { one: '{{count}} oläst meddelande', other: '{{count}} olästa meddelanden' },
  },
  'Too many failed logins. Try again in {{count}} minutes.': {
    eng: { one: 'Too many failed logins. Try again in {{count}} minute.', other: 'Too many failed logins. Try again in {{count}} minutes.' },
    fin: { one: 'Liian monta epäonnistunutta kirjautumista. Yritä uudelleen {{count}} minuutin kuluttua.', other: 'Liian monta epäonnistunutta kirjautumista. Yritä uudelleen {{count}} minuutin kuluttua.' },
    swe: { one: 'För många misslyckade inloggningar. Försök igen om {{count}} minut.', other: 'För många misslyckade inloggningar. Försök igen om {{count}} minuter.' },
  },
  ...msgsPlurals,
  ...reportPlurals,
  ...playerPlurals,
  ...reportTablePlurals,
  ...usageFigurePlurals,
  ...usersPlurals,
};

/**
 * One language's texts as i18next wants them: plural forms as `key_one` and `key_other`. Each
 * language is a chunk of its own in the build (web/lib/i18n/texts/, tools/build/language-texts.ts).
 */
export function languageTable(language: Language): Record<string, string> {
  const table: Record<string, string> = {};
  for (const [key, entry] of Object.entries(texts)) {
    table[key] = language === 'eng' ? key : language === 'swe2' ? (entry.swe2 ?? entry.swe) : entry[language];
  }
  for (const [key, entry] of Object.entries(plurals)) {
    const forms = entry[language === 'swe2' ? 'swe' : language];
    table[`${key}_one`] = forms.one;
    table[`${key}_other`] = forms.other;
  }
  return table;
}

import type { TextEntry } from './entry.ts';

// Texts of the login screen's reset modes and an invited user's first password (spec 1 section 4,
// spec 3 sections 4, 5 and 8; issue 17). English is the key itself.

export const accountTexts: Record<string, TextEntry> = {
  'Forgot your password?': { fin: 'Unohditko salasanasi?', swe: 'Glömt ditt lösenord?' },
  'Reset password': { fin: 'Vaihda salasana', swe: 'Återställ lösenord' },
  'Type your user name or e-mail address. We will mail you a code for a new password.': {
    fin: 'Kirjoita käyttäjätunnuksesi tai sähköpostiosoitteesi. Lähetämme sähköpostiisi koodin uutta salasanaa varten.',
    swe: 'Skriv ditt användarnamn eller din e-postadress. Vi skickar en kod för ett nytt lösenord till din e-post.',
  },
  'User name or e-mail address': { fin: 'Käyttäjätunnus tai sähköpostiosoite', swe: 'Användarnamn eller e-postadress' },
  'Send code': { fin: 'Lähetä koodi', swe: 'Skicka kod' },
  'I have a code': { fin: 'Minulla on koodi', swe: 'Jag har en kod' },
  'Back to login': { fin: 'Takaisin kirjautumiseen', swe: 'Tillbaka till inloggningen' },
  'Check your e-mail': { fin: 'Katso sähköpostisi', swe: 'Kolla din e-post' },
  'If the account has an e-mail address, a password reset code is on its way. The code is valid for one hour.': {
    fin: 'Jos tilillä on sähköpostiosoite, salasanan vaihtokoodi on matkalla. Koodi on voimassa tunnin.',
    swe: 'Om kontot har en e-postadress är en kod för att återställa lösenordet på väg. Koden gäller en timme.',
  },
  'Enter the code': { fin: 'Syötä koodi', swe: 'Ange koden' },
  'Password reset code': { fin: 'Salasanan vaihtokoodi', swe: 'Kod för nytt lösenord' },
  'The passwords differ.': { fin: 'Salasanat eroavat toisistaan.', swe: 'Lösenorden är olika.' },
  'Choose your password': { fin: 'Valitse salasana', swe: 'Välj lösenord' },
  'Welcome, {{name}}!': { fin: 'Tervetuloa, {{name}}!', swe: 'Välkommen, {{name}}!' },
  'Welcome!': { fin: 'Tervetuloa!', swe: 'Välkommen!' },
  'Choose a password. Next time you log in with your e-mail address and this password.': {
    fin: 'Valitse salasana. Seuraavalla kerralla kirjaudut sähköpostiosoitteellasi ja tällä salasanalla.',
    swe: 'Välj ett lösenord. Nästa gång loggar du in med din e-postadress och det här lösenordet.',
  },
  'Failed to set the password.': { fin: 'Salasanan asettaminen epäonnistui.', swe: 'Det gick inte att spara lösenordet.' },
  'Save password': { fin: 'Tallenna salasana', swe: 'Spara lösenord' },
  // Spec 3 section 8's toasts and danger messages.
  'Password reset email successfully requested!': { fin: 'Salasanan vaihtoviesti pyydetty!', swe: 'E-post för nytt lösenord begärd!' },
  'Password successfully reset!': { fin: 'Salasana vaihdettu!', swe: 'Lösenordet har återställts!' },
  'Failed to request password reset email.': { fin: 'Salasanan vaihtoviestin pyytäminen epäonnistui.', swe: 'Det gick inte att begära e-post för nytt lösenord.' },
  'Password reset code invalid.': { fin: 'Salasanan vaihtokoodi ei kelpaa.', swe: 'Koden för nytt lösenord är ogiltig.' },
  'Failed to reset password.': { fin: 'Salasanan vaihtaminen epäonnistui.', swe: 'Det gick inte att återställa lösenordet.' },
  // The admin-password login of the login form (spec 1 section 4).
  'Login with an administrator password': { fin: 'Kirjaudu ylläpitäjän salasanalla', swe: 'Logga in med administratörslösenord' },
  'Administrator user name': { fin: 'Ylläpitäjän käyttäjätunnus', swe: 'Administratörens användarnamn' },
  'Type the user name of the unit above and your own password as the password. Plays are not logged.': {
    fin: 'Kirjoita yllä yksikön käyttäjätunnus ja salasanaksi oma salasanasi. Toistoja ei kirjata.',
    swe: 'Skriv enhetens användarnamn ovan och ditt eget lösenord som lösenord. Uppspelningar loggas inte.',
  },
};

import type { PluralEntry, TextEntry } from './entry.ts';

// Texts of the user administration screen (/users) and the Change password modal (spec 3
// sections 2 and 6, spec 2 section 8; issue 17). English is the key itself; swe2 differs from swe
// only where given.

export const usersTexts: Record<string, TextEntry> = {
  'Invite Users': { fin: 'Kutsu käyttäjiä', swe: 'Bjud in användare' },
  'Unit news': { fin: 'Yksikön uutiset', swe: 'Enhetens nyheter' },
  'News for the units will be shown here.': { fin: 'Yksiköiden uutiset näytetään tässä.', swe: 'Enheternas nyheter visas här.' },
  Email: { fin: 'Sähköposti', swe: 'E-post' },
  'Link Expires': { fin: 'Linkki vanhenee', swe: 'Länken går ut' },
  'Change Password': { fin: 'Vaihda salasana', swe: 'Byt lösenord' },
  'Change password': { fin: 'Vaihda salasana', swe: 'Byt lösenord' },
  'Send login link': { fin: 'Lähetä kirjautumislinkki', swe: 'Skicka inloggningslänk' },
  'Login link sent': { fin: 'Kirjautumislinkki lähetetty', swe: 'Inloggningslänken har skickats' },
  'Remove User': { fin: 'Poista käyttäjä', swe: 'Ta bort användare' },
  'You are about to remove the user %s. This action cannot be undone.': {
    fin: 'Olet poistamassa käyttäjän %s. Toimintoa ei voi perua.',
    swe: 'Du håller på att ta bort användaren %s. Åtgärden kan inte ångras.',
  },
  'Type the name of the user to confirm': { fin: 'Vahvista kirjoittamalla käyttäjän nimi', swe: 'Bekräfta genom att skriva användarens namn' },
  'User removed': { fin: 'Käyttäjä poistettu', swe: 'Användaren har tagits bort' },
  'New password': { fin: 'Uusi salasana', swe: 'Nytt lösenord' },
  'New password again': { fin: 'Uusi salasana uudelleen', swe: 'Nytt lösenord igen' },
  'Password changed': { fin: 'Salasana vaihdettu', swe: 'Lösenordet har bytts' },
  'Default message recipient name': { fin: 'Oletusvastaanottajan nimi viesteissä', swe: 'Standardmottagarens namn i meddelanden' },
  '(none)': { fin: '(ei valittu)', swe: '(ingen)' },
  'Send invitation': { fin: 'Lähetä kutsu', swe: 'Skicka inbjudan' },
  'Invitation sent': { fin: 'Kutsu lähetetty', swe: 'Inbjudan har skickats' },
  '{{name}} (removed)': { fin: '{{name}} (poistettu)', swe: '{{name}} (borttagen)' },
  'Check these fields: {{fields}}': { fin: 'Tarkista kentät: {{fields}}', swe: 'Kontrollera fälten: {{fields}}' },
};

export const usersPlurals: Record<string, PluralEntry> = {
  'At least {{count}} characters': {
    eng: { one: 'At least {{count}} character', other: 'At least {{count}} characters' },
    fin: { one: 'Vähintään {{count}} merkki', other: 'Vähintään {{count}} merkkiä' },
    swe: { one: 'Minst {{count}} tecken', other: 'Minst {{count}} tecken' },
  },
};

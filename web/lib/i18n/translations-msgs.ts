import type { PluralEntry, TextEntry } from './entry.ts';

// Texts of the messenger (/msgs) and the replies list (spec 2 sections 2, 5 and 8). English is
// the key itself; swe2 differs from swe only where given.

export const msgsTexts: Record<string, TextEntry> = {
  Topics: { fin: 'Aiheet', swe: 'Ämnen' },
  Discussion: { fin: 'Keskustelu', swe: 'Diskussion' },
  'New Conversation': { fin: 'Uusi keskustelu', swe: 'Ny konversation' },
  'New conversation': { fin: 'Uusi keskustelu', swe: 'Ny konversation' },
  'Conversations could not be loaded.': { fin: 'Keskusteluja ei voitu ladata.', swe: 'Konversationerna kunde inte laddas.' },
  'No conversations yet. Start one with "New Conversation".': {
    fin: 'Ei vielä keskusteluja. Aloita uusi painikkeella "Uusi keskustelu".',
    swe: 'Inga konversationer ännu. Starta en med "Ny konversation".',
  },
  'Conversation settings': { fin: 'Keskustelun asetukset', swe: 'Konversationens inställningar' },
  'Remove conversation': { fin: 'Poista keskustelu', swe: 'Ta bort konversationen' },
  'Restore conversation': { fin: 'Palauta keskustelu', swe: 'Återställ konversationen' },
  'No title': { fin: 'Ei otsikkoa', swe: 'Ingen rubrik' },
  'Reply to: ': { fin: 'Vastaus: ', swe: 'Svar på: ' },
  'Discussion marked as read': { fin: 'Keskustelu merkitty luetuksi', swe: 'Diskussionen markerad som läst' },
  'New message': { fin: 'Uusi viesti', swe: 'Nytt meddelande' },
  New: { fin: 'Uusi', swe: 'Ny' },
  'Replies are not possible in this conversation.': { fin: 'Tähän keskusteluun ei voi vastata.', swe: 'Det går inte att svara i den här konversationen.' },
  'Message details': { fin: 'Viestin tiedot', swe: 'Meddelandets detaljer', swe2: 'Meddelandets uppgifter' },
  Organization: { fin: 'Organisaatio', swe: 'Organisation' },
  Sent: { fin: 'Lähetetty', swe: 'Skickat' },
  Read: { fin: 'Luettu', swe: 'Läst' },
  Unread: { fin: 'Lukematon', swe: 'Oläst' },
  'Attached file': { fin: 'Liitetiedosto', swe: 'Bifogad fil' },
  'Replies to message:': { fin: 'Vastaukset viestiin:', swe: 'Svar på meddelandet:' },
  Reply: { fin: 'Vastaus', swe: 'Svar' },
  'Write a reply': { fin: 'Kirjoita vastaus', swe: 'Skriv ett svar' },
  'Attach a file': { fin: 'Liitä tiedosto', swe: 'Bifoga en fil' },
  Send: { fin: 'Lähetä', swe: 'Skicka' },
  'Uploading {{name}}': { fin: 'Ladataan {{name}}', swe: 'Laddar upp {{name}}' },
  'File uploaded: ': { fin: 'Tiedosto ladattu: ', swe: 'Fil uppladdad: ' },
  'The file could not be uploaded: {{name}}': { fin: 'Tiedostoa ei voitu ladata: {{name}}', swe: 'Filen kunde inte laddas upp: {{name}}' },
  'The reply could not be sent. Try again.': { fin: 'Vastausta ei voitu lähettää. Yritä uudelleen.', swe: 'Svaret kunde inte skickas. Försök igen.' },
  Title: { fin: 'Otsikko', swe: 'Rubrik' },
  Recipients: { fin: 'Vastaanottajat', swe: 'Mottagare' },
  'Remove {{name}}': { fin: 'Poista {{name}}', swe: 'Ta bort {{name}}' },
  'Add recipient': { fin: 'Lisää vastaanottaja', swe: 'Lägg till mottagare' },
  'The conversation could not be created. Try again.': { fin: 'Keskustelua ei voitu luoda. Yritä uudelleen.', swe: 'Konversationen kunde inte skapas. Försök igen.' },
  Create: { fin: 'Luo', swe: 'Skapa' },
  AudioFile: { fin: 'Äänitiedosto', swe: 'Ljudfil' },
  InlineHTML: { fin: 'Teksti', swe: 'Text' },
  InlineHTMLTrack: { fin: 'Teksti', swe: 'Text' },
};

export const msgsPlurals: Record<string, PluralEntry> = {
  '{{count}} unread replies': {
    eng: { one: '{{count}} unread reply', other: '{{count}} unread replies' },
    fin: { one: '{{count}} lukematon vastaus', other: '{{count}} lukematonta vastausta' },
    swe: { one: '{{count}} oläst svar', other: '{{count}} olästa svar' },
  },
};

import type { TextEntry } from './entry.ts';

// Texts of the messages screens, the games page and the unread pop-ups (spec 2 sections 2 and 4).
// English is the key itself; swe2 differs from swe only where given.

export const messageListTexts: Record<string, TextEntry> = {
  'Received Messages': { fin: 'Saapuneet viestit', swe: 'Mottagna meddelanden' },
  'Sent Messages': { fin: 'Lähetetyt viestit', swe: 'Skickade meddelanden' },
  'Received Greetings': { fin: 'Saapuneet tervehdykset', swe: 'Mottagna hälsningar' },
  'Sent Greetings': { fin: 'Lähetetyt tervehdykset', swe: 'Skickade hälsningar' },
  'Create New Message': { fin: 'Luo uusi viesti', swe: 'Skapa nytt meddelande' },
  'New message': { fin: 'Uusi viesti', swe: 'Nytt meddelande' },
  Recipient: { fin: 'Vastaanottaja', swe: 'Mottagare' },
  'All recipients': { fin: 'Kaikki vastaanottajat', swe: 'Alla mottagare' },
  Sent: { fin: 'Lähetetty', swe: 'Skickat' },
  Delete: { fin: 'Poista', swe: 'Radera', swe2: 'Ta bort' },
  'Deleted messages': { fin: 'Poistetut viestit', swe: 'Raderade meddelanden', swe2: 'Borttagna meddelanden' },
  'No deleted messages': { fin: 'Ei poistettuja viestejä', swe: 'Inga raderade meddelanden', swe2: 'Inga borttagna meddelanden' },
  'No messages': { fin: 'Ei viestejä', swe: 'Inga meddelanden' },
  'Messages could not be loaded.': { fin: 'Viestejä ei voitu ladata.', swe: 'Meddelandena kunde inte laddas.' },
  'No title': { fin: 'Ei otsikkoa', swe: 'Ingen rubrik' },
  'Reply to: {{title}}': { fin: 'Vastaus: {{title}}', swe: 'Svar på: {{title}}' },
  'No games': { fin: 'Ei pelejä', swe: 'Inga spel' },
  'From: {{sender}}': { fin: 'Lähettäjä: {{sender}}', swe: 'Från: {{sender}}' },
  'Mark as read': { fin: 'Merkitse luetuksi', swe: 'Markera som läst' },
};

import type { TextEntry } from './entry.ts';

// Texts of today's messages (spec 2 section 2). English is the key itself; swe2 differs from swe
// only where given.

export const todaysTexts: Record<string, TextEntry> = {
  'Play all': { fin: 'Toista kaikki', swe: 'Spela alla' },
  Reset: { fin: 'Tyhjennä', swe: 'Återställ' },
  Select: { fin: 'Valitse', swe: 'Välj' },
  'Search and Add Content to Favorites': { fin: 'Hae ja lisää sisältöä suosikkeihin', swe: 'Sök och lägg till innehåll i favoriter' },
  'No messages for today': { fin: 'Tälle päivälle ei ole viestejä', swe: 'Inga meddelanden för i dag', swe2: 'Inga meddelanden för idag' },
  'When the care unit recommends something for today, it appears here. Meanwhile you can listen to your favorites or search for content.': {
    fin: 'Kun hoitoyksikkö suosittelee jotakin tälle päivälle, se näkyy tässä. Sillä välin voit kuunnella suosikkejasi tai hakea sisältöä.',
    swe: 'När vårdenheten rekommenderar något för i dag visas det här. Under tiden kan du lyssna på dina favoriter eller söka innehåll.',
    swe2: 'När vårdenheten rekommenderar något för idag visas det här. Under tiden kan du lyssna på dina favoriter eller söka innehåll.',
  },
  "Today's messages could not be loaded.": { fin: 'Päivän viestejä ei voitu ladata.', swe: 'Dagens meddelanden kunde inte laddas.' },
  'Try again': { fin: 'Yritä uudelleen', swe: 'Försök igen' },
  'No items': { fin: 'Ei sisältöä', swe: 'Inget innehåll' },
  'Not available': { fin: 'Ei saatavilla', swe: 'Inte tillgänglig' },
  MediaFile: { fin: 'Mediatiedosto', swe: 'Mediefil' },
  IFrame: { fin: 'Upotettu sivu', swe: 'Inbäddad sida' },
  FavoriteList: { fin: 'Suosikkilista', swe: 'Favoritlista' },
  'Radio of the day: {{name}}': { fin: 'Päivän radio: {{name}}', swe: 'Dagens radio: {{name}}' },
};

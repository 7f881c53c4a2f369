import type { TextEntry } from './entry.ts';

// Texts of the music channels page (spec 1 sections 2 and 4). English is the key itself; swe2
// differs from swe only where given.

export const musicChannelTexts: Record<string, TextEntry> = {
  'Play music channel 1/2h': { fin: 'Soita musiikkikanavaa 1/2 h', swe: 'Spela musikkanalen 1/2 h' },
  'Play music channel 1h': { fin: 'Soita musiikkikanavaa 1 h', swe: 'Spela musikkanalen 1 h' },
  'Play music channel 2h': { fin: 'Soita musiikkikanavaa 2 h', swe: 'Spela musikkanalen 2 h' },
  'Stop music channel': { fin: 'Pysäytä musiikkikanava', swe: 'Stoppa musikkanalen' },
  'Music categories': { fin: 'Musiikkiluokat', swe: 'Musikkategorier' },
  'The music channel has ended.': { fin: 'Musiikkikanava on päättynyt.', swe: 'Musikkanalen har slutat spela.' },
  'No music could be found in the chosen categories.': { fin: 'Valituista luokista ei löytynyt musiikkia.', swe: 'Ingen musik hittades i de valda kategorierna.' },
  'Loading the music categories failed': { fin: 'Musiikkiluokkien lataus epäonnistui', swe: 'Musikkategorierna kunde inte laddas' },
  'Choose one or more music categories, then how long the music plays.': {
    fin: 'Valitse yksi tai useampi musiikkiluokka ja sitten, kuinka kauan musiikki soi.',
    swe: 'Välj en eller flera musikkategorier och sedan hur länge musiken ska spela.',
    swe2: 'Välj en eller flera musikkategorier och sedan hur länge musiken ska spelas.',
  },
};

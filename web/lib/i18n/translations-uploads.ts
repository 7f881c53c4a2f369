import type { TextEntry } from './entry.ts';

// Texts of the upload button (spec 2 sections 2 and 5: the message view's upload and the reply
// box's single-file upload with a progress bar and "File uploaded: "). English is the key itself.

export const uploadTexts: Record<string, TextEntry> = {
  'Upload file': { fin: 'Lataa tiedosto', swe: 'Ladda upp fil' },
  'Uploading...': { fin: 'Ladataan tiedostoa...', swe: 'Laddar upp...' },
  'Upload progress': { fin: 'Latauksen edistyminen', swe: 'Uppladdningens förlopp' },
  'File uploaded: ': { fin: 'Tiedosto ladattu: ', swe: 'Fil uppladdad: ' },
  'Upload failed': { fin: 'Lataus epäonnistui', swe: 'Uppladdningen misslyckades' },
  'The file is too large.': { fin: 'Tiedosto on liian suuri.', swe: 'Filen är för stor.' },
  'This file type is not supported. Pictures, videos, sound files and PDF documents can be uploaded.': {
    fin: 'Tätä tiedostotyyppiä ei tueta. Voit ladata kuvia, videoita, äänitiedostoja ja PDF-asiakirjoja.',
    swe: 'Den här filtypen stöds inte. Du kan ladda upp bilder, videor, ljudfiler och PDF-dokument.',
  },
  'No connection to the server. Try again.': { fin: 'Ei yhteyttä palvelimeen. Yritä uudelleen.', swe: 'Ingen anslutning till servern. Försök igen.' },
};

import type { TextEntry } from './entry.ts';

// Texts of a message's video chat and remote player control (spec 2 section 4; spec wording where
// the spec has it). English is the key itself; swe2 differs from swe only where given.

export const videoChatTexts: Record<string, TextEntry> = {
  'Video chat': { fin: 'Videopuhelu', swe: 'Videosamtal' },
  'Start Video Chat': { fin: 'Aloita videopuhelu', swe: 'Starta videosamtal' },
  'Join Video Chat': { fin: 'Liity videopuheluun', swe: 'Gå med i videosamtalet' },
  'Leave Video Chat': { fin: 'Poistu videopuhelusta', swe: 'Lämna videosamtalet' },
  'Connecting to video chat...': { fin: 'Yhdistetään videopuheluun...', swe: 'Ansluter till videosamtalet...' },
  'Video chat connected': { fin: 'Videopuhelu yhdistetty', swe: 'Videosamtalet är anslutet' },
  'You left the video chat.': { fin: 'Poistuit videopuhelusta.', swe: 'Du lämnade videosamtalet.' },
  'Failed to connect to video chat: {{reason}}': { fin: 'Videopuheluun yhdistäminen epäonnistui: {{reason}}', swe: 'Det gick inte att ansluta till videosamtalet: {{reason}}' },
  'camera and microphone access was refused': { fin: 'kameran ja mikrofonin käyttö estettiin', swe: 'åtkomst till kamera och mikrofon nekades' },
  'Allow the camera and microphone for this site in the browser settings, then try again.': {
    fin: 'Salli kamera ja mikrofoni tälle sivustolle selaimen asetuksista ja yritä uudelleen.',
    swe: 'Tillåt kamera och mikrofon för den här webbplatsen i webbläsarens inställningar och försök igen.',
  },
  'no camera or microphone was found': { fin: 'kameraa tai mikrofonia ei löytynyt', swe: 'ingen kamera eller mikrofon hittades' },
  'Your video': { fin: 'Oma kuvasi', swe: 'Din video' },
  'Video of the other party': { fin: 'Toisen osapuolen kuva', swe: 'Den andra partens video' },
  'Remote control': { fin: 'Etäohjaus', swe: 'Fjärrstyrning' },
  '{{name}} wants to control your player during the video chat.': {
    fin: '{{name}} haluaa ohjata soitintasi videopuhelun aikana.',
    swe: '{{name}} vill styra din spelare under videosamtalet.',
  },
  'Allow Remote Control': { fin: 'Salli etäohjaus', swe: 'Tillåt fjärrstyrning' },
  Ignore: { fin: 'Ohita', swe: 'Ignorera' },
  'Player controlled by message sender:': { fin: 'Viestin lähettäjän ohjaama soitin:', swe: 'Spelare som styrs av meddelandets avsändare:' },
  'Nothing is playing.': { fin: 'Mitään ei soiteta.', swe: 'Ingenting spelas.' },
  Playing: { fin: 'Soi', swe: 'Spelas' },
  Paused: { fin: 'Tauolla', swe: 'Pausad' },
};

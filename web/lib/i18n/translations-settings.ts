import type { TextEntry } from './entry.ts';

// Texts of the settings tab's own settings and the public report links (spec 3 sections 2 and 3;
// issue 17 item 6). English is the key itself.

export const settingsTexts: Record<string, TextEntry> = {
  'Session target per month': { fin: 'Istuntotavoite kuukaudessa', swe: 'Mål för antal sessioner per månad' },
  'Play with one click': { fin: 'Toisto yhdellä painalluksella', swe: 'Spela upp med ett klick' },
  'Public report links': { fin: 'Julkisen raportin linkit', swe: 'Länkar till den offentliga rapporten' },
  "Anyone with the link sees the unit's public report. A new link replaces the old one, which stops working.": {
    fin: 'Linkin saanut näkee yksikön julkisen raportin. Uusi linkki korvaa vanhan, joka lakkaa toimimasta.',
    swe: 'Den som har länken ser enhetens offentliga rapport. En ny länk ersätter den gamla, som slutar fungera.',
  },
  'No link': { fin: 'Ei linkkiä', swe: 'Ingen länk' },
  'Create link': { fin: 'Luo linkki', swe: 'Skapa länk' },
  'New link': { fin: 'Uusi linkki', swe: 'Ny länk' },
  'Remove link': { fin: 'Poista linkki', swe: 'Ta bort länken', swe2: 'Radera länken' },
  'Link created': { fin: 'Linkki luotu', swe: 'Länken har skapats' },
  'Link removed': { fin: 'Linkki poistettu', swe: 'Länken har tagits bort', swe2: 'Länken har raderats' },
  // The topical file (spec 3 section 2).
  'Topical file': { fin: 'Ajankohtainen tiedosto', swe: 'Aktuell fil' },
  'Upload a file for the units you administer, e.g. the programme of the month. The units chosen below see it behind their Info button.': {
    fin: 'Lataa hallinnoimillesi yksiköille tiedosto, esimerkiksi kuukauden ohjelma. Alla valitut yksiköt näkevät sen Info-painikkeen takaa.',
    swe: 'Ladda upp en fil för enheterna du administrerar, till exempel månadens program. Enheterna du väljer nedan ser den bakom sin Info-knapp.',
  },
  'Show to the selected units': { fin: 'Näytä valituille yksiköille', swe: 'Visa för de valda enheterna' },
  'Remove from the selected units': { fin: 'Poista valituilta yksiköiltä', swe: 'Ta bort från de valda enheterna', swe2: 'Radera från de valda enheterna' },
  'Topical file saved': { fin: 'Ajankohtainen tiedosto tallennettu', swe: 'Den aktuella filen har sparats' },
  'Topical file removed': { fin: 'Ajankohtainen tiedosto poistettu', swe: 'Den aktuella filen har tagits bort', swe2: 'Den aktuella filen har raderats' },
};

import type { TextEntry } from './entry.ts';

// Texts of the recipe list and the recipe screen (spec 2 sections 2 and 4). English is the key
// itself; swe2 differs from swe only where given. The content types' names are the reports'.

export const recipeTexts: Record<string, TextEntry> = {
  'Recipes - Sort by insertion time': { fin: 'Lajittele lisäysajan mukaan', swe: 'Sortera efter tidpunkt för tillägg' },
  'Show Current Events': { fin: 'Näytä ajankohtaista', swe: 'Visa aktuellt' },
  'All recipes': { fin: 'Kaikki reseptit', swe: 'Alla recept' },
  'Content types': { fin: 'Sisältötyypit', swe: 'Innehållstyper' },
  Radio: { fin: 'Radio', swe: 'Radio' },
  'Do you want to reset the page?': { fin: 'Haluatko palauttaa sivun alkutilaan?', swe: 'Vill du återställa sidan?' },
  'This recipe is not available.': { fin: 'Tämä resepti ei ole saatavilla.', swe: 'Det här receptet är inte tillgängligt.' },
  'Choose a content type. Click the chosen one again to play it from the start, one item after another.': {
    fin: 'Valitse sisältötyyppi. Napsauta valittua uudelleen, niin sen sisällöt soivat alusta peräkkäin.',
    swe: 'Välj en innehållstyp. Klicka på den valda igen för att spela den från början, den ena efter den andra.',
  },
  'No recipe for today': { fin: 'Tälle päivälle ei ole reseptiä', swe: 'Inget recept för i dag', swe2: 'Inget recept för idag' },
  'When a recipe is planned for today, it appears here. Meanwhile you can choose any recipe from the list.': {
    fin: 'Kun tälle päivälle on suunniteltu resepti, se näkyy tässä. Sillä välin voit valita minkä tahansa reseptin listalta.',
    swe: 'När ett recept är planerat för i dag visas det här. Under tiden kan du välja vilket recept som helst i listan.',
    swe2: 'När ett recept är planerat för idag visas det här. Under tiden kan du välja vilket recept som helst i listan.',
  },
};

// Texts of the favorites and search pages and of the residents and activities tabs (spec 1
// sections 2, 4, 5 and 8; spec 3 section 2). English is the key itself; swe2 differs from swe
// only where given.

export const libraryTexts: Record<string, { fin: string; swe: string; swe2?: string }> = {
  // Favorites
  'My favorites': { fin: 'Omat suosikit', swe: 'Mina favoriter' },
  'Music and Programs': { fin: 'Musiikki ja ohjelmat', swe: 'Musik och program' },
  'Search from all content': { fin: 'Hae kaikesta sisällöstä', swe: 'Sök i allt innehåll' },
  'Search and Add Content to Favorites': { fin: 'Hae ja lisää sisältöä suosikkeihin', swe: 'Sök och lägg till innehåll i favoriter' },
  'You can modify only those favorite lists made by you.': {
    fin: 'Voit muokata vain itse tekemiäsi suosikkilistoja.',
    swe: 'Du kan bara ändra favoritlistor som du själv har gjort.',
  },
  'This favorite list cannot be modified, but you can make a copy and then modify it. Please give a name for the copy.': {
    fin: 'Tätä suosikkilistaa ei voi muokata, mutta voit tehdä siitä kopion ja muokata sitä. Anna kopiolle nimi.',
    swe: 'Den här favoritlistan kan inte ändras, men du kan göra en kopia och sedan ändra den. Ge kopian ett namn.',
  },
  '%s (copy)': { fin: '%s (kopio)', swe: '%s (kopia)' },
  'Do you want to remove the favorite list {{name}}?': {
    fin: 'Haluatko poistaa suosikkilistan {{name}}?',
    swe: 'Vill du ta bort favoritlistan {{name}}?',
  },
  'New favorite list': { fin: 'Uusi suosikkilista', swe: 'Ny favoritlista' },
  'Copy favorite list': { fin: 'Kopioi suosikkilista', swe: 'Kopiera favoritlista' },
  'Rename favorite list': { fin: 'Nimeä suosikkilista uudelleen', swe: 'Byt namn på favoritlista' },
  Tools: { fin: 'Työkalut', swe: 'Verktyg' },
  'New list': { fin: 'Uusi lista', swe: 'Ny lista' },
  'Copy list': { fin: 'Kopioi lista', swe: 'Kopiera lista' },
  'Rename list': { fin: 'Nimeä lista', swe: 'Byt namn på lista' },
  'Remove list': { fin: 'Poista lista', swe: 'Ta bort lista' },
  'No favorites in this list.': { fin: 'Tällä listalla ei ole suosikkeja.', swe: 'Den här listan har inga favoriter.' },
  'Add to favorites': { fin: 'Lisää suosikkeihin', swe: 'Lägg till i favoriter' },
  'Remove from favorites': { fin: 'Poista suosikeista', swe: 'Ta bort från favoriter' },
  'Move up': { fin: 'Siirrä ylös', swe: 'Flytta upp' },
  'Move down': { fin: 'Siirrä alas', swe: 'Flytta ner' },
  Sointu: { fin: 'Sointu', swe: 'Sointu' },
  Pages: { fin: 'Sivut', swe: 'Sidor' },
  'Access denied': { fin: 'Pääsy estetty', swe: 'Åtkomst nekad' },

  // Search
  Programs: { fin: 'Ohjelmat', swe: 'Program' },
  Music: { fin: 'Musiikki', swe: 'Musik' },
  Filters: { fin: 'Rajaukset', swe: 'Filter' },
  Categories: { fin: 'Kategoriat', swe: 'Kategorier' },
  'Clear Selection': { fin: 'Tyhjennä valinta', swe: 'Rensa val' },
  'No results': { fin: 'Ei tuloksia', swe: 'Inga resultat' },
  'Found in recipe': { fin: 'Löytyy reseptistä', swe: 'Finns i receptet' },

  // Residents and activities (spec 3 section 2)
  'Add New Participant': { fin: 'Lisää uusi osallistuja', swe: 'Lägg till ny deltagare' },
  'Edit Participant': { fin: 'Muokkaa osallistujaa', swe: 'Redigera deltagare' },
  Participant: { fin: 'Osallistuja', swe: 'Deltagare' },
  'First name': { fin: 'Etunimi', swe: 'Förnamn' },
  'Last name': { fin: 'Sukunimi', swe: 'Efternamn' },
  Identification: { fin: 'Tunniste', swe: 'Identifiering' },
  'Add New Activity': { fin: 'Lisää uusi aktiviteetti', swe: 'Lägg till ny aktivitet' },
  'Edit Activity': { fin: 'Muokkaa aktiviteettia', swe: 'Redigera aktivitet' },
  Activity: { fin: 'Aktiviteetti', swe: 'Aktivitet' },
  'Show removed': { fin: 'Näytä poistetut', swe: 'Visa borttagna' },
  'No rows': { fin: 'Ei rivejä', swe: 'Inga rader' },
  // A stored row's editor saves as it is typed (spec 1 section 4's delayed put).
  'Changes are saved as you type.': { fin: 'Muutokset tallentuvat sitä mukaa kuin kirjoitat.', swe: 'Ändringarna sparas medan du skriver.' },
  'Saving…': { fin: 'Tallennetaan…', swe: 'Sparar…' },
  Saved: { fin: 'Tallennettu', swe: 'Sparat' },
  'An activity needs a name: the last one given is kept.': {
    fin: 'Aktiviteetilla täytyy olla nimi: viimeksi annettu nimi säilyy.',
    swe: 'En aktivitet måste ha ett namn: det senast angivna namnet behålls.',
  },

  // Shared words
  Name: { fin: 'Nimi', swe: 'Namn' },
  Description: { fin: 'Kuvaus', swe: 'Beskrivning' },
  Actions: { fin: 'Toiminnot', swe: 'Åtgärder' },
  Edit: { fin: 'Muokkaa', swe: 'Redigera' },
  Save: { fin: 'Tallenna', swe: 'Spara' },
  Remove: { fin: 'Poista', swe: 'Ta bort' },
  Restore: { fin: 'Palauta', swe: 'Återställ' },
};

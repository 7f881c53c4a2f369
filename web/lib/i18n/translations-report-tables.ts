import type { PluralEntry, TextEntry } from './entry.ts';

// Texts of the report tables (session list, detailed session table, video views), the pager and
// the operators' rebuild screen, keyed by their English text (spec 3 wording where it has one);
// merged into `texts` and `plurals` in translations.ts. Keys another translations file already
// defines with the same meaning (Pause, Identification, Sessions, Total usage...) are not repeated.

export const reportTableTexts: Record<string, TextEntry> = {
  // Pager and tables
  Pages: { fin: 'Sivut', swe: 'Sidor' },
  'Previous page': { fin: 'Edellinen sivu', swe: 'Föregående sida' },
  'Next page': { fin: 'Seuraava sivu', swe: 'Nästa sida' },
  Sort: { fin: 'Lajittele', swe: 'Sortera' },

  // Session list (spec 3 section 2)
  'Sessions for period {{first}} - {{last}}': { fin: 'Istunnot ajalta {{first}} - {{last}}', swe: 'Sessioner för perioden {{first}} - {{last}}' },
  'Show sessions with resident': { fin: 'Näytä istunnot, joissa asukas', swe: 'Visa sessioner med invånare', swe2: 'Visa sessioner med boende' },
  '(not selected - show all sessions)': { fin: '(ei valittu - näytä kaikki istunnot)', swe: '(inte vald - visa alla sessioner)' },
  'Show short sessions': { fin: 'Näytä lyhyet istunnot', swe: 'Visa korta sessioner' },
  'Breakdown of session usage': { fin: 'Istunnon käytön erittely', swe: 'Fördelning av sessionens användning' },
  'outdoor activity': { fin: 'ulkoilu', swe: 'utomhusaktivitet' },
  'Download Report': { fin: 'Lataa raportti', swe: 'Ladda ner rapport' },
  'Start time': { fin: 'Alkoi', swe: 'Började' },
  'End time': { fin: 'Päättyi', swe: 'Slutade' },
  Duration: { fin: 'Kesto', swe: 'Längd' },
  Participants: { fin: 'Osallistujat', swe: 'Deltagare' },
  'no end': { fin: 'ei päättynyt', swe: 'inget slut' },
  'short session': { fin: 'lyhyt istunto', swe: 'kort session' },
  'No sessions in this period': { fin: 'Ei istuntoja tällä ajanjaksolla', swe: 'Inga sessioner under perioden' },
  'No plays in this session': { fin: 'Ei toistoja tässä istunnossa', swe: 'Inga uppspelningar under sessionen' },
  Program: { fin: 'Ohjelma', swe: 'Program' },
  'Program Type': { fin: 'Ohjelmatyyppi', swe: 'Programtyp' },
  Time: { fin: 'Aika', swe: 'Tid' },
  Length: { fin: 'Pituus', swe: 'Längd' },
  Audio: { fin: 'Ääni', swe: 'Ljud' },
  Image: { fin: 'Kuva', swe: 'Bild' },

  // Detailed session table
  'Detailed sessions for period {{first}} - {{last}}': {
    fin: 'Istuntojen erittely ajalta {{first}} - {{last}}',
    swe: 'Detaljerade sessioner för perioden {{first}} - {{last}}',
  },
  Date: { fin: 'Päivämäärä', swe: 'Datum' },
  'possible length': { fin: 'mahdollinen pituus', swe: 'möjlig längd' },
  Session: { fin: 'Istunto', swe: 'Session' },
  'Session length': { fin: 'Istunnon pituus', swe: 'Sessionens längd' },
  Resident: { fin: 'Asukas', swe: 'Invånare', swe2: 'Boende' },
  Plays: { fin: 'Toistot', swe: 'Uppspelningar' },

  // Video views
  'Video views for period {{first}} - {{last}}': { fin: 'Videoiden katselut ajalta {{first}} - {{last}}', swe: 'Videovisningar för perioden {{first}} - {{last}}' },
  'Play time': { fin: 'Katseluaika', swe: 'Speltid' },
  'Pause time': { fin: 'Tauon pituus', swe: 'Paustid' },
  'Video length': { fin: 'Videon pituus', swe: 'Videons längd' },
  'No video views in this period': { fin: 'Ei videoiden katseluja tällä ajanjaksolla', swe: 'Inga videovisningar under perioden' },

  // Rebuild screen (DOMAIN.md section 5)
  'PUBLIC_URL is not set: invitations, login links and password resets are not mailed until the server has it.': {
    fin: 'PUBLIC_URL puuttuu: kutsuja, kirjautumislinkkejä ja salasanan palautuksia ei lähetetä sähköpostilla ennen kuin palvelin saa sen.',
    swe: 'PUBLIC_URL saknas: inbjudningar, inloggningslänkar och lösenordsåterställningar skickas inte per e-post förrän servern har den.',
  },
  'Report rebuild': { fin: 'Raporttien uudelleenlaskenta', swe: 'Omräkning av rapporter' },
  'New usage rules build a new version of the reports beside the current one. Switch when it has caught up; the old version keeps serving until then.': {
    fin: 'Uudet käyttösäännöt laskevat raporteista uuden version nykyisen rinnalle. Vaihda, kun se on valmis; vanha versio on käytössä siihen asti.',
    swe: 'Nya användningsregler räknar fram en ny version av rapporterna bredvid den nuvarande. Byt när den är klar; den gamla versionen används tills dess.',
  },
  'Serving version {{version}}': { fin: 'Käytössä versio {{version}}', swe: 'Version {{version}} används' },
  'Short session threshold {{seconds}} s, longest pause {{pause}} s': {
    fin: 'Lyhyen istunnon raja {{seconds}} s, pisin tauko {{pause}} s',
    swe: 'Gräns för kort session {{seconds}} s, längsta paus {{pause}} s',
  },
  'Usage rules': { fin: 'Käyttösäännöt', swe: 'Användningsregler' },
  'Short session threshold (seconds)': { fin: 'Lyhyen istunnon raja (sekuntia)', swe: 'Gräns för kort session (sekunder)' },
  'Longest pause inside a play or session (seconds)': {
    fin: 'Pisin tauko toiston tai istunnon sisällä (sekuntia)',
    swe: 'Längsta paus inom en uppspelning eller session (sekunder)',
  },
  'Play sources counted as guided usage': { fin: 'Ohjatuksi käytöksi lasketut toistolähteet', swe: 'Uppspelningskällor som räknas som guidad användning' },
  'Content types merged in the guided usage breakdown (one per line: from = to)': {
    fin: 'Ohjatun käytön erittelyssä yhdistettävät sisältötyypit (yksi riville: mistä = mihin)',
    swe: 'Innehållstyper som slås ihop i fördelningen av guidad användning (en per rad: från = till)',
  },
  'Check the marked fields.': { fin: 'Tarkista merkityt kentät.', swe: 'Kontrollera de markerade fälten.' },
  'Start rebuild': { fin: 'Aloita uudelleenlaskenta', swe: 'Starta omräkning' },
  'No rebuild is running.': { fin: 'Uudelleenlaskenta ei ole käynnissä.', swe: 'Ingen omräkning pågår.' },
  'Version {{version}}': { fin: 'Versio {{version}}', swe: 'Version {{version}}' },
  'Building...': { fin: 'Lasketaan...', swe: 'Räknar...' },
  'Reading the event log': { fin: 'Luetaan tapahtumaloki', swe: 'Händelseloggen läses' },
  'Deriving plays and sessions': { fin: 'Muodostetaan toistot ja istunnot', swe: 'Uppspelningar och sessioner härleds' },
  Users: { fin: 'Käyttäjät', swe: 'Användare' },
  'Replay the whole event log (slower: needed only after a change in how raw rows are written)': {
    fin: 'Käy läpi koko tapahtumaloki (hitaampi: tarpeen vain, jos raakarivien kirjoitustapa on muuttunut)',
    swe: 'Gå igenom hela händelseloggen (långsammare: behövs bara om sättet att skriva råraderna har ändrats)',
  },
  'Caught up: ready to switch': { fin: 'Valmis: voidaan vaihtaa', swe: 'Klar: kan bytas' },
  'Rebuild progress': { fin: 'Uudelleenlaskennan eteneminen', swe: 'Omräkningens förlopp' },
  Events: { fin: 'Tapahtumat', swe: 'Händelser' },
  'Events per second': { fin: 'Tapahtumaa sekunnissa', swe: 'Händelser per sekund' },
  'Time left': { fin: 'Aikaa jäljellä', swe: 'Återstående tid' },
  'not known yet': { fin: 'ei vielä tiedossa', swe: 'inte känd ännu' },
  'Switch to the new version': { fin: 'Vaihda uuteen versioon', swe: 'Byt till den nya versionen' },
  'Drop old versions': { fin: 'Poista vanhat versiot', swe: 'Ta bort gamla versioner' },
  'Read models': { fin: 'Lukumallit', swe: 'Läsmodeller' },
  'Read model': { fin: 'Lukumalli', swe: 'Läsmodell' },
  'A read model is rebuilt from the whole event log beside the serving version; switch when it has caught up.': {
    fin: 'Lukumalli lasketaan uudelleen koko tapahtumalokista käytössä olevan version rinnalle; vaihda, kun se on valmis.',
    swe: 'En läsmodell räknas om från hela händelseloggen bredvid versionen som används; byt när den är klar.',
  },
  'Serving version': { fin: 'Käytössä oleva versio', swe: 'Version som används' },
  Rebuild: { fin: 'Laske uudelleen', swe: 'Räkna om' },
  Switch: { fin: 'Vaihda', swe: 'Byt' },
  '{{done}} of {{total}} events': { fin: '{{done}} / {{total}} tapahtumaa', swe: '{{done}} av {{total}} händelser' },
  'Nothing to drop.': { fin: 'Ei poistettavaa.', swe: 'Inget att ta bort.' },
  'Dropped versions: {{versions}}': { fin: 'Poistetut versiot: {{versions}}', swe: 'Borttagna versioner: {{versions}}' },
  'Headline figures {{first}} - {{last}}': { fin: 'Päätunnusluvut {{first}} - {{last}}', swe: 'Nyckeltal {{first}} - {{last}}' },
  serving: { fin: 'käytössä', swe: 'används' },
  new: { fin: 'uusi', swe: 'ny' },
  Difference: { fin: 'Erotus', swe: 'Skillnad' },
  'The figures of the new version grow until it has caught up.': {
    fin: 'Uuden version luvut kasvavat, kunnes se on valmis.',
    swe: 'Den nya versionens siffror växer tills den är klar.',
  },
  'Only one version is live: start a rebuild to compare.': {
    fin: 'Vain yksi versio on käytössä: aloita uudelleenlaskenta vertailua varten.',
    swe: 'Endast en version finns: starta en omräkning för att jämföra.',
  },
  'Loading the rebuild status failed': { fin: 'Uudelleenlaskennan tilan lataus epäonnistui', swe: 'Omräkningens status kunde inte laddas' },
  'The rebuild did not start': { fin: 'Uudelleenlaskenta ei käynnistynyt', swe: 'Omräkningen startade inte' },
  'The switch failed': { fin: 'Vaihto epäonnistui', swe: 'Bytet misslyckades' },
  'Dropping old versions failed': { fin: 'Vanhojen versioiden poisto epäonnistui', swe: 'Gamla versioner kunde inte tas bort' },
  // Projections panel of the rebuild screen (docs/operations.md: a projection stuck on one event)
  Projections: { fin: 'Projektiot', swe: 'Projektioner' },
  Projection: { fin: 'Projektio', swe: 'Projektion' },
  Version: { fin: 'Versio', swe: 'Version' },
  State: { fin: 'Tila', swe: 'Tillstånd' },
  'Behind by': { fin: 'Jäljessä', swe: 'Efter med' },
  Parked: { fin: 'Sivuun siirretyt', swe: 'Parkerade' },
  live: { fin: 'ajan tasalla', swe: 'aktuell' },
  'catching-up': { fin: 'kirii kiinni', swe: 'kommer ikapp' },
  failing: { fin: 'virhe', swe: 'fel' },
  stopped: { fin: 'pysähtynyt', swe: 'stoppad' },
  'Fails on event {{id}}': { fin: 'Pysähtyy tapahtumaan {{id}}', swe: 'Stannar vid händelsen {{id}}' },
  'Retry now': { fin: 'Yritä nyt uudelleen', swe: 'Försök igen nu' },
  'Park the event': { fin: 'Siirrä tapahtuma sivuun', swe: 'Parkera händelsen' },
  'Park event {{id}}? Version {{version}} of {{name}} will skip it for good; a new version projects it again.': {
    fin: 'Siirretäänkö tapahtuma {{id}} sivuun? Projektion {{name}} versio {{version}} ohittaa sen pysyvästi; uusi versio käsittelee sen taas.',
    swe: 'Parkera händelsen {{id}}? Version {{version}} av {{name}} hoppar över den för gott; en ny version behandlar den igen.',
  },
  'Every projection is up to date.': { fin: 'Kaikki projektiot ovat ajan tasalla.', swe: 'Alla projektioner är aktuella.' },
  'Loading the projections failed': { fin: 'Projektioiden lataus epäonnistui', swe: 'Projektionerna kunde inte laddas' },
  'The retry failed': { fin: 'Uudelleenyritys epäonnistui', swe: 'Det nya försöket misslyckades' },
  'Parking the event failed': { fin: 'Tapahtuman siirto sivuun epäonnistui', swe: 'Händelsen kunde inte parkeras' },
  // Projections fed from Kafka (KAFKA_BROKERS)
  'Kafka group {{group}}': { fin: 'Kafka-ryhmä {{group}}', swe: 'Kafka-grupp {{group}}' },
  'The relay has published the log up to {{position}}': { fin: 'Välittäjä on julkaissut lokin kohtaan {{position}} asti', swe: 'Förmedlaren har publicerat loggen fram till {{position}}' },
  'The relay has published nothing yet': { fin: 'Välittäjä ei ole vielä julkaissut mitään', swe: 'Förmedlaren har inte publicerat något än' },
  'Partition {{partition}}: lag unknown (Kafka did not answer)': { fin: 'Osio {{partition}}: viive tuntematon (Kafka ei vastannut)', swe: 'Partition {{partition}}: eftersläpning okänd (Kafka svarade inte)' },
};

export const reportTablePlurals: Record<string, PluralEntry> = {
  '{{count}} events': {
    eng: { one: '{{count}} event', other: '{{count}} events' },
    fin: { one: '{{count}} tapahtuma', other: '{{count}} tapahtumaa' },
    swe: { one: '{{count}} händelse', other: '{{count}} händelser' },
  },
  'Partition {{partition}}: {{count}} messages behind': {
    eng: { one: 'Partition {{partition}}: {{count}} message behind', other: 'Partition {{partition}}: {{count}} messages behind' },
    fin: { one: 'Osio {{partition}}: {{count}} viesti jäljessä', other: 'Osio {{partition}}: {{count}} viestiä jäljessä' },
    swe: { one: 'Partition {{partition}}: {{count}} meddelande efter', other: 'Partition {{partition}}: {{count}} meddelanden efter' },
  },
  '{{count}} participants': {
    eng: { one: '{{count}} participant', other: '{{count}} participants' },
    fin: { one: '{{count}} osallistuja', other: '{{count}} osallistujaa' },
    swe: { one: '{{count}} deltagare', other: '{{count}} deltagare' },
  },
};

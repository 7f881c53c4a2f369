import type { UsageType } from '../../../schemas/api/usage-report.ts';
import type { PluralEntry, TextEntry } from './entry.ts';

// Texts of the usage reports, the public report and the participation report (spec 3), keyed by
// their English text; merged into `texts` and `plurals` in translations.ts.

const usageTypeKeys: Record<UsageType, string> = {
  GuidedUsage: 'Guided usage',
  ContinuousMusic: 'Music listening',
  ContinuousPrograms: 'Program listening',
  OtherUsage: 'Other usage',
};

export function usageTypeKey(type: UsageType): string {
  return usageTypeKeys[type];
}

// Content types of spec 3 section 9 ('Sing Along' and Video are merged away before display).
const contentTypeKeys: Record<string, string> = {
  Game: 'Game',
  Music: 'Music',
  SingAlong: 'Sing-along',
  'Sing Along': 'Sing-along',
  Exercise: 'Exercise',
  Theme: 'Theme',
  AudioBook: 'Audiobook',
  Spiritual: 'Spiritual',
  News: 'News',
  Story: 'Story',
  BodyAndMind: 'Body and mind',
  Video: 'Video',
  Unknown: 'Unknown',
  Other: 'Other',
};

/** The text key of a content type; a type the spec does not list shows as it is. */
export function contentTypeKey(type: string): string {
  return contentTypeKeys[type] ?? type;
}

export const reportTexts: Record<string, TextEntry> = {
  // Usage report screen
  'Usage Report for period {{first}} - {{last}}': {
    fin: 'Käyttöraportti ajalle {{first}} - {{last}}',
    swe: 'Användningsrapport för perioden {{first}} - {{last}}',
  },
  'The report gives a breakdown of usage.': {
    fin: 'Raportti näyttää käytön jakautumisen.',
    swe: 'Rapporten visar hur användningen fördelar sig.',
  },
  // The spec gives this footer only as the text 'Detailed Usage Report Footer'.
  'Detailed Usage Report Footer': { fin: 'Yksityiskohtaisen käyttöraportin alatunniste', swe: 'Sidfot för den detaljerade användningsrapporten' },
  'Report for User': { fin: 'Raportti käyttäjälle', swe: 'Rapport för användare' },
  'First Day': { fin: 'Ensimmäinen päivä', swe: 'Första dagen' },
  'Last Day': { fin: 'Viimeinen päivä', swe: 'Sista dagen' },
  'Previous month': { fin: 'Edellinen kuukausi', swe: 'Föregående månad' },
  'Next month': { fin: 'Seuraava kuukausi', swe: 'Nästa månad' },
  'Session target for the month': { fin: 'Kuukauden istuntotavoite', swe: 'Månadens mål för sessioner' },
  'Category targets': { fin: 'Kategorioiden tavoitteet', swe: 'Mål för kategorier' },
  Category: { fin: 'Kategoria', swe: 'Kategori' },
  Target: { fin: 'Tavoite', swe: 'Mål' },
  'Targets are set for the current month only.': {
    fin: 'Tavoitteet asetetaan vain kuluvalle kuukaudelle.',
    swe: 'Mål sätts bara för innevarande månad.',
  },
  'Number of sessions': { fin: 'Istuntojen määrä', swe: 'Antal sessioner' },
  'Sessions with participants': { fin: 'Istunnot, joissa osallistujia', swe: 'Sessioner med deltagare' },
  'Days with usage': { fin: 'Käyttöpäivät', swe: 'Dagar med användning' },
  'Average usage per day': { fin: 'Keskimääräinen käyttö päivässä', swe: 'Genomsnittlig användning per dag' },
  'Average usage per used day': {
    fin: 'Keskimääräinen käyttö käyttöpäivää kohden',
    swe: 'Genomsnittlig användning per använd dag',
  },
  'Total usage': { fin: 'Käyttö yhteensä', swe: 'Total användning' },
  Sessions: { fin: 'Istunnot', swe: 'Sessioner' },
  'Overall usage': { fin: 'Käyttö kokonaisuudessaan', swe: 'Total användning per typ' },
  'Breakdown of guided usage': { fin: 'Ohjatun käytön jakautuminen', swe: 'Fördelning av ledd användning' },
  'No usage in this period.': { fin: 'Ei käyttöä tällä ajanjaksolla.', swe: 'Ingen användning under perioden.' },
  'No guided usage in this period.': {
    fin: 'Ei ohjattua käyttöä tällä ajanjaksolla.',
    swe: 'Ingen ledd användning under perioden.',
  },
  'No data for this period.': { fin: 'Ei tietoja tältä ajanjaksolta.', swe: 'Inga uppgifter för perioden.' },
  'The period can be at most a year.': { fin: 'Ajanjakso voi olla enintään vuoden.', swe: 'Perioden kan vara högst ett år.' },
  'Choose a first day that is not after the last day.': {
    fin: 'Valitse ensimmäinen päivä, joka ei ole viimeisen päivän jälkeen.',
    swe: 'Välj en första dag som inte är efter den sista dagen.',
  },
  'Guided usage': { fin: 'Ohjattu käyttö', swe: 'Ledd användning' },
  'Music listening': { fin: 'Musiikin kuuntelu', swe: 'Musiklyssning' },
  'Program listening': { fin: 'Ohjelmien kuuntelu', swe: 'Programlyssning' },
  'Other usage': { fin: 'Muu käyttö', swe: 'Övrig användning' },

  // Content types
  Game: { fin: 'Peli', swe: 'Spel' },
  'Sing-along': { fin: 'Yhteislaulu', swe: 'Allsång' },
  Exercise: { fin: 'Liikunta', swe: 'Motion' },
  Theme: { fin: 'Teema', swe: 'Tema' },
  Audiobook: { fin: 'Äänikirja', swe: 'Ljudbok' },
  Spiritual: { fin: 'Hengellinen', swe: 'Andligt' },
  News: { fin: 'Uutiset', swe: 'Nyheter' },
  Story: { fin: 'Tarina', swe: 'Berättelse' },
  'Body and mind': { fin: 'Keho ja mieli', swe: 'Kropp och själ' },
  Video: { fin: 'Video', swe: 'Video' },
  Unknown: { fin: 'Tuntematon', swe: 'Okänd' },
  Other: { fin: 'Muut', swe: 'Övrigt' },

  // Administrators' sections
  Expand: { fin: 'Avaa', swe: 'Visa' },
  Hide: { fin: 'Piilota', swe: 'Dölj' },
  'Individual users': { fin: 'Yksittäiset käyttäjät', swe: 'Enskilda användare' },
  'Detailed sessions': { fin: 'Istunnot tarkemmin', swe: 'Detaljerade sessioner' },
  'Detailed videos': { fin: 'Videot tarkemmin', swe: 'Detaljerade videor' },
  Ratings: { fin: 'Arviot', swe: 'Betyg' },
  'Guided usage of all users': { fin: 'Kaikkien käyttäjien ohjattu käyttö', swe: 'Alla användares ledda användning' },
  'Message clicks': { fin: 'Viestien avaukset', swe: 'Klick på meddelanden' },
  'Messages for report': { fin: 'Raportin viestit', swe: 'Meddelanden för rapporten' },
  User: { fin: 'Käyttäjä', swe: 'Användare' },
  Month: { fin: 'Kuukausi', swe: 'Månad' },
  'Audio files': { fin: 'Äänitteet', swe: 'Ljudfiler' },
  'Message items': { fin: 'Viestien sisällöt', swe: 'Meddelandeinnehåll' },
  Likes: { fin: 'Tykkäykset', swe: 'Gillanden' },
  'Neutral ratings': { fin: 'Neutraalit arviot', swe: 'Neutrala betyg' },
  Dislikes: { fin: 'Ei-tykkäykset', swe: 'Ogillanden' },
  'Content type': { fin: 'Sisältötyyppi', swe: 'Innehållstyp' },
  Clicks: { fin: 'Avaukset', swe: 'Klick' },

  // Messages for report: the sender and the items shown by their type
  Sender: { fin: 'Lähettäjä', swe: 'Avsändare' },
  'Audio file': { fin: 'Äänite', swe: 'Ljudfil' },
  Link: { fin: 'Linkki', swe: 'Länk' },
  'Embedded web page': { fin: 'Upotettu verkkosivu', swe: 'Inbäddad webbsida' },
  'Media file': { fin: 'Mediatiedosto', swe: 'Mediefil' },
  Question: { fin: 'Kysymys', swe: 'Fråga' },

  // Public report
  'This report shows how the service has been used in the unit.': {
    fin: 'Raportti näyttää, miten palvelua on käytetty yksikössä.',
    swe: 'Rapporten visar hur tjänsten har använts på enheten.',
  },
  Unit: { fin: 'Yksikkö', swe: 'Enhet' },
  'Amount of Sessions': { fin: 'Istuntojen määrä', swe: 'Antal sessioner' },
  'Length of Sessions': { fin: 'Istuntojen kesto', swe: 'Sessionernas längd' },
  'Sessions by content type': { fin: 'Istunnot sisältötyypeittäin', swe: 'Sessioner per innehållstyp' },

  // Participation report
  'Participation Report': { fin: 'Osallistumisraportti', swe: 'Deltagarrapport' },
  'No resident is linked to this account.': {
    fin: 'Tähän tiliin ei ole liitetty asukasta.',
    swe: 'Ingen boende är kopplad till detta konto.',
    swe2: 'Ingen invånare är kopplad till detta konto.',
  },
  'No sessions in this period.': { fin: 'Ei istuntoja tällä ajanjaksolla.', swe: 'Inga sessioner under perioden.' },
};

export const reportPlurals: Record<string, PluralEntry> = {
  '{{count}} days in the period': {
    eng: { one: '{{count}} day in the period', other: '{{count}} days in the period' },
    fin: { one: '{{count}} päivä ajanjaksolla', other: '{{count}} päivää ajanjaksolla' },
    swe: { one: '{{count}} dag under perioden', other: '{{count}} dagar under perioden' },
  },
  'The report covers the last {{count}} days': {
    eng: { one: 'The report covers the last day', other: 'The report covers the last {{count}} days' },
    fin: { one: 'Raportti kattaa viimeisen päivän', other: 'Raportti kattaa viimeiset {{count}} päivää' },
    swe: { one: 'Rapporten omfattar den senaste dagen', other: 'Rapporten omfattar de senaste {{count}} dagarna' },
  },
  'Sessions of the last {{count}} days': {
    eng: { one: 'Sessions of the last day', other: 'Sessions of the last {{count}} days' },
    fin: { one: 'Viimeisen päivän istunnot', other: 'Viimeisten {{count}} päivän istunnot' },
    swe: { one: 'Sessioner den senaste dagen', other: 'Sessioner de senaste {{count}} dagarna' },
  },
};

import type { Language } from '../../schemas/api/user.ts';
import type { Mail } from './mailer.ts';

// The mails of issue 17 in the recipient's language (fin, eng, swe; swe2 reads the Swedish ones).
// Plain text: a link and a code survive every mail client.

type MailLanguage = 'fin' | 'eng' | 'swe';
const mailLanguage = (language: Language): MailLanguage => (language === 'swe2' ? 'swe' : language === 'eng' || language === 'swe' ? language : 'fin');

const dateIn = (language: MailLanguage, at: Date, timeZone: string): string =>
  at.toLocaleString({ fin: 'fi-FI', eng: 'en-GB', swe: 'sv-SE' }[language], { timeZone, dateStyle: 'long', timeStyle: 'short' });

export interface LinkMail {
  to: string;
  language: Language;
  /** Whom the mail greets: the user's first name, else their name. */
  name: string;
  link: string;
  expires: Date;
  timeZone: string;
}

export function invitationMail(mail: LinkMail & { inviter: string }): Mail {
  const language = mailLanguage(mail.language);
  const expires = dateIn(language, mail.expires, mail.timeZone);
  const text = {
    fin: `Hei ${mail.name},\n\n${mail.inviter} kutsui sinut Sointuun. Avaa tili tästä linkistä ja valitse itsellesi salasana:\n\n${mail.link}\n\nLinkki toimii kerran ja vanhenee ${expires}.\n`,
    eng: `Hello ${mail.name},\n\n${mail.inviter} invited you to Sointu. Open your account with this link and choose a password:\n\n${mail.link}\n\nThe link works once and expires on ${expires}.\n`,
    swe: `Hej ${mail.name},\n\n${mail.inviter} har bjudit in dig till Sointu. Öppna ditt konto med den här länken och välj ett lösenord:\n\n${mail.link}\n\nLänken fungerar en gång och går ut ${expires}.\n`,
  }[language];
  const subject = { fin: 'Kutsu Sointuun', eng: 'Invitation to Sointu', swe: 'Inbjudan till Sointu' }[language];
  return { to: mail.to, subject, text };
}

export function loginLinkMail(mail: LinkMail): Mail {
  const language = mailLanguage(mail.language);
  const expires = dateIn(language, mail.expires, mail.timeZone);
  const text = {
    fin: `Hei ${mail.name},\n\nkirjaudu Sointuun tästä linkistä:\n\n${mail.link}\n\nLinkki toimii kerran ja vanhenee ${expires}.\n`,
    eng: `Hello ${mail.name},\n\nlog in to Sointu with this link:\n\n${mail.link}\n\nThe link works once and expires on ${expires}.\n`,
    swe: `Hej ${mail.name},\n\nlogga in på Sointu med den här länken:\n\n${mail.link}\n\nLänken fungerar en gång och går ut ${expires}.\n`,
  }[language];
  const subject = { fin: 'Kirjautumislinkki Sointuun', eng: 'Your Sointu login link', swe: 'Din inloggningslänk till Sointu' }[language];
  return { to: mail.to, subject, text };
}

export function passwordResetMail(mail: LinkMail & { code: string }): Mail {
  const language = mailLanguage(mail.language);
  const expires = dateIn(language, mail.expires, mail.timeZone);
  const text = {
    fin: `Hei ${mail.name},\n\nsalasanasi vaihtokoodi on\n\n    ${mail.code}\n\nKirjoita se kirjautumissivulle tai avaa linkki:\n\n${mail.link}\n\nKoodi vanhenee ${expires}. Jos et pyytänyt uutta salasanaa, voit jättää tämän viestin huomiotta.\n`,
    eng: `Hello ${mail.name},\n\nyour password reset code is\n\n    ${mail.code}\n\nType it on the login page or open the link:\n\n${mail.link}\n\nThe code expires on ${expires}. If you did not ask for a new password, you can ignore this mail.\n`,
    swe: `Hej ${mail.name},\n\ndin kod för att återställa lösenordet är\n\n    ${mail.code}\n\nSkriv in den på inloggningssidan eller öppna länken:\n\n${mail.link}\n\nKoden går ut ${expires}. Om du inte bad om ett nytt lösenord kan du bortse från det här meddelandet.\n`,
  }[language];
  const subject = { fin: 'Salasanan vaihtokoodi', eng: 'Password reset code', swe: 'Kod för nytt lösenord' }[language];
  return { to: mail.to, subject, text };
}

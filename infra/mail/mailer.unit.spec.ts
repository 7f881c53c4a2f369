import { mkdtempSync, readdirSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { createMailer, decodeHeader, mailBody, outboxDir, parseHeaders } from './mailer.ts';
import { invitationMail, loginLinkMail, passwordResetMail } from './templates.ts';
import { hashOneTimeSecret, newPasswordResetCode, normalizeResetCode } from '../auth/one-time-codes.ts';

const dirs: string[] = [];
const dataDir = () => {
  const dir = mkdtempSync(path.join(tmpdir(), 'sointu-mail-'));
  dirs.push(dir);
  return dir;
};
afterEach(() => {
  for (const dir of dirs.splice(0)) rmSync(dir, { recursive: true, force: true });
});

const link = { to: 'a@example.com', name: 'Åke', link: 'https://sointu.test/?token=abc', expires: new Date('2026-11-27T10:00:00Z'), timeZone: 'Europe/Helsinki' };

describe('the outbox mailer', () => {
  it('should write each mail as an .eml file that lists and reads back, non-ASCII intact', async () => {
    const dir = dataDir();
    const mailer = createMailer({ dataDir: dir, from: 'Sointu <no-reply@sointu.test>' });
    expect(mailer.kind).toBe('outbox');
    expect(await mailer.list()).toEqual([]);
    await mailer.send(invitationMail({ ...link, language: 'swe', inviter: 'Anneli Järvinen' }));
    await mailer.send(loginLinkMail({ ...link, language: 'fin' }));
    const files = readdirSync(outboxDir(dir));
    expect(files).toHaveLength(2);
    const listed = await mailer.list();
    expect(listed.map((m) => m.subject)).toEqual(['Kirjautumislinkki Sointuun', 'Inbjudan till Sointu']);
    const invitation = readFileSync(path.join(outboxDir(dir), listed[1]!.file), 'utf8');
    expect(parseHeaders(invitation).get('to')).toBe('a@example.com');
    expect(mailBody(invitation)).toContain('Anneli Järvinen har bjudit in dig till Sointu');
    expect(mailBody(invitation)).toContain('https://sointu.test/?token=abc');
  });

  it('should decode encoded header words', () => {
    expect(decodeHeader('=?UTF-8?Q?Din_inloggningsl=C3=A4nk?=')).toBe('Din inloggningslänk');
    expect(decodeHeader('=?UTF-8?B?S3V0c3Ugw6RpdGk=?=')).toBe('Kutsu äiti');
  });
});

describe('the mail templates', () => {
  it.each([
    ['fin', 'Salasanan vaihtokoodi', 'salasanasi vaihtokoodi on'],
    ['eng', 'Password reset code', 'your password reset code is'],
    ['swe', 'Kod för nytt lösenord', 'din kod för att återställa lösenordet är'],
    ['swe2', 'Kod för nytt lösenord', 'din kod för att återställa lösenordet är'],
  ] as const)('should write the reset mail in %s', (language, subject, text) => {
    const mail = passwordResetMail({ ...link, language, code: 'ABCDEFGHJKMN' });
    expect(mail.subject).toBe(subject);
    expect(mail.text).toContain(text);
    expect(mail.text).toContain('    ABCDEFGHJKMN\n');
  });
});

describe('one-time codes', () => {
  it('should make reset codes of 12 unambiguous characters, compared without case or spaces', () => {
    const code = newPasswordResetCode();
    expect(code).toMatch(/^[A-HJKMNP-Z2-9]{12}$/);
    expect(hashOneTimeSecret(normalizeResetCode(` ${code.slice(0, 6).toLowerCase()} ${code.slice(6)} `))).toBe(hashOneTimeSecret(code));
  });
});

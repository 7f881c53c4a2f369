import { mkdtempSync, readdirSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createMailer, decodeHeader, mailBody, parseHeaders } from '../../infra/mail/mailer.ts';
import { loadConfig } from '../../infra/config.ts';
import { buildTestApp, type TestApp } from '../support/build-test-app.ts';
import { startSmtpCatcher, type SmtpCatcher } from '../support/smtp-catcher.ts';

// Issue 17 deliverable 4, configured: with SMTP_URL the mails go to the SMTP server through
// nodemailer, here a catcher the test starts on loopback, and nothing is written to the outbox.

describe('mail through SMTP (SMTP_URL)', () => {
  let catcher: SmtpCatcher;
  let t: TestApp;
  let dataDir: string;

  beforeAll(async () => {
    catcher = await startSmtpCatcher();
    dataDir = mkdtempSync(path.join(tmpdir(), 'sointu-smtp-'));
    const config = loadConfig({ SMTP_URL: catcher.url, DATA_DIR: dataDir, MAIL_FROM: 'Kotikallio <sointu@kotikallio.test>', COOKIE_SECRET: 'x'.repeat(32), JWT_SECRET: 'y'.repeat(48) });
    const mailer = createMailer({ smtpUrl: config.smtpUrl, dataDir: config.dataDir, from: config.mailFrom });
    expect(mailer.kind).toBe('smtp');
    t = await buildTestApp({ mailer, config: { publicUrl: 'https://sointu.kotikallio.test' } });
  });
  afterAll(async () => {
    await t?.close();
    await catcher?.close();
    rmSync(dataDir, { recursive: true, force: true });
  });

  it('should deliver the invitation in the relative\'s language with a working login link', async () => {
    const admin = await t.createUser({ config: { canInviteUsers: true } });
    const [{ id: residentId } = { id: 0 }] = await t.sql.query<{ id: number }>("INSERT INTO residents (first_name, last_name, user_id) VALUES ('Aino', 'Virtanen', $1) RETURNING id", [admin.id]);
    const { cookie } = await t.login(admin);
    const answer = await t.app.inject({
      method: 'POST',
      url: '/api/requests/invite-user',
      headers: { cookie },
      payload: { firstName: 'Åsa', lastName: 'Ek', email: 'asa.ek@example.se', defaultMessageRecipientName: 'Avdelning 2', residentId, language: 'swe' },
    });
    expect(answer.statusCode, answer.body).toBe(200);
    expect(catcher.mails).toHaveLength(1);
    const [mail] = catcher.mails;
    expect(mail).toMatchObject({ from: 'sointu@kotikallio.test', to: ['asa.ek@example.se'] });
    expect(decodeHeader(parseHeaders(mail!.data).get('subject')!)).toBe('Inbjudan till Sointu');
    const body = mailBody(mail!.data);
    expect(body).toContain('Hej Åsa');
    const link = new URL(/https:\/\/\S+/.exec(body)![0]);
    expect(link.origin).toBe('https://sointu.kotikallio.test');
    const login = await t.app.inject({ method: 'POST', url: '/api/token-login', payload: { token: link.searchParams.get('token') } });
    expect(login.statusCode).toBe(200);
    expect(login.json().needsPassword).toBe(true);
    expect(readdirSync(dataDir)).not.toContain('outbox');
  });

  it('should mail a reset code through SMTP', async () => {
    await t.createUser({ email: 'reset@example.fi' });
    const before = catcher.mails.length;
    const answer = await t.app.inject({ method: 'POST', url: '/api/requests/send-password-reset-email', payload: { userNameOrEmail: 'reset@example.fi' } });
    expect(answer.statusCode).toBe(200);
    expect(catcher.mails).toHaveLength(before + 1);
    expect(catcher.mails.at(-1)!.to).toEqual(['reset@example.fi']);
    expect(mailBody(catcher.mails.at(-1)!.data)).toMatch(/salasanasi vaihtokoodi on\n\n {4}[A-Z0-9]{12}/);
  });
});

import { mkdtempSync, readdirSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createMailer, decodeHeader, mailBody, parseHeaders, smtpMailer, type Mailer } from '../../infra/mail/mailer.ts';
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
    await t.app.mailQueue.settled();
    expect(catcher.mails).toHaveLength(before + 1);
    expect(catcher.mails.at(-1)!.to).toEqual(['reset@example.fi']);
    expect(mailBody(catcher.mails.at(-1)!.data)).toMatch(/salasanasi vaihtokoodi on\n\n {4}[A-Z0-9]{12}/);
  });
});

// A mail server that is down is neither bad input nor a bug: 503 ServiceUnavailable, and the
// invitation's transaction rolls back, so no user, admin link, recipient, audit row or login token
// is left behind and the same invitation succeeds once the server is back.
describe('invite-user with the SMTP server down', () => {
  let t: TestApp;
  let catcher: SmtpCatcher;
  let smtpUrl: string;

  beforeAll(async () => {
    // A catcher started and stopped: its loopback port now refuses connections.
    const stopped = await startSmtpCatcher();
    await stopped.close();
    smtpUrl = stopped.url;
    catcher = await startSmtpCatcher();
    // The mailer reads the URL at each send, so the retry after the outage is the same request to the same app.
    const mailer: Mailer = { kind: 'smtp', send: (mail) => smtpMailer(smtpUrl, 'sointu@kotikallio.test').send(mail), list: async () => [] };
    t = await buildTestApp({ mailer });
  });
  const serverBack = () => {
    smtpUrl = catcher.url;
  };
  afterAll(async () => {
    await t?.close();
    await catcher?.close();
  });

  it('should answer 503 ServiceUnavailable and write nothing, then invite once the server is back', async () => {
    const admin = await t.createUser({ config: { canInviteUsers: true } });
    const [{ id: residentId } = { id: 0 }] = await t.sql.query<{ id: number }>("INSERT INTO residents (first_name, last_name, user_id) VALUES ('Aino', 'Virtanen', $1) RETURNING id", [admin.id]);
    const { cookie } = await t.login(admin);
    const count = async (table: string) => Number((await t.sql.query<{ n: number }>(`SELECT count(*)::int AS n FROM ${table}`))[0]!.n);
    const before = { users: await count('users'), admins: await count('user_admins'), recipients: await count('default_message_recipients'), receivers: await count('message_receivers'), logging: await count('logging') };
    const invite = () =>
      t.app.inject({
        method: 'POST',
        url: '/api/requests/invite-user',
        headers: { cookie },
        payload: { firstName: 'Åsa', lastName: 'Ek', email: 'down@example.se', defaultMessageRecipientName: 'Avdelning 2', residentId, language: 'swe' },
      });
    const refused = await invite();
    expect(refused.statusCode, refused.body).toBe(503);
    expect(refused.json().error).toMatchObject({ kind: 'ServiceUnavailable', details: { dependency: 'mail' } });
    expect(refused.body).not.toMatch(/ECONNREFUSED|127\.0\.0\.1|stack/);
    expect({ users: await count('users'), admins: await count('user_admins'), recipients: await count('default_message_recipients'), receivers: await count('message_receivers'), logging: await count('logging') }).toEqual(before);
    expect(await t.sql.query("SELECT 1 FROM users WHERE email = 'down@example.se'")).toEqual([]);

    serverBack();
    const accepted = await invite();
    expect(accepted.statusCode, accepted.body).toBe(200);
    expect(catcher.mails.map((mail) => mail.to)).toEqual([['down@example.se']]);
  });
});

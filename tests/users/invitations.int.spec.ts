import fs from 'node:fs/promises';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { decodeHeader, mailBody, outboxMailer, parseHeaders, smtpMailer } from '../../infra/mail/mailer.ts';
import { passwordResetCodeInvalid } from '../../schemas/api/invitations.ts';
import { routeDatabases, buildTestApp, type TestApp, type TestUser } from '../support/build-test-app.ts';

// Issue 17 deliverables 2 to 4: invite-user, send-login-token, send-password-reset-email and
// reset-password (POST /api/requests/{type}), the login link (POST /api/token-login), the first
// password (POST /api/first-password) and the operators' outbox list, on the embedded outbox
// mailer (real files under a throwaway DATA_DIR) and on both databases. Who may call each request:
// the matrix at the end.

const startOfTest = new Date('2026-11-20T10:00:00.000Z');

describe.each(routeDatabases)('invitations and password resets on %s', (database) => {
  let now = startOfTest;
  let t: TestApp;
  let outbox: string;
  let unit: TestUser;
  let otherUnit: TestUser;
  let admin: TestUser;
  let plainAdmin: TestUser;
  let residentId: number;
  let otherResidentId: number;
  let operator: TestUser;
  const cookies = new Map<number, string>();

  beforeAll(async () => {
    const dataDir = mkdtempSync(path.join(tmpdir(), 'sointu-invite-'));
    outbox = path.join(dataDir, 'outbox');
    t = await buildTestApp({ database, now: () => now, mailer: outboxMailer(outbox, 'Sointu <no-reply@sointu.test>') });
    unit = await t.createUser({ config: { timeZone: 'Europe/Stockholm' } });
    otherUnit = await t.createUser();
    admin = await t.createUser({ config: { canInviteUsers: true } });
    plainAdmin = await t.createUser();
    operator = await t.createUser({ operator: true });
    await t.sql.query('INSERT INTO user_admins (admin_user_id, user_id) VALUES ($1, $2), ($3, $2)', [admin.id, unit.id, plainAdmin.id]);
    [{ id: residentId }, { id: otherResidentId }] = await t.sql.query<{ id: number }>(
      "INSERT INTO residents (first_name, last_name, user_id) VALUES ('Aino', 'Virtanen', $1), ('Eino', 'Muu', $2) RETURNING id",
      [unit.id, otherUnit.id],
    ) as [{ id: number }, { id: number }];
    for (const user of [unit, otherUnit, admin, plainAdmin, operator]) cookies.set(user.id, (await t.login(user)).cookie);
    return () => rmSync(dataDir, { recursive: true, force: true });
  });
  afterAll(() => t?.close());

  // A reset request answers first and mails after (the mail queue): each request here waits for its mail.
  const request = async (type: string, props: unknown, as?: TestUser) => {
    const answer = await t.app.inject({ method: 'POST', url: `/api/requests/${type}`, headers: as ? { cookie: cookies.get(as.id)! } : {}, payload: props as object });
    await t.app.mailQueue.settled();
    return answer;
  };
  const invitation = (email: string, overrides: Record<string, unknown> = {}) => ({
    firstName: 'Pekka', lastName: 'Virtanen', email, defaultMessageRecipientName: 'Kotikallio', residentId, ...overrides,
  });
  const mails = async () => (await fs.readdir(outbox).catch(() => [] as string[])).filter((f) => f.endsWith('.eml')).sort();
  const lastMail = async () => {
    const files = await mails();
    return fs.readFile(path.join(outbox, files.at(-1)!), 'utf8');
  };
  const subjectOf = (mail: string) => decodeHeader(parseHeaders(mail).get('subject') ?? '');
  const linkToken = (mail: string) => new URL(/https?:\/\/\S+/.exec(mailBody(mail))![0]).searchParams.get('token')!;
  const tokenLogin = (token: string) => t.app.inject({ method: 'POST', url: '/api/token-login', payload: { token } });
  const usersNamed = async (name: string) => (await t.sql.query('SELECT id FROM users WHERE name = $1', [name])).length;

  it('should invite a relative: the user, adminOfUsers, the unit as default recipient, a mailed one-time link, then a first password', async () => {
    const email = `pekka-${database}@example.com`;
    const answer = await request('invite-user', invitation(email.toUpperCase(), { language: 'eng' }), admin);
    expect(answer.statusCode, answer.body).toBe(200);
    const { userId } = answer.json<{ userId: number }>();
    const [row] = await t.sql.query<{ name: string; email: string; inserted_by_user_id: number; resident_id: number; language: string; login_token: string; password_hash: string | null }>(
      'SELECT name, email, inserted_by_user_id, resident_id, language, login_token, password_hash FROM users WHERE id = $1', [userId]);
    expect(row).toMatchObject({ name: email, email, inserted_by_user_id: admin.id, resident_id: residentId, language: 'eng', password_hash: null });
    expect(await t.sql.query('SELECT 1 FROM user_admins WHERE admin_user_id = $1 AND user_id = $2', [admin.id, userId])).toHaveLength(1);
    expect(await t.sql.query('SELECT recipient_name FROM default_message_recipients WHERE src_user_id = $1 AND dst_user_id = $2', [userId, unit.id])).toEqual([{ recipient_name: 'Kotikallio' }]);
    expect(await t.sql.query("SELECT 1 FROM logging WHERE \"table\" = 'users' AND action = 'INSERT' AND user_id = $1 AND query = 'invite-user'", [admin.id])).not.toHaveLength(0);

    const mail = await lastMail();
    expect(mail).toContain(`To: ${email}`);
    expect(subjectOf(mail)).toBe('Invitation to Sointu');
    const token = linkToken(mail);
    expect(row!.login_token).not.toBe(token); // hashed at rest

    const login = await tokenLogin(token);
    expect(login.statusCode).toBe(200);
    expect(login.json()).toMatchObject({ needsPassword: true, user: { id: userId } });
    expect((await tokenLogin(token)).statusCode).toBe(401); // single use
    const cookie = `sointu_session=${login.cookies.find((c) => c.name === 'sointu_session')!.value}`;
    const tooShort = await t.app.inject({ method: 'POST', url: '/api/first-password', headers: { cookie }, payload: { password: 'abc' } });
    expect(tooShort.statusCode).toBe(400);
    expect(tooShort.json().error.details[0].path).toBe('body.password');
    expect((await t.app.inject({ method: 'POST', url: '/api/first-password', headers: { cookie }, payload: { password: 'kissa123' } })).statusCode).toBe(200);
    expect((await t.app.inject({ method: 'POST', url: '/api/first-password', headers: { cookie }, payload: { password: 'other123' } })).statusCode).toBe(403);

    const relative = await t.login({ id: userId, name: email, password: 'kissa123' });
    const recipients = await t.app.inject({ method: 'GET', url: '/api/message-recipients', headers: { cookie: relative.cookie } });
    expect(recipients.json().users).toContainEqual(expect.objectContaining({ id: unit.id, recipientName: 'Kotikallio', default: true }));
  });

  it('should refuse a duplicate e-mail address or user name naming body.email, and write nothing', async () => {
    const email = `dup-${database}@example.com`;
    expect((await request('invite-user', invitation(email), admin)).statusCode).toBe(200);
    const before = await mails();
    const again = await request('invite-user', invitation(` ${email.replace('dup', 'DUP')} `), admin);
    expect(again.statusCode).toBe(400);
    expect(again.json().error).toMatchObject({ kind: 'ValidationError', details: [{ path: 'body.email' }] });
    // Another unit's login name taken as an address.
    const named = await t.createUser({ name: `taken-${database}@example.com` });
    expect((await request('invite-user', invitation(named.name), admin)).json().error.details[0].path).toBe('body.email');
    expect(await mails()).toEqual(before);
  });

  it('should leave no user behind when the mail cannot be sent', async () => {
    const failing = await buildTestApp({ database, now: () => now, mailer: smtpMailer('smtp://127.0.0.1:9', 'Sointu <no-reply@sointu.test>') });
    try {
      const inviter = await failing.createUser({ config: { canInviteUsers: true } });
      const [{ id } = { id: 0 }] = await failing.sql.query<{ id: number }>("INSERT INTO residents (first_name, last_name, user_id) VALUES ('A', 'B', $1) RETURNING id", [inviter.id]);
      const { cookie } = await failing.login(inviter);
      const answer = await failing.app.inject({ method: 'POST', url: '/api/requests/invite-user', headers: { cookie }, payload: invitation('lost@example.com', { residentId: id }) });
      // A mail server that is down is an unavailable dependency, not a bug: 503, nothing written.
      expect(answer.statusCode).toBe(503);
      expect(answer.json().error.kind).toBe('ServiceUnavailable');
      expect(answer.body).not.toContain('127.0.0.1');
      expect(await failing.sql.query("SELECT 1 FROM users WHERE email = 'lost@example.com'")).toHaveLength(0);
    } finally {
      await failing.close();
    }
  });

  it('should validate every field at the edge, naming it', async () => {
    for (const [field, value] of [['firstName', ''], ['lastName', 'a\u0000b'], ['email', 'not-an-address'], ['defaultMessageRecipientName', '  '], ['residentId', -1], ['language', 'swe2']] as const) {
      const answer = await request('invite-user', invitation(`v-${field}@example.com`, { [field]: value }), admin);
      expect(answer.statusCode, field).toBe(400);
      expect(answer.json().error.details[0].path).toBe(`body.${field}`);
    }
    expect(await usersNamed('v-firstname@example.com')).toBe(0);
    // Without a resident, the inviter's own unit is the default recipient.
    const byUnit = await t.createUser({ config: { canInviteUsers: true } });
    cookies.set(byUnit.id, (await t.login(byUnit)).cookie);
    const { userId } = (await request('invite-user', invitation(`no-resident-${database}@example.com`, { residentId: null }), byUnit)).json<{ userId: number }>();
    expect(await t.sql.query('SELECT dst_user_id FROM default_message_recipients WHERE src_user_id = $1', [userId])).toEqual([{ dst_user_id: byUnit.id }]);
    const elsewhere = await request('invite-user', invitation(`elsewhere-${database}@example.com`, { residentId: otherResidentId }), admin);
    expect(elsewhere.json().error).toMatchObject({ kind: 'ValidationError', details: [{ path: 'body.residentId' }] });
  });

  it('should send a new login link to a user the caller administers; the older link stops working', async () => {
    const email = `link-${database}@example.com`;
    const { userId } = (await request('invite-user', invitation(email, { language: 'swe' }), admin)).json<{ userId: number }>();
    const first = linkToken(await lastMail());
    expect((await request('send-login-token', { userId }, admin)).statusCode).toBe(200);
    const mail = await lastMail();
    expect(subjectOf(mail)).toBe('Din inloggningslänk till Sointu');
    const second = linkToken(mail);
    expect((await tokenLogin(first)).statusCode).toBe(401);
    // Expired after 7 days.
    now = new Date(startOfTest.getTime() + 7 * 24 * 3600_000 + 1000);
    try {
      expect((await tokenLogin(second)).statusCode).toBe(401);
    } finally {
      now = startOfTest;
    }
    expect((await request('send-login-token', { userId }, plainAdmin)).statusCode).toBe(403);
    expect((await request('send-login-token', { userId: unit.id }, admin)).statusCode).toBe(400); // no e-mail address
  });

  it('should reset a password with the mailed code once, ending the other sessions; a wrong, spent or expired code is invalid', async () => {
    const user = await t.createUser({ email: `reset-${database}@example.com` });
    const { cookie } = await t.login(user);
    expect((await request('send-password-reset-email', { userNameOrEmail: `RESET-${database}@example.com` })).statusCode).toBe(200);
    const mail = mailBody(await lastMail());
    const code = /^ {4}([A-Z0-9]{12})$/m.exec(mail)![1]!;
    expect(new URL(/https?:\/\/\S+/.exec(mail)![0]).searchParams.get('resetCode')).toBe(code);

    const wrong = await request('reset-password', { userNameOrEmail: user.name, passwordResetCode: 'WRONGCODE', password: 'uusi-salasana' });
    expect(wrong.statusCode).toBe(400);
    expect(wrong.json().error.details).toEqual([{ path: 'body.passwordResetCode', message: passwordResetCodeInvalid }]);
    expect((await request('reset-password', { userNameOrEmail: user.name, passwordResetCode: code, password: 'abc' })).json().error.details[0].path).toBe('body.password');

    expect((await request('reset-password', { userNameOrEmail: user.name, passwordResetCode: code.toLowerCase(), password: 'uusi-salasana' })).statusCode).toBe(200);
    expect((await t.app.inject({ method: 'GET', url: '/api/', headers: { cookie } })).statusCode).toBe(401);
    await t.login({ ...user, password: 'uusi-salasana' });
    const spent = await request('reset-password', { userNameOrEmail: user.name, passwordResetCode: code, password: 'kolmas-salasana' });
    expect(spent.json().error.details[0].message).toBe(passwordResetCodeInvalid);

    // Asked again within a minute: the same answer and no second mail; a minute later, a new code.
    now = new Date(startOfTest.getTime() + 30_000);
    const before = await mails();
    await request('send-password-reset-email', { userNameOrEmail: user.name });
    await request('send-password-reset-email', { userNameOrEmail: user.name });
    expect(await mails()).toHaveLength(before.length + 1);
    expect((await request('send-password-reset-email', { userNameOrEmail: user.name })).statusCode).toBe(200);
    expect(await mails()).toHaveLength(before.length + 1);
    now = new Date(startOfTest.getTime() + 95_000);
    await request('send-password-reset-email', { userNameOrEmail: user.name });
    expect(await mails()).toHaveLength(before.length + 2);
    now = startOfTest;
    const late = /^ {4}([A-Z0-9]{12})$/m.exec(mailBody(await lastMail()))![1]!;
    now = new Date(startOfTest.getTime() + 95_000 + 3600_000 + 1000);
    try {
      expect((await request('reset-password', { userNameOrEmail: user.name, passwordResetCode: late, password: 'neljas-salasana' })).json().error.details[0].message).toBe(passwordResetCodeInvalid);
    } finally {
      now = startOfTest;
    }
  });

  it('should answer a reset request for an unknown account like any other, and mail nothing', async () => {
    const before = await mails();
    expect((await request('send-password-reset-email', { userNameOrEmail: 'nobody@example.com' })).statusCode).toBe(200);
    expect(await mails()).toEqual(before);
    expect((await request('reset-password', { userNameOrEmail: 'nobody', passwordResetCode: 'X', password: 'abcd' })).json().error.details[0].message).toBe(passwordResetCodeInvalid);
  });

  it('should list the outbox for operators only', async () => {
    const list = await t.app.inject({ method: 'GET', url: '/api/admin/outbox', headers: { cookie: cookies.get(operator.id)! } });
    expect(list.statusCode).toBe(200);
    expect(list.json().mailer).toBe('outbox');
    expect(list.json().mails.length).toBe((await mails()).length);
    expect(list.json().mails[0]).toMatchObject({ subject: expect.any(String), to: expect.stringContaining('@') });
    expect((await t.app.inject({ method: 'GET', url: '/api/admin/outbox', headers: { cookie: cookies.get(admin.id)! } })).statusCode).toBe(403);
  });

  it('should let each request only to whom it belongs', async () => {
    const email = `matrix-${database}@example.com`;
    // invite-user: canInviteUsers only (an administrator without it, a unit, an operator: AccessDenied).
    expect((await request('invite-user', invitation(email))).statusCode).toBe(401);
    for (const caller of [plainAdmin, unit, operator]) expect((await request('invite-user', invitation(email), caller)).statusCode).toBe(403);
    // send-login-token: an administrator of that user, not the user, not anyone else.
    const { userId } = (await request('invite-user', invitation(email), admin)).json<{ userId: number }>();
    expect((await request('send-login-token', { userId })).statusCode).toBe(401);
    for (const caller of [unit, otherUnit, operator]) expect((await request('send-login-token', { userId }, caller)).statusCode).toBe(403);
    // The reset pair: anyone, logged in or not (the login screen has no session).
    expect((await request('send-password-reset-email', { userNameOrEmail: email }, unit)).statusCode).toBe(200);
    expect((await request('send-password-reset-email', { userNameOrEmail: email })).statusCode).toBe(200);
  });
  it('should point every mailed link at the service\'s own address, whatever Host or X-Forwarded-Host the request forged', async () => {
    const user = await t.createUser({ email: `forged-${database}@example.com` });
    const forged = { host: 'evil.example', 'x-forwarded-host': 'evil.example', 'x-forwarded-proto': 'https' };
    const reset = await t.app.inject({ method: 'POST', url: '/api/requests/send-password-reset-email', headers: forged, payload: { userNameOrEmail: user.name } });
    expect(reset.statusCode).toBe(200);
    await t.app.mailQueue.settled();
    const links = (mail: string) => [...mailBody(mail).matchAll(/https?:\/\/\S+/g)].map(([link]) => new URL(link));
    const resetLinks = links(await lastMail());
    expect(resetLinks.length).toBeGreaterThan(0);
    for (const link of resetLinks) expect(link.origin).toBe('http://localhost:3000');
    expect(resetLinks[0]!.searchParams.get('resetUser')).toBe(user.name);
    // The login link an administrator sends, and an invitation, the same.
    const email = `forged-invite-${database}@example.com`;
    const invite = await t.app.inject({ method: 'POST', url: '/api/requests/invite-user', headers: { ...forged, cookie: cookies.get(admin.id)! }, payload: invitation(email) });
    expect(invite.statusCode).toBe(200);
    for (const link of links(await lastMail())) expect(link.origin).toBe('http://localhost:3000');
    const resend = await t.app.inject({ method: 'POST', url: '/api/requests/send-login-token', headers: { ...forged, cookie: cookies.get(admin.id)! }, payload: { userId: invite.json<{ userId: number }>().userId } });
    expect(resend.statusCode).toBe(200);
    for (const link of links(await lastMail())) expect(link.origin).toBe('http://localhost:3000');
  });
});

describe('a deployment without PUBLIC_URL', () => {
  let t: TestApp;
  let outbox: string;
  let dataDir: string;
  const logged: string[] = [];

  beforeAll(async () => {
    dataDir = mkdtempSync(path.join(tmpdir(), 'sointu-no-public-url-'));
    outbox = path.join(dataDir, 'outbox');
    const logger = { level: 'error', stream: { write: (line: string) => void logged.push(line) } };
    t = await buildTestApp({ mailer: outboxMailer(outbox, 'Sointu <no-reply@sointu.test>'), mailLinkUrl: null, logger });
  });
  afterAll(async () => {
    await t?.close();
    rmSync(dataDir, { recursive: true, force: true });
  });

  it('should mail no links: 503 ServiceUnavailable for known and unknown accounts alike, nothing stored, and a log line saying why', async () => {
    const user = await t.createUser({ email: 'no-public-url@example.com' });
    for (const userNameOrEmail of [user.name, 'nobody@example.com']) {
      const answer = await t.app.inject({ method: 'POST', url: '/api/requests/send-password-reset-email', headers: { host: 'evil.example' }, payload: { userNameOrEmail } });
      expect(answer.statusCode).toBe(503);
      expect(answer.json().error).toMatchObject({ kind: 'ServiceUnavailable', details: { dependency: 'PUBLIC_URL' } });
    }
    const [row] = await t.sql.query<{ hash: string | null }>('SELECT password_reset_code_hash AS hash FROM users WHERE id = $1', [user.id]);
    expect(row!.hash).toBeNull();
    expect(await fs.readdir(outbox).catch(() => [])).toEqual([]);
    expect(logged.join('')).toContain('PUBLIC_URL is not set');
  });
});

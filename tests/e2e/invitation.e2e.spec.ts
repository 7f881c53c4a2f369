import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { decodeHeader, mailBody, parseHeaders } from '../../infra/mail/mailer.ts';
import { launchBrowser, type Browser } from '../support/browser.ts';
import { getJson, logIn, postJson, shot, startServer, stopServer, type Server } from '../support/product-server.ts';

// Issue 17: the administrator (demo `admin`) invites a relative of Aino through the invite-user
// request (the /users screen's modal calls the same request); the relative opens the link from
// the outbox (DATA_DIR/outbox/, the embedded mail path), chooses a password, logs in with it and
// finds the unit among their recipients. Then they forget it: the login screen's reset modes
// mail a code, and the mail's link sets a new password.

interface CurrentUser { adminOfUsers: Array<{ id: number; name: string }> }
interface Recipients { users: Array<{ id: number; recipientName: string | null; default: boolean }> }

describe('inviting a relative', () => {
  let server: Server;
  let adminBrowser: Browser;
  let relativeBrowser: Browser;
  let admin: Page;
  let relative: Page;
  const email = 'maija.virtanen@example.com';
  const password = 'mustikka-42';

  beforeAll(async () => {
    server = await startServer();
    adminBrowser = await launchBrowser();
    relativeBrowser = await launchBrowser({ width: 480, height: 860 });
    admin = adminBrowser.context.pages()[0] ?? (await adminBrowser.context.newPage());
    relative = relativeBrowser.context.pages()[0] ?? (await relativeBrowser.context.newPage());
  });

  afterAll(async () => {
    await adminBrowser?.close();
    await relativeBrowser?.close();
    if (server) await stopServer(server);
  });

  /** The newest mail to `to` in the server's outbox, decoded. */
  const mailTo = (to: string) => {
    const dir = join(server.dataDir, 'outbox');
    const mails = readdirSync(dir).filter((f) => f.endsWith('.eml')).sort().reverse().map((f) => readFileSync(join(dir, f), 'utf8'));
    const mail = mails.find((m) => parseHeaders(m).get('to') === to);
    if (!mail) throw new Error(`no mail to ${to}`);
    return { subject: decodeHeader(parseHeaders(mail).get('subject') ?? ''), body: mailBody(mail) };
  };
  const linkIn = (body: string) => /https?:\/\/\S+/.exec(body)![0];

  it('the administrator invites, the relative opens the mailed link, chooses a password, logs in and can write to the unit', async () => {
    await admin.goto(server.url);
    await logIn(admin, 'admin', 'sointu-demo');
    await admin.locator('header.top-bar').waitFor();
    const me = (await getJson(admin, '/api/')).body as CurrentUser;
    const unit = me.adminOfUsers.find((u) => u.name === 'caregiver')!;
    const residents = (await postJson(admin, '/api/get/residents', { userIds: [unit.id], query: 'Aino' })).body as { items: Array<{ id: number }> };
    const invited = await postJson(admin, '/api/requests/invite-user', {
      firstName: 'Maija', lastName: 'Virtanen', email, defaultMessageRecipientName: 'Kotikallio, osasto A', residentId: residents.items[0]!.id, language: 'fin',
    });
    expect(invited.status).toBe(200);
    // The same address again names the field.
    const again = await postJson(admin, '/api/requests/invite-user', {
      firstName: 'Maija', lastName: 'Virtanen', email: email.toUpperCase(), defaultMessageRecipientName: 'X', residentId: residents.items[0]!.id,
    });
    expect(again).toMatchObject({ status: 400, body: { error: { kind: 'ValidationError', details: [{ path: 'body.email' }] } } });

    const mail = mailTo(email);
    expect(mail.subject).toBe('Kutsu Sointuun');
    expect(mail.body).toContain('Hei Maija');
    await relative.goto(linkIn(mail.body));
    const form = relative.getByRole('form', { name: 'Valitse salasana' });
    await form.waitFor();
    await expect.poll(() => relative.getByRole('heading').textContent()).toBe('Tervetuloa, Maija!');
    await relative.locator('input[name=newPassword]').fill(password);
    await relative.locator('input[name=newPasswordAgain]').fill('mustikka');
    expect(await form.getByRole('button', { name: 'Tallenna salasana' }).isDisabled()).toBe(true);
    await shot(relative, 'invitation-first-password-mismatch');
    await relative.locator('input[name=newPasswordAgain]').fill(password);
    await form.getByRole('button', { name: 'Tallenna salasana' }).click();
    await relative.locator('header.top-bar').waitFor();

    // The link is spent: opening it again shows 'Login failed'.
    expect((await postJson(relative, '/api/token-login', { token: new URL(linkIn(mail.body)).searchParams.get('token') })).status).toBe(401);

    // Log out and back in with the address and the new password.
    await postJson(relative, '/api/logout', {});
    await relative.goto(server.url);
    await logIn(relative, email, password);
    await relative.locator('header.top-bar').waitFor();
    const recipients = (await getJson(relative, '/api/message-recipients')).body as Recipients;
    expect(recipients.users).toContainEqual(expect.objectContaining({ id: unit.id, recipientName: 'Kotikallio, osasto A', default: true }));
    await shot(relative, 'invitation-relative-logged-in');
  });

  it('the relative resets a forgotten password with the mailed code', async () => {
    await postJson(relative, '/api/logout', {});
    await relative.goto(server.url);
    await relative.getByRole('button', { name: 'Unohditko salasanasi?' }).click();
    await relative.locator('input[name=userNameOrEmail]').fill(email);
    await shot(relative, 'login-send-password-reset');
    await relative.getByRole('button', { name: 'Lähetä koodi' }).click();
    await relative.getByRole('heading', { name: 'Katso sähköpostisi' }).waitFor();
    await shot(relative, 'login-email-sent');

    // A wrong code first: 'Password reset code invalid.' in Finnish.
    await relative.getByRole('button', { name: 'Syötä koodi' }).click();
    await relative.locator('input[name=passwordResetCode]').fill('VÄÄRÄKOODI');
    await relative.locator('input[name=newPassword]').fill('puolukka-7');
    await relative.locator('input[name=newPasswordAgain]').fill('puolukka-7');
    await relative.getByRole('button', { name: 'Vaihda salasana' }).click();
    await relative.getByText('Salasanan vaihtokoodi ei kelpaa.').waitFor();
    await shot(relative, 'login-reset-code-invalid');

    // The mail's link opens the reset mode with the name and code filled in.
    const mail = mailTo(email);
    expect(mail.subject).toBe('Salasanan vaihtokoodi');
    await relative.goto(linkIn(mail.body));
    expect(await relative.locator('input[name=passwordResetCode]').count()).toBe(0);
    expect(await relative.locator('input[name=userNameOrEmail]').inputValue()).toBe(email);
    await relative.locator('input[name=newPassword]').fill('puolukka-7');
    await relative.locator('input[name=newPasswordAgain]').fill('puolukka-7');
    await shot(relative, 'login-reset-password');
    await relative.getByRole('button', { name: 'Vaihda salasana' }).click();
    await relative.locator('input[name=password]').waitFor();
    await logIn(relative, email, 'puolukka-7');
    await relative.locator('header.top-bar').waitFor();
  });
});

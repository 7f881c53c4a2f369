import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import type { Mail, Mailer } from '../../infra/mail/mailer.ts';
import { buildTestApp, type TestApp } from '../support/build-test-app.ts';

// Issue 37 item 8: a password reset request for an existing account took 10 ms, for an unknown
// one 3 ms. Not timed here: shown by structure. The answer is sent before any of the work that
// differs (the account lookup, the stored code, the mail): with a mailer that holds its mail until
// released, a known account's answer arrives while its mail is held, and an unknown account's
// answer arrives while its lookup still waits behind that mail. Both answers are the same.

describe('send-password-reset-email answers before the work that differs', () => {
  let t: TestApp;
  const sent: Mail[] = [];
  let release: () => void = () => {};
  let held = Promise.resolve();
  const mailer: Mailer = {
    kind: 'outbox',
    async send(mail) {
      await held;
      sent.push(mail);
    },
    list: async () => [],
  };

  beforeAll(async () => {
    t = await buildTestApp({ mailer });
  });
  afterAll(async () => {
    release();
    await t?.close();
  });

  const ask = (userNameOrEmail: string) => {
    let answered = false;
    const answer = t.app.inject({ method: 'POST', url: '/api/requests/send-password-reset-email', payload: { userNameOrEmail } }).finally(() => {
      answered = true;
    });
    return { answer, answered: () => answered };
  };
  const shape = (answer: Awaited<ReturnType<TestApp['app']['inject']>>) => ({
    status: answer.statusCode,
    body: answer.body,
    type: answer.headers['content-type'],
    length: answer.headers['content-length'],
  });

  it('should answer a known and an unknown account alike, each before its mail or lookup is done', async () => {
    const user = await t.createUser({ email: 'held@example.com' });
    held = new Promise((resolve) => {
      release = resolve;
    });
    let mailStarted = false;
    const send = mailer.send.bind(mailer);
    mailer.send = (mail) => {
      mailStarted = true;
      return send(mail);
    };
    try {
      const known = ask(user.name);
      // The old handler sent the mail inside the request: no answer until the mail was released.
      await vi.waitFor(() => expect(known.answered()).toBe(true), { timeout: 3000 });
      await vi.waitFor(() => expect(mailStarted).toBe(true), { timeout: 3000 });
      expect(sent).toEqual([]);

      // The held mail is still being sent: the unknown account's lookup waits behind it, and its answer comes anyway.
      const unknown = ask('nobody-held@example.com');
      await vi.waitFor(() => expect(unknown.answered()).toBe(true), { timeout: 3000 });
      expect(t.app.mailQueue.pending).toBe(2);
      expect(sent).toEqual([]);

      expect(shape(await unknown.answer)).toEqual(shape(await known.answer));
      expect(shape(await known.answer)).toMatchObject({ status: 200, body: '{}' });
    } finally {
      release();
    }
    await t.app.mailQueue.settled();
    expect(sent.map((mail) => mail.to)).toEqual(['held@example.com']);
    const [row] = await t.sql.query<{ hash: string | null }>('SELECT password_reset_code_hash AS hash FROM users WHERE id = $1', [user.id]);
    expect(row!.hash).not.toBeNull();
  });
});

import { randomBytes } from 'node:crypto';
import fs from 'node:fs/promises';
import path from 'node:path';
import nodemailer from 'nodemailer';

// The mail path (issue 17 deliverable 4). Configured (SMTP_URL): nodemailer's SMTP transport.
// Embedded default: the RFC 822 message nodemailer builds (its stream transport) is written to
// DATA_DIR/outbox/ as an .eml file, so invitations work on a fresh machine, an operator can list
// them (GET /api/admin/outbox) and tests read the link from the file.

export interface Mail {
  to: string;
  subject: string;
  text: string;
}

export interface Mailer {
  readonly kind: 'smtp' | 'outbox';
  /** Resolves once the server accepted the mail (SMTP) or the file is in place (outbox). */
  send(mail: Mail): Promise<void>;
  /** The outbox's mails, newest first (the outbox only; an SMTP server keeps its own record). */
  list(): Promise<OutboxEntry[]>;
}

export interface OutboxEntry {
  file: string;
  to: string;
  subject: string;
  date: string;
  size: number;
}

export const outboxDir = (dataDir: string): string => path.join(dataDir, 'outbox');

export function createMailer(options: { smtpUrl?: string; dataDir: string; from: string }): Mailer {
  return options.smtpUrl ? smtpMailer(options.smtpUrl, options.from) : outboxMailer(outboxDir(options.dataDir), options.from);
}

export function smtpMailer(smtpUrl: string, from: string): Mailer {
  const transport = nodemailer.createTransport(smtpUrl);
  return {
    kind: 'smtp',
    async send(mail) {
      await transport.sendMail({ from, ...mail });
    },
    list: async () => [],
  };
}

export function outboxMailer(dir: string, from: string): Mailer {
  const transport = nodemailer.createTransport({ streamTransport: true, buffer: true, newline: 'unix' });
  return {
    kind: 'outbox',
    async send(mail) {
      const info = await transport.sendMail({ from, ...mail });
      await fs.mkdir(dir, { recursive: true, mode: 0o700 });
      // Time first, so the listing sorts by when the mail was written; written aside, then renamed,
      // so a reader never sees half a mail.
      const name = `${new Date().toISOString().replace(/[:.]/g, '-')}-${randomBytes(4).toString('hex')}.eml`;
      const temporary = path.join(dir, `.${name}.tmp`);
      await fs.writeFile(temporary, info.message as Buffer, { mode: 0o600 });
      await fs.rename(temporary, path.join(dir, name));
    },
    list: () => listOutbox(dir),
  };
}

/** The outbox's mails, newest first, with the headers an operator needs to find one. */
export async function listOutbox(dir: string, limit = 200): Promise<OutboxEntry[]> {
  const names = await fs.readdir(dir).catch((error: NodeJS.ErrnoException) => {
    if (error.code === 'ENOENT') return [] as string[];
    throw error;
  });
  const mails = names.filter((name) => name.endsWith('.eml') && !name.startsWith('.')).sort().reverse().slice(0, limit);
  return Promise.all(
    mails.map(async (file) => {
      const text = await fs.readFile(path.join(dir, file), 'utf8');
      const headers = parseHeaders(text);
      return { file, to: headers.get('to') ?? '', subject: decodeHeader(headers.get('subject') ?? ''), date: headers.get('date') ?? '', size: Buffer.byteLength(text) };
    }),
  );
}

/** The header block of an RFC 822 message, folded lines unfolded, names lower-cased. */
export function parseHeaders(message: string): Map<string, string> {
  const head = message.split(/\r?\n\r?\n/, 1)[0] ?? '';
  const headers = new Map<string, string>();
  for (const line of head.replace(/\r?\n[ \t]+/g, ' ').split(/\r?\n/)) {
    const colon = line.indexOf(':');
    if (colon > 0) headers.set(line.slice(0, colon).trim().toLowerCase(), line.slice(colon + 1).trim());
  }
  return headers;
}

/** RFC 2047 encoded words (=?UTF-8?Q?...?= and =?UTF-8?B?...?=), as nodemailer writes non-ASCII subjects. */
export function decodeHeader(value: string): string {
  return value.replace(/=\?([^?]+)\?([QqBb])\?([^?]*)\?=\s*/g, (_, _charset: string, encoding: string, text: string) =>
    encoding.toUpperCase() === 'B'
      ? Buffer.from(text, 'base64').toString('utf8')
      : Buffer.from(text.replace(/_/g, ' ').replace(/=([0-9A-Fa-f]{2})/g, (_m, hex: string) => String.fromCharCode(parseInt(hex, 16))), 'latin1').toString('utf8'),
  );
}

/** The text body of a message nodemailer built (quoted-printable or plain), with \n line ends. */
export function mailBody(message: string): string {
  return rawBody(message).replace(/\r\n/g, '\n');
}

function rawBody(message: string): string {
  const match = /\r?\n\r?\n/.exec(message);
  const body = match ? message.slice(match.index + match[0].length) : '';
  const qp = /content-transfer-encoding:\s*quoted-printable/i.test(message.slice(0, match?.index ?? 0));
  if (!qp) return body;
  return Buffer.from(body.replace(/=\r?\n/g, '').replace(/=([0-9A-Fa-f]{2})/g, (_m, hex: string) => String.fromCharCode(parseInt(hex, 16))), 'latin1').toString('utf8');
}

import net from 'node:net';

// A tiny SMTP server on loopback for tests (RFC 5321's minimum: EHLO/HELO, MAIL, RCPT, DATA, RSET,
// NOOP, QUIT; no STARTTLS, no AUTH offered), so the SMTP mail path is proven against a real socket
// and a real client (nodemailer) without a mail server on the machine. It keeps what it received.

export interface CaughtMail {
  from: string;
  to: string[];
  /** The message as sent (dot-stuffing undone), headers and body. */
  data: string;
}

export interface SmtpCatcher {
  url: string;
  mails: CaughtMail[];
  close(): Promise<void>;
}

export async function startSmtpCatcher(): Promise<SmtpCatcher> {
  const mails: CaughtMail[] = [];
  const sockets = new Set<net.Socket>();
  const server = net.createServer((socket) => {
    sockets.add(socket);
    socket.on('close', () => sockets.delete(socket));
    socket.on('error', () => socket.destroy());
    socket.setEncoding('utf8');
    let buffer = '';
    let inData = false;
    let data: string[] = [];
    let envelope: { from: string; to: string[] } = { from: '', to: [] };
    const reply = (line: string) => socket.write(`${line}\r\n`);
    reply('220 catcher.test ESMTP');
    socket.on('data', (chunk: string) => {
      buffer += chunk;
      let end: number;
      while ((end = buffer.indexOf('\r\n')) >= 0) {
        const line = buffer.slice(0, end);
        buffer = buffer.slice(end + 2);
        if (inData) {
          if (line === '.') {
            inData = false;
            mails.push({ ...envelope, data: data.join('\r\n') });
            envelope = { from: '', to: [] };
            reply('250 2.0.0 queued');
          } else data.push(line.startsWith('.') ? line.slice(1) : line);
          continue;
        }
        const verb = line.slice(0, 4).toUpperCase();
        if (verb === 'EHLO') {
          reply('250-catcher.test');
          reply('250 8BITMIME');
        } else if (verb === 'HELO' || verb === 'NOOP') reply('250 OK');
        else if (verb === 'RSET') {
          envelope = { from: '', to: [] };
          reply('250 OK');
        } else if (verb === 'MAIL') {
          envelope.from = /<([^>]*)>/.exec(line)?.[1] ?? '';
          reply('250 OK');
        } else if (verb === 'RCPT') {
          envelope.to.push(/<([^>]*)>/.exec(line)?.[1] ?? '');
          reply('250 OK');
        } else if (verb === 'DATA') {
          inData = true;
          data = [];
          reply('354 End data with <CR><LF>.<CR><LF>');
        } else if (verb === 'QUIT') {
          reply('221 Bye');
          socket.end();
        } else reply('502 Command not implemented');
      }
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as net.AddressInfo;
  return {
    url: `smtp://127.0.0.1:${port}`,
    mails,
    close: () =>
      new Promise<void>((resolve) => {
        for (const socket of sockets) socket.destroy();
        server.close(() => resolve());
      }),
  };
}

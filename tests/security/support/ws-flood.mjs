// An attacker's client for tests/security/live-channel-flood.int.spec.ts, in its own process as
// the attack was: opens /ws with the given cookie, sends Pings as fast as the socket takes them,
// and opens a new socket whenever the server closes one, printing "open" and each close code on
// lines of their own, until it is killed. Usage: node ws-flood.mjs ws://127.0.0.1:PORT/ws 'cookie'
import WebSocket from 'ws';

const [url, cookie] = process.argv.slice(2);
const ping = JSON.stringify({ type: 'Ping', time: 1 });

for (;;) {
  const socket = new WebSocket(url, { headers: { cookie } });
  const code = await new Promise((resolve) => {
    socket.once('open', () => {
      process.stdout.write('open\n');
      for (let n = 0; n < 50_000 && socket.readyState === socket.OPEN; n++) socket.send(ping);
    });
    socket.once('close', resolve);
    socket.once('error', () => undefined);
  });
  process.stdout.write(`${code}\n`);
}

import type { Sql } from '../sql/sql.ts';

// The live channel's fan-out across app instances (issue 19 deliverable 4). A push to a user's
// sockets, or a video chat signal to the peers of a room, is published as a NOTIFY on one channel;
// every instance LISTENs and delivers to the sockets it holds. The publishing instance hears its own
// NOTIFY too, so there is one path whether sender and receiver share an instance or not. PGlite is
// in-process: there the NOTIFY reaches the listeners of that one database, which is the one instance.

export const LIVE_CHANNEL = 'sointu_live';
/** NOTIFY payloads are capped at 8000 bytes; anything near that goes through live_relay (migration 026). */
const inlineLimit = 7000;
const relayKeepSeconds = 60;

/** Whom a published message is for: every open socket of these users, or the peers of a room (one, or all but one). */
export type LiveTarget = { users: number[] } | { room: string; peer?: string; except?: string };

export interface LiveEnvelope {
  to: LiveTarget;
  message: unknown;
}

export interface LiveBus {
  publish(envelope: LiveEnvelope): Promise<void>;
  close(): Promise<void>;
}

export async function createLiveBus(sql: Sql, deliver: (envelope: LiveEnvelope) => void, onError: (error: unknown) => void = () => undefined): Promise<LiveBus> {
  let closed = false;
  const receive = async (payload: string) => {
    if (closed) return;
    try {
      const parsed = JSON.parse(payload) as LiveEnvelope | { relay: number };
      if ('relay' in parsed) {
        const [row] = await sql.query<{ payload: string }>('SELECT payload FROM live_relay WHERE id = $1', [parsed.relay]);
        if (row) deliver(JSON.parse(row.payload) as LiveEnvelope);
      } else deliver(parsed);
    } catch (error) {
      onError(error);
    }
  };
  const stop = await sql.listen(LIVE_CHANNEL, (payload) => void receive(payload));
  return {
    async publish(envelope) {
      const text = JSON.stringify(envelope);
      if (Buffer.byteLength(text) <= inlineLimit) {
        await sql.query('SELECT pg_notify($1, $2)', [LIVE_CHANNEL, text]);
        return;
      }
      await sql.transaction(async (tx) => {
        await tx.query(`DELETE FROM live_relay WHERE created_at < now() - interval '${relayKeepSeconds} seconds'`);
        const [row] = await tx.query<{ id: number }>('INSERT INTO live_relay (payload) VALUES ($1) RETURNING id', [text]);
        await tx.query('SELECT pg_notify($1, $2)', [LIVE_CHANNEL, JSON.stringify({ relay: Number(row!.id) })]);
      });
    },
    async close() {
      closed = true;
      await stop();
    },
  };
}

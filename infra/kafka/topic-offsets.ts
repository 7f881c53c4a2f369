import type { Admin, Kafka } from 'kafkajs';

// The topic's end offsets (high watermarks) per partition, for the operators' status: a consumer's
// lag is the end offset less the next offset it would read. One admin connection per Kafka client,
// made on first use; an answer that does not come within `timeoutMs` is reported as unknown (null)
// rather than holding the status page up while Kafka is away.

const admins = new WeakMap<Kafka, Promise<Admin>>();

export async function topicEndOffsets(kafka: Kafka, topic: string, timeoutMs = 3000): Promise<Map<number, { end: bigint; start: bigint }> | null> {
  let admin = admins.get(kafka);
  if (!admin) {
    const made = kafka.admin();
    admin = made.connect().then(() => made);
    admins.set(kafka, admin);
  }
  let timer: NodeJS.Timeout | undefined;
  const timeout = new Promise<null>((resolve) => (timer = setTimeout(() => resolve(null), timeoutMs)));
  try {
    const offsets = await Promise.race([admin.then((a) => a.fetchTopicOffsets(topic)), timeout]);
    if (!offsets) return null;
    return new Map(offsets.map((o) => [o.partition, { end: BigInt(o.high), start: BigInt(o.low) }]));
  } catch {
    // A broken connection is made again at the next look.
    admins.delete(kafka);
    return null;
  } finally {
    clearTimeout(timer);
  }
}

/** Closes the admin connection of this client, if one was made. */
export async function closeTopicOffsets(kafka: Kafka): Promise<void> {
  const admin = admins.get(kafka);
  admins.delete(kafka);
  await admin?.then((a) => a.disconnect()).catch(() => undefined);
}

import { execFileSync, spawn } from 'node:child_process';
import crypto from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import readline from 'node:readline';

// A real Kafka wire peer on loopback for the transport tests: librdkafka's protocol-level mock
// cluster (Debian librdkafka-dev), started by a tiny C launcher (kafka-mock/launcher.c) compiled
// here on first use and cached by its source's hash.

export interface KafkaMock {
  brokers: string[];
  createTopic(name: string, partitions: number): Promise<void>;
  /** The next `count` requests of Kafka API `apiKey` (14: SyncGroup) are answered with error `code`. */
  failRequests(apiKey: number, code: number, count: number): Promise<void>;
  stop(): Promise<void>;
}

const SOURCE = path.join(import.meta.dirname, 'kafka-mock', 'launcher.c');

export const kafkaMockAvailable = () => fs.existsSync('/usr/include/librdkafka/rdkafka_mock.h');

function launcher(): string {
  const hash = crypto.createHash('sha256').update(fs.readFileSync(SOURCE)).digest('hex').slice(0, 12);
  const binary = path.join(os.tmpdir(), `sointu-kafka-mock-${hash}`);
  if (!fs.existsSync(binary)) {
    const building = `${binary}.${process.pid}`;
    execFileSync('gcc', ['-O1', '-o', building, SOURCE, '-lrdkafka']);
    fs.renameSync(building, binary);
  }
  return binary;
}

export async function startKafkaMock(brokers = 3): Promise<KafkaMock> {
  const child = spawn(launcher(), [String(brokers)], { stdio: ['pipe', 'pipe', 'ignore'] });
  const lines = readline.createInterface({ input: child.stdout })[Symbol.asyncIterator]();
  const nextLine = async () => {
    const { value, done } = await lines.next();
    if (done) throw new Error('the Kafka mock cluster stopped');
    return value as string;
  };
  const bootstrap = await nextLine();
  return {
    brokers: bootstrap.split(','),
    async createTopic(name, partitions) {
      child.stdin.write(`topic ${name} ${partitions}\n`);
      const answer = await nextLine();
      if (answer !== 'ok') throw new Error(`creating topic ${name}: ${answer}`);
    },
    async failRequests(apiKey, code, count) {
      child.stdin.write(`errors ${apiKey} ${code} ${count}\n`);
      const answer = await nextLine();
      if (answer !== 'ok') throw new Error(`failing requests of API ${apiKey}: ${answer}`);
    },
    async stop() {
      const exited = new Promise((resolve) => child.once('exit', resolve));
      child.stdin.end();
      await Promise.race([exited, new Promise((resolve) => setTimeout(resolve, 2000))]);
      child.kill('SIGKILL');
    },
  };
}

import fp from 'fastify-plugin';
import type { FastifyInstance } from 'fastify';

// Work a request leaves for after its answer (issue 37): the password reset request answers at
// once, the same for every name, and looks the account up, stores the code and sends the mail
// here, so neither its answer nor its duration tells whether the account exists. One job at a
// time, in order, at most MAX_PENDING waiting: a flood of requests queues a bounded amount of
// work (beyond it the job is dropped with a log line, and its answer was the same anyway).
// Closing the app waits for the queue, so no job meets a closed database.

export const MAX_PENDING = 200;

export interface MailQueue {
  /** Runs `job` after the jobs before it; its errors are the job's to log (a throw is logged here). */
  add(job: () => Promise<void>): void;
  /** Jobs queued or running. */
  readonly pending: number;
  /** Resolves once every job queued so far (and any they queue) has finished. */
  settled(): Promise<void>;
}

declare module 'fastify' {
  interface FastifyInstance {
    mailQueue: MailQueue;
  }
}

export function createMailQueue(log: FastifyInstance['log']): MailQueue {
  let tail: Promise<void> = Promise.resolve();
  let pending = 0;
  return {
    add(job) {
      if (pending >= MAX_PENDING) {
        log.warn({ pending }, 'mail queue full: a queued mail job was dropped');
        return;
      }
      pending += 1;
      tail = tail
        .then(job)
        .catch((error: unknown) => log.error({ err: error }, 'mail job failed'))
        .finally(() => {
          pending -= 1;
        });
    },
    get pending() {
      return pending;
    },
    async settled() {
      while (pending > 0) await tail;
    },
  };
}

export const mailQueue = fp(
  async (app: FastifyInstance) => {
    const queue = createMailQueue(app.log);
    app.decorate('mailQueue', queue);
    app.addHook('onClose', () => queue.settled());
  },
  { name: 'mail-queue', fastify: '5.x' },
);

import { createProjectionRunner, type ProjectionRunnerOptions } from './runner.ts';

/** Runs the projectors until they have processed the whole log, then stops them. */
export async function projectAll(options: ProjectionRunnerOptions): Promise<void> {
  const runner = createProjectionRunner({ pollIntervalMs: 20, ...options });
  await runner.start();
  try {
    await runner.waitUntilCaughtUp(60_000);
  } finally {
    await runner.stop();
  }
}

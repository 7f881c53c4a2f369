import { prepareDemoDataDirs } from './product-server.ts';
import { ensureWebBuild } from './web-build.ts';

// Once per run, before any browser test file: the web build (reused when its sources have not
// changed) and the two demo data directories every file's server starts on a copy of.
let removePrepared: (() => void) | undefined;

export async function setup(): Promise<void> {
  ensureWebBuild();
  removePrepared = await prepareDemoDataDirs();
}

export function teardown(): void {
  removePrepared?.();
}

import { relative } from 'node:path';
import type { Reporter, TestModule } from 'vitest/node';

// At the end of `npm test`: the ten test files that took longest (their tests and hooks, setup and
// imports), so whoever makes the suite slower sees where, before CI's limit does.
export default class SlowestFilesReporter implements Reporter {
  onTestRunEnd(testModules: ReadonlyArray<TestModule>): void {
    const files = testModules.map((module) => {
      const d = module.diagnostic();
      return { file: relative(process.cwd(), module.moduleId), project: module.project.name, seconds: (d.duration + d.setupDuration + d.collectDuration) / 1000 };
    });
    if (files.length === 0) return;
    files.sort((a, b) => b.seconds - a.seconds);
    const lines = files.slice(0, 10).map((f) => `  ${f.seconds.toFixed(1).padStart(7)} s  ${f.project.padEnd(4)}  ${f.file}`);
    process.stdout.write(`\nThe ten slowest test files:\n${lines.join('\n')}\n`);
  }
}

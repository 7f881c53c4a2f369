import { statSync } from 'node:fs';
import { BaseSequencer, type TestSpecification } from 'vitest/node';

// The order files start in, on two workers. Vitest's own order runs the projects one after the
// other (every browser file, then every integration file): two servers and two Chromiums at once
// on two cores, then none. Here the projects are dealt out in proportion, so a browser file mostly
// runs beside an integration file; within a project the longest start first, so no long file
// starts last and runs alone while the other worker idles. A fresh clone (CI) has no durations
// cached: these files, the slowest of a run here (the slowest-files reporter), lead in this order
// and the rest follow by size, larger first.
const knownSlow = [
  'tests/projections/usage-warehouse-sessions.int.spec.ts',
  'tests/e2e/reports.e2e.spec.ts',
  'tests/security/authorization.int.spec.ts',
  'tests/scale/two-instances.int.spec.ts',
  'tests/e2e/caregiver-day.e2e.spec.ts',
  'tests/e2e/report-details.e2e.spec.ts',
  'tests/e2e/music-channels.e2e.spec.ts',
  'tests/projections/kafka-transport.int.spec.ts',
  'tests/e2e/messenger.e2e.spec.ts',
  'tests/scale/clean-shutdown.int.spec.ts',
];

export default class InterleavingSequencer extends BaseSequencer {
  override async sort(files: TestSpecification[]): Promise<TestSpecification[]> {
    const rank = (file: TestSpecification) => {
      const i = knownSlow.findIndex((slow) => file.moduleId.endsWith(slow));
      return i === -1 ? knownSlow.length : i;
    };
    const size = (file: TestSpecification) => statSync(file.moduleId).size;
    const byProject = new Map<string, TestSpecification[]>();
    for (const file of files) byProject.set(file.project.name, [...(byProject.get(file.project.name) ?? []), file]);
    const queues = [...byProject.values()].map((list) => ({ list: list.sort((a, b) => rank(a) - rank(b) || size(b) - size(a)), taken: 0 }));
    const order: TestSpecification[] = [];
    while (order.length < files.length) {
      // The project furthest behind its share of the run so far gives the next file.
      const next = queues.filter((q) => q.taken < q.list.length).sort((a, b) => a.taken / a.list.length - b.taken / b.list.length)[0]!;
      order.push(next.list[next.taken++]!);
    }
    return order;
  }
}

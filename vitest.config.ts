import { defineConfig } from 'vitest/config';
import { BaseSequencer, type TestSpecification } from 'vitest/node';

/**
 * The files that took 30 s or more (a fresh clone with PostgreSQL, 2026-12-07), longest first. Vitest starts files it
 * has no timings for (every file of a fresh clone) largest first, and these are mostly small files that start
 * servers: they started between 285 s and 515 s, the fuzz ending at 376 s and a crash test at 553 s. Listed, they start
 * first. On this two-core machine the run is bound by CPU, so its length did not change (684 s against 686 s): the
 * order keeps a long file from ending a run alone where cores are to spare.
 */
const LONG_FILES = [
  'apps/server/src/hardening/fuzz.int.test.ts',
  'apps/server/src/shutdown.int.test.ts',
  'apps/server/src/hardening/permissions.int.test.ts',
  'apps/server/src/modules/alerts/alerts.int.test.ts',
  'apps/server/src/modules/metrics/collect/agent-exposition.int.test.ts',
  'apps/server/src/hardening/crash-durability.int.test.ts',
  'apps/server/src/hardening/secret-key-replicas.int.test.ts',
  'apps/server/src/modules/restore-tests/restore-tests.int.test.ts',
  'apps/server/src/hardening/task-crash.int.test.ts',
  'apps/server/src/cli/admin-create.int.test.ts',
  'apps/server/src/modules/events/stream-rights.int.test.ts',
];

/** Vitest's order (projects one after another, then timings or size), with LONG_FILES first within their project. */
class LongFilesFirst extends BaseSequencer {
  override async sort(files: TestSpecification[]): Promise<TestSpecification[]> {
    const sorted = await super.sort(files);
    const projects = [...new Set(sorted.map((f) => f.project.name))];
    const rank = (f: TestSpecification) => {
      const i = LONG_FILES.findIndex((path) => f.moduleId.endsWith(path));
      return i === -1 ? LONG_FILES.length : i;
    };
    const keyed = sorted.map((f, i) => ({ f, project: projects.indexOf(f.project.name), rank: rank(f), i }));
    return keyed.sort((a, b) => a.project - b.project || a.rank - b.rank || a.i - b.i).map(({ f }) => f);
  }
}

// Unit and integration tests of every workspace; browser tests live in e2e/ and run separately.
export default defineConfig({
  test: {
    projects: ['packages/*', 'apps/server', 'apps/web'],
    // Three test files at a time on two cores: the files wait on sockets, timers, PostgreSQL and child processes much
    // of the time (121 files used 0.95 of a core on average with two workers; with three, 363 s instead of 599 s,
    // 2026-11-28). Four were faster alone (297 files with PostgreSQL: 671 s using 1.69 cores, against 716 s), but with
    // the static checks beside them, as `npm test` runs them, the checks took 888 s instead of about 230 s and the
    // tests more than 960 s (2026-12-07): the stage is bound by CPU.
    maxWorkers: 3,
    sequence: { sequencer: LongFilesFirst },
  },
});

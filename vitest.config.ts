import { defineConfig } from 'vitest/config';

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
  },
});

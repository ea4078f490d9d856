import { defineConfig } from 'vitest/config';

// Unit and integration tests of every workspace; browser tests live in e2e/ and run separately.
export default defineConfig({
  test: {
    projects: ['packages/*', 'apps/server', 'apps/web'],
    // Four test files at a time on two cores: the files wait on sockets, timers, PostgreSQL and child processes much
    // of the time (121 files used 0.95 of a core on average with two workers; with three, 363 s instead of 599 s,
    // 2026-11-28). With PostgreSQL, 297 files: three workers 716 s; four 671 s using 1.69 cores (2026-12-07).
    maxWorkers: 4,
  },
});

import { defineConfig } from 'vitest/config';

// Unit and integration tests of every workspace; browser tests live in e2e/ and run separately.
export default defineConfig({
  test: {
    projects: ['packages/*', 'apps/server', 'apps/web'],
    // Three test files at a time on two cores: the server's files wait on sockets and timers about half of the time
    // (121 files used 0.95 of a core on average with two workers); with three, 363 s instead of 599 s (2026-11-28).
    maxWorkers: 3,
  },
});

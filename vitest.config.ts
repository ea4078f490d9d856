import { defineConfig } from 'vitest/config';

// Unit and integration tests of every workspace; browser tests live in e2e/ and run separately. With
// PROXAI_TESTS=realtime, only the server's files that wait on real minutes (npm run test:unit runs both sets).
const REALTIME_RUN = process.env.PROXAI_TESTS === 'realtime';

export default defineConfig({
  test: {
    projects: REALTIME_RUN ? ['apps/server'] : ['packages/*', 'apps/server', 'apps/web'],
    // Three test files at a time on two cores: the server's files wait on sockets and timers about half of the time
    // (121 files used 0.95 of a core on average with two workers); with three, 363 s instead of 599 s (2026-11-28).
    // The real-time files, run beside them, one at a time: their minute budgets and paced reads are what they check,
    // and two at a time made them fail under load (2026-12-06).
    maxWorkers: REALTIME_RUN ? 1 : 3,
  },
});

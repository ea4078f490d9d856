import { defineConfig } from 'vitest/config';

// Unit and integration tests of every workspace; browser tests live in e2e/ and run separately. With
// PROXAI_TESTS=realtime, only the server's files that wait on real minutes (npm run test:unit runs both sets).
const REALTIME_RUN = process.env.PROXAI_TESTS === 'realtime';

export default defineConfig({
  test: {
    projects: REALTIME_RUN ? ['apps/server'] : ['packages/*', 'apps/server', 'apps/web'],
    // Two cores: two test files at a time (each server file opens its own database).
    maxWorkers: 2,
  },
});

import { defineConfig } from 'vitest/config';

// Unit and integration tests of every workspace; browser tests live in e2e/ and run separately.
export default defineConfig({
  test: {
    projects: ['packages/*', 'apps/server', 'apps/web'],
    // Two cores: two test files at a time (each server file opens its own database).
    maxWorkers: 2,
  },
});

import { configDefaults, defineConfig } from 'vitest/config';
import { REALTIME_TESTS } from './src/testing/realtime-tests';

/** The Vitest run of the files that wait on real minutes (scripts/test-unit.mjs). */
const REALTIME_RUN = process.env.PROXAI_TESTS === 'realtime';

export default defineConfig({
  test: {
    name: REALTIME_RUN ? 'server-realtime' : 'server',
    // The files that wait on real minutes run apart (src/testing/realtime-tests.ts, scripts/test-unit.mjs).
    include: REALTIME_RUN ? [...REALTIME_TESTS] : ['src/**/*.test.ts'],
    exclude: REALTIME_RUN ? [] : [...configDefaults.exclude, ...REALTIME_TESTS],
    environment: 'node',
    // A worker runs its files one after another in one module graph: each file builds its own app and database, and
    // none mocks modules, so nothing leaks between them; the server's imports (fastify, drizzle, pg-boss, the zod
    // contract) are then loaded once per worker instead of once per file: 121 files took 599 s instead of 749 s on
    // two workers, and half the CPU (2026-11-28).
    isolate: false,
    globalSetup: ['./src/testing/global-setup.ts'],
    testTimeout: 30_000,
    hookTimeout: 60_000,
    env: { NODE_ENV: 'test' },
  },
});

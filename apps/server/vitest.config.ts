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
    globalSetup: ['./src/testing/global-setup.ts'],
    testTimeout: 30_000,
    hookTimeout: 60_000,
    env: { NODE_ENV: 'test' },
  },
});

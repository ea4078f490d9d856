import { defineConfig } from 'vitest/config';

// Browser tests: each file starts the built portal and a headless Chromium. One file at a time on two cores.
export default defineConfig({
  test: {
    name: 'e2e',
    include: ['**/*.e2e.test.ts', 'support/*.test.ts'],
    exclude: ['node_modules/**'],
    testTimeout: 60_000,
    hookTimeout: 120_000,
    fileParallelism: false,
  },
});

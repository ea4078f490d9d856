import { fileURLToPath } from 'node:url';
import { defineConfig } from 'vitest/config';

// Browser tests. Global setup starts one Chromium and the built portal twice (embedded database, PostgreSQL) for the
// whole run; each file connects to them and signs up its own organisation (README.md). One file at a time on two cores.
export default defineConfig({
  test: {
    name: 'e2e',
    // The paths below are e2e/'s, also when Vitest is started elsewhere (npx vitest run --config e2e/vitest.config.ts).
    root: fileURLToPath(new URL('.', import.meta.url)),
    include: ['**/*.e2e.test.ts', 'support/*.test.ts'],
    exclude: ['node_modules/**'],
    globalSetup: ['support/global-setup.ts'],
    setupFiles: ['support/track-mail.ts'],
    testTimeout: 60_000,
    hookTimeout: 120_000,
    fileParallelism: false,
  },
});

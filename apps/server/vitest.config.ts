import { defineConfig } from 'vitest/config';

export default defineConfig({
  test: {
    name: 'server',
    // No file waits on real minutes: the schedules, the agent-read budget, the backfill pacing and the live rates run
    // on a clock the test moves (jobs/clock.ts, createTestApp({ clock })).
    include: ['src/**/*.test.ts'],
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

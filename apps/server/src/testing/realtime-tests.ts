/**
 * Test files that spend minutes waiting on the real clock (a schedule firing each minute, a per-minute read budget,
 * a backfill paced at two requests a second), with little CPU meanwhile. `npm run test:unit` runs them in a Vitest
 * run of their own beside the others (PROXAI_TESTS=realtime), so they do not hold one of the two workers idle for
 * minutes (CI measured 164, 117, 92 and 63 s of mostly waiting). Paths relative to apps/server.
 */
export const REALTIME_TESTS = [
  'src/modules/schedules/schedules-replicas.int.test.ts',
  'src/modules/metrics/collect/agent-exposition.int.test.ts',
  'src/modules/metrics/collect/backfill.int.test.ts',
  'src/modules/metrics/collect/agent-replicas.int.test.ts',
  'src/modules/metrics/collect/live-rates.int.test.ts',
] as const;

/**
 * The seeded portal for bench/dashboard-render, in a process of its own (forked by run.ts), as in production:
 * Playwright's driver runs in the process that calls it and handles every DevTools event of the page
 * (each request, response and frame) on that process's event loop. With the portal in the same process,
 * those events delayed its answers to the very page being measured.
 *
 * Protocol (IPC): receives `{ webDist, baselineDist?, sizes: [hosts, guestsPerHost][], settle? }`, answers
 * `{ url, baselineUrl?, sessions, settled }` (one session per size, in order) or `{ error }`; closes everything when the
 * parent disconnects.
 *
 * `baselineDist`, another web build (an earlier commit's), is served at `baselineUrl` by a second instance of the app
 * in this same process, on the same database, so the same sessions open it: the two builds are answered by the same
 * code, event loop and data. The second instance runs no jobs (the portal's periodic work runs once, in the first).
 */
import type { FastifyInstance } from 'fastify';
import { buildApp } from '../../apps/server/src/app';
import { startSeededPortal } from '../api-read/seeded-portal';

/** A 5-second window of the portal's own CPU below this share of one core counts as settled. */
const QUIET_SHARE = 0.1;
const SETTLE = { windowMs: 5_000, maxWaitMs: 180_000 };

/**
 * Waits until the portal is at rest: right after its hosts are added it evaluates its alert rules against the new
 * fleet (hundreds of first alerts and their notifications within the first minute) and runs first reads, using a
 * fifth to a third of a core. On a 2-core machine that work would share the cores with the browser being measured,
 * which a production portal's users' browsers never do. Answers how long it took and the last window's CPU share.
 */
async function settle({ windowMs, maxWaitMs } = SETTLE): Promise<{ afterMs: number; cpuShare: number }> {
  const started = performance.now();
  const used = () => {
    const u = process.cpuUsage();
    return (u.user + u.system) / 1000;
  };
  for (;;) {
    const c0 = used();
    const t0 = performance.now();
    await new Promise((r) => setTimeout(r, windowMs));
    const cpuShare = (used() - c0) / (performance.now() - t0);
    const afterMs = performance.now() - started;
    if (cpuShare < QUIET_SHARE || afterMs >= maxWaitMs) return { afterMs, cpuShare };
  }
}

interface Request {
  webDist: string;
  baselineDist?: string;
  sizes: [number, number][];
  /** The rest to wait for: by default SETTLE (a smoke run asks for one short window). */
  settle?: { windowMs: number; maxWaitMs: number };
}

process.once('message', (request: Request) => {
  void (async () => {
    try {
      const portal = await startSeededPortal({ webDist: request.webDist });
      let baseline: FastifyInstance | undefined;
      process.once('disconnect', () => {
        void (async () => {
          await baseline?.close();
          await portal.close();
        })().finally(() => process.exit(0));
      });
      if (request.baselineDist) {
        const config = Object.freeze({ ...portal.app.config, WEB_DIST: request.baselineDist });
        baseline = await buildApp({ config, database: portal.database, jobs: false });
      }
      const baselineUrl = await baseline?.listen({ port: 0, host: '127.0.0.1' });
      const sessions = [];
      for (const [hosts, perHost] of request.sizes) sessions.push(await portal.seed(hosts, perHost));
      const settled = await settle(request.settle);
      process.send?.({ url: portal.url, baselineUrl, sessions, settled });
    } catch (err) {
      process.send?.({ error: err instanceof Error ? (err.stack ?? err.message) : String(err) });
      process.exit(1);
    }
  })();
});

/**
 * The seeded portal for bench/dashboard-render, in a process of its own (forked by run.ts), as in production:
 * Playwright's driver runs in the process that calls it and handles every DevTools event of the page
 * (each request, response and frame) on that process's event loop. With the portal in the same process,
 * those events delayed its answers to the very page being measured.
 *
 * Protocol (IPC): receives `{ webDist, sizes: [hosts, guestsPerHost][] }`, answers `{ url, sessions }`
 * (one session per size, in order) or `{ error }`; closes everything when the parent disconnects.
 */
import { startSeededPortal } from '../api-read/seeded-portal';

interface Request {
  webDist: string;
  sizes: [number, number][];
}

process.once('message', (request: Request) => {
  void (async () => {
    try {
      const portal = await startSeededPortal({ webDist: request.webDist });
      process.once('disconnect', () => {
        void portal.close().finally(() => process.exit(0));
      });
      const sessions = [];
      for (const [hosts, perHost] of request.sizes) sessions.push(await portal.seed(hosts, perHost));
      process.send?.({ url: portal.url, sessions });
    } catch (err) {
      process.send?.({ error: err instanceof Error ? (err.stack ?? err.message) : String(err) });
      process.exit(1);
    }
  })();
});

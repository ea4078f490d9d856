// The built portal in a process of its own, for the benchmarks that measure it from outside (soak, pollers): the
// browser tests' helper (e2e/support/portal.ts), one way to run it on a free port with a fresh data directory.
import { startPortal } from '../../e2e/support/portal';

export interface BenchPortal {
  url: string;
  /** Every line the server printed (JSON logs). */
  output: string[];
  /** Stops it; fails when its log holds one of the run's secrets, a mailed code or a session token. */
  stop(): Promise<void>;
}

/** Starts the portal (`npm run build` first) with `env`; `secrets` are values its log must never show. */
export async function startBenchPortal(env: Record<string, string>, secrets: string[] = []): Promise<BenchPortal> {
  const portal = await startPortal({ env });
  portal.track(...secrets);
  // Fails when a tracked secret, a mailed code or a session token is in its log.
  return { url: portal.url, output: portal.output, stop: () => portal.stop() };
}

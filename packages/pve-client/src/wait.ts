import { abortReason, PveError } from './errors';
import type { RequestOptions } from './pve-types';

export interface WaitOptions {
  /** default 1000 */
  pollMs?: number;
  /** overall deadline; default none */
  timeoutMs?: number;
  signal?: AbortSignal;
}

/** Polls a task status until it is 'stopped'. */
export async function pollTask<T extends { status: string }>(
  fetchStatus: (req: RequestOptions) => Promise<T>,
  path: string,
  opts: WaitOptions,
): Promise<T> {
  const pollMs = opts.pollMs ?? 1_000;
  const deadline = opts.timeoutMs !== undefined ? Date.now() + opts.timeoutMs : Infinity;
  for (;;) {
    opts.signal?.throwIfAborted();
    const status = await fetchStatus(opts.signal ? { signal: opts.signal } : {});
    if (status.status === 'stopped') return status;
    const left = deadline - Date.now();
    if (left <= 0) throw new PveError({ kind: 'timeout', method: 'GET', path }, `task still running after ${opts.timeoutMs} ms`);
    await sleep(Math.min(pollMs, left), opts.signal);
  }
}

function sleep(ms: number, signal: AbortSignal | undefined): Promise<void> {
  return new Promise((resolve, reject) => {
    const timer = setTimeout(() => {
      signal?.removeEventListener('abort', onAbort);
      resolve();
    }, ms);
    const onAbort = (): void => {
      clearTimeout(timer);
      if (signal) reject(abortReason(signal));
    };
    signal?.addEventListener('abort', onAbort, { once: true });
  });
}

/** True when a stopped task ended OK (or only with warnings). */
export function isTaskOk(status: { status: string; exitstatus?: string }): boolean {
  return status.status === 'stopped' && (status.exitstatus === 'OK' || (status.exitstatus ?? '').startsWith('WARNINGS'));
}

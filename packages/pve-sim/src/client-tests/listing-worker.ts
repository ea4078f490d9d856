import { getHeapStatistics } from 'node:v8';
import { parentPort, workerData } from 'node:worker_threads';
import { PveClient } from '@proxai/pve-client';

/**
 * Runs one backup listing in its own V8 isolate (a worker thread) and reports that isolate's peak heap and
 * external memory, so the simulator answering in the main thread does not blur the client's figures.
 */
interface Job {
  url: string;
  tokenId: string;
  secret: string;
  fingerprint: string;
  node: string;
  storage: string;
  mode: 'stream' | 'buffered';
}

const job = workerData as Job;
const used = (): number => {
  const h = getHeapStatistics();
  return h.used_heap_size + h.external_memory;
};
const c = new PveClient({
  baseUrl: job.url,
  auth: { kind: 'token', tokenId: job.tokenId, secret: job.secret },
  fingerprint: job.fingerprint,
  retries: 0,
  timeoutMs: 120_000,
  maxResponseBytes: 512 * 1024 * 1024,
});
await c.version();
const baseline = used();
let peak = baseline;
const ticker = setInterval(() => {
  peak = Math.max(peak, used());
}, 1);
const list = job.mode === 'stream' ? await c.backupsStream(job.node, job.storage) : await c.backups(job.node, job.storage);
peak = Math.max(peak, used());
clearInterval(ticker);
await c.close();
parentPort?.postMessage({ count: list.length, first: list[0], last: list.at(-1), peakGrowth: peak - baseline });

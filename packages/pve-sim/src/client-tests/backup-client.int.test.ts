import { DEFAULT_MAX_LISTING_BYTES, isTaskOk, PveClient } from '@proxai/pve-client';
import { Worker } from 'node:worker_threads';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startFleet, type Fleet } from '../fleet';
import { fixtureFleet } from '../fixture-fleet';
import { generateFleet } from '../generator';
import type { BackupVolumeState } from '../restore-types';
import { rejection } from './rejection';

// Backup inventory calls: the streamed content listing (150,000 backups), PBS verification fields, vzdump's
// 'OK', backup jobs, not-backed-up, a backup's configuration.

const MiB = 1024 * 1024;
const poll = { pollMs: 20, timeoutMs: 5_000 };
let fleet: Fleet;
let c: PveClient;

beforeAll(async () => {
  fleet = await startFleet(fixtureFleet(), { taskDurationMs: 40 });
  const n = fleet.nodes[0]!;
  c = new PveClient({
    baseUrl: n.url,
    auth: { kind: 'token', tokenId: n.tokenId, secret: n.tokenSecret },
    fingerprint: n.fingerprint,
    retries: 0,
    timeoutMs: 60_000,
  });
});
afterAll(async () => {
  await c.close();
  await fleet.close();
});

interface WorkerAnswer {
  count: number;
  first: unknown;
  last: unknown;
  peakGrowth: number;
}

/** Lists node1's 'local' backups from a worker thread (its own V8 heap, measured there; see listing-worker.ts). */
async function inWorker(mode: 'stream' | 'buffered'): Promise<WorkerAnswer> {
  const n = fleet.nodes[0]!;
  const file = new URL('./listing-worker.ts', import.meta.url).href;
  // tsx's loader, registered inside the worker, runs the TypeScript sources as the tests do.
  const w = new Worker(`import('tsx/esm/api').then(({ register }) => { register(); return import(${JSON.stringify(file)}); })`, {
    eval: true,
    workerData: {
      url: n.url,
      tokenId: n.tokenId,
      secret: n.tokenSecret,
      fingerprint: n.fingerprint,
      node: 'node1',
      storage: 'local',
      mode,
    },
  });
  try {
    return await new Promise<WorkerAnswer>((resolve, reject) => {
      w.once('message', (m: WorkerAnswer) => resolve(m));
      w.once('error', reject);
    });
  } finally {
    await w.terminate();
  }
}

describe('backupsStream', () => {
  it('answers what backups answers, with the PBS fields (verification, encrypted, protected, notes)', async () => {
    for (const storage of ['local', 'pbs-store1']) {
      expect(await c.backupsStream('node1', storage)).toEqual(await c.backups('node1', storage));
      expect(await c.backupsStream('node1', storage, { vmid: 105 })).toEqual(await c.backups('node1', storage, { vmid: 105 }));
    }
    const pbs = await c.backupsStream('node1', 'pbs-store1');
    expect(pbs.find((b) => b.vmid === 102 && b.verification)).toMatchObject({
      format: 'pbs-vm',
      notes: 'machine-test',
      verification: { state: 'ok', upid: expect.stringMatching(/^UPID:pbs:/) },
    });
    expect(pbs.find((b) => b.vmid === 105)).toMatchObject({ protected: 1, verification: { state: 'failed' } });
  });

  it(
    'reads a storage of 150,000 backups past the 16 MiB answer cap, memory bounded-ish; maxBytes still caps it',
    { timeout: 60_000 },
    async () => {
      const local = fleet.node('node1').storages.get('local')!;
      const saved = local.backups;
      const base = Math.floor(Date.now() / 1000);
      local.backups = Array.from({ length: 150_000 }, (_, i): BackupVolumeState => ({
        vmid: 1000 + (i % 5_000),
        subtype: i % 3 === 0 ? 'lxc' : 'qemu',
        ctime: base - Math.floor(i / 5_000) * 86_400 - (i % 5_000),
        size: 1_000_000 + i,
        notes: `guest-${i % 5_000}`,
        ...(i % 1_000 === 0 ? { protected: true } : {}),
      }));
      try {
        // The plain listing is over the client's usual cap.
        expect(await rejection(c.backups('node1', 'local'))).toMatchObject({ kind: 'too-large', limitBytes: 16 * MiB });
        const stream = await inWorker('stream');
        expect(stream.count).toBe(150_000);
        expect(stream.first).toMatchObject({ vmid: 1000, content: 'backup', format: 'tar.zst', protected: 1, notes: 'guest-0' });
        expect(stream.last).toMatchObject({ vmid: 5999, format: 'vma.zst', size: 1_149_999 });
        // The same listing read whole (as backups() does, with a cap raised for it) holds the answer's bytes and
        // text besides the items; the stream holds the items and one item's text.
        const buffered = await inWorker('buffered');
        expect(buffered.count).toBe(150_000);
        expect(stream.peakGrowth).toBeLessThan(buffered.peakGrowth * 0.85);
        expect(stream.peakGrowth).toBeLessThan(200 * MiB);
        expect(DEFAULT_MAX_LISTING_BYTES).toBe(256 * MiB);
        const capped = await rejection(c.backupsStream('node1', 'local', { maxBytes: 4 * MiB }));
        expect(capped).toMatchObject({ kind: 'too-large', limitBytes: 4 * MiB, status: 200 });
      } finally {
        local.backups = saved;
      }
    },
  );

  it('reports a storage it cannot read like the other calls', async () => {
    expect(await rejection(c.backupsStream('node1', 'nfs-iso'))).toMatchObject({
      kind: 'api-error',
      status: 500,
      serverMessage: "storage 'nfs-iso' is not online",
    });
    expect(await rejection(c.backupsStream('node1', 'nope'))).toMatchObject({
      kind: 'not-found',
      serverMessage: "storage 'nope' does not exist",
    });
  });
});

describe('backup jobs, not-backed-up, a backup configuration', () => {
  it('reads /cluster/backup and /cluster/backup-info/not-backed-up', async () => {
    expect(await c.clusterBackupJobs()).toEqual([]);
    await c.post('/cluster/backup', {
      id: 'nightly',
      schedule: 'mon..fri 21:00',
      storage: 'local',
      vmid: '100,102',
      mode: 'snapshot',
    });
    expect(await c.clusterBackupJobs()).toEqual([
      expect.objectContaining({
        id: 'nightly',
        schedule: 'mon..fri 21:00',
        enabled: 1,
        vmid: '100,102',
        'next-run': expect.any(Number),
      }),
    ]);
    const missing = await c.notBackedUp();
    expect(missing.map((g) => g.vmid)).toEqual([103, 104, 105, 106, 200]);
    expect(missing[2]).toEqual({ vmid: 105, name: 'zort', type: 'lxc' });
  });

  it('reads the configuration stored in a backup', async () => {
    const [b] = await c.backups('node1', 'local', { vmid: 105 });
    const text = await c.backupConfig('node1', b!.volid);
    expect(text).toContain('hostname: zort\n');
    expect(text).toContain('memory: 512\n');
  });
});

describe("vzdump 'OK'", () => {
  let cluster: Fleet;
  let cc: PveClient[];
  beforeAll(async () => {
    cluster = await startFleet(generateFleet({ nodes: 3, guests: 4, clusterSize: 3, seed: 9, pbs: false }), {
      taskDurationMs: 40,
    });
    cc = cluster.nodes.map(
      (n) =>
        new PveClient({
          baseUrl: n.url,
          auth: { kind: 'token', tokenId: n.tokenId, secret: n.tokenSecret },
          fingerprint: n.fingerprint,
        }),
    );
  });
  afterAll(async () => {
    await Promise.all(cc.map((x) => x.close()));
    await cluster.close();
  });

  it("answers a UPID on the nodes holding selected guests and 'OK' on the others", async () => {
    const on = (i: number): number[] => [...cluster.node(cluster.nodes[i]!.name).guests.keys()];
    const wanted = [...on(0), ...on(1)];
    const empty = cluster.nodes.findIndex((_, i) => on(i).length === 0 || i === 2);
    const answers = await Promise.all(cluster.nodes.map((n, i) => cc[i]!.vzdump(n.name, { vmid: wanted, storage: 'local' })));
    expect(answers[empty]).toBe(on(empty).some((v) => wanted.includes(v)) ? expect.stringMatching(/^UPID:/) : 'OK');
    expect(answers[0]).toMatch(/^UPID:.*:vzdump:/);
    expect(isTaskOk(await cc[0]!.waitForTask(cluster.nodes[0]!.name, answers[0]!, poll))).toBe(true);
  });
});

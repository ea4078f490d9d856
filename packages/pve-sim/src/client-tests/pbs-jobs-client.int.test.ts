import { isTaskOk, parseUpid, PbsClient, PveClient } from '@proxai/pve-client';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startFleet, type Fleet } from '../fleet';
import { fixtureFleet } from '../fixture-fleet';
import { raw } from '../test-http';
import { rejection } from './rejection';

// PBS maintenance through PbsClient: garbage collection, prune and verify jobs, manual verify with a corrupt
// snapshot (control path), prune-datastore, task logs; PBS 3.2 and 3.3 answers.

const poll = { pollMs: 20, timeoutMs: 5_000 };

function pbsClient(fleet: Fleet): PbsClient {
  const p = fleet.pbs!;
  return new PbsClient({
    baseUrl: p.url,
    auth: { kind: 'token', tokenId: p.tokenId, secret: p.tokenSecret },
    fingerprint: p.fingerprint,
    retries: 0,
  });
}

describe('PBS 3.2', () => {
  let fleet: Fleet;
  let c: PbsClient;
  beforeAll(async () => {
    fleet = await startFleet(fixtureFleet(), { taskDurationMs: 60 });
    c = pbsClient(fleet);
  });
  afterAll(async () => {
    await c.close();
    await fleet.close();
  });

  it('reads and runs garbage collection: figures, a second start refused, the task log', async () => {
    const before = await c.gcStatus('store1');
    expect(before).toMatchObject({
      upid: expect.stringMatching(/:garbage_collection:store1:/),
      'removed-bytes': 3_221_020_014,
      'pending-bytes': 0,
    });
    expect(before).not.toHaveProperty('next-run');
    const upid = await c.startGc('store1');
    expect(parseUpid(upid)).toMatchObject({ product: 'pbs', type: 'garbage_collection', id: 'store1' });
    expect(await rejection(c.startGc('store1'))).toMatchObject({
      status: 400,
      serverMessage: expect.stringMatching(/garbage collection already running$/),
    });
    expect(isTaskOk(await c.waitForTask(upid, poll))).toBe(true);
    expect((await c.gcStatus('store1')).upid).toBe(upid);
    const log = await c.taskLog(upid);
    expect(log.lines[0]?.t).toMatch(/^\d{4}-\d\d-\d\dT\d\d:\d\d:\d\d\+00:00: starting garbage collection on store store1$/);
    expect(log.lines.at(-1)).toEqual({ n: log.total, t: 'TASK OK' });
    expect((await c.taskLog(upid, { start: 2, limit: 2 })).lines.map((l) => l.n)).toEqual([3, 4]);
    expect(await rejection(c.gcJobs())).toMatchObject({ kind: 'not-found', status: 404 });
  });

  it('lists prune and verify jobs with their last run; runs them', async () => {
    const [prune] = await c.pruneJobs({ store: 'store1' });
    expect(prune).toMatchObject({
      id: expect.stringMatching(/^p-/),
      store: 'store1',
      schedule: 'daily',
      'keep-last': 3,
      'last-run-state': 'OK',
      'next-run': expect.any(Number),
      'last-run-endtime': expect.any(Number),
    });
    const ran = await c.runPruneJob(prune!.id);
    expect(isTaskOk(await c.waitForTask(ran, poll))).toBe(true);
    expect((await c.pruneJobs({ store: 'store1' }))[0]?.['last-run-upid']).toBe(ran);
    expect((await c.taskLog(ran, { limit: 100 })).lines.map((l) => l.t)).toEqual(
      expect.arrayContaining([expect.stringMatching(/: retention options: --keep-last 3 --keep-daily 7 --keep-weekly 4$/)]),
    );
    const verify = await c.verifyJobs();
    expect(verify.map((j) => j.store)).toEqual(['store1', 'offsite']);
    expect(verify[0]).toMatchObject({ 'last-run-state': 'OK', 'next-run': expect.any(Number) });
    expect(await c.syncJobs()).toEqual([]);
    expect(await rejection(c.runVerifyJob('nope'))).toMatchObject({ status: 400, serverMessage: "job 'nope' does not exist." });
  });

  it('a corrupt snapshot fails its verification; PVE shows the failed state on the PBS storage', async () => {
    const snap = (await c.snapshots('store1', { 'backup-type': 'vm', 'backup-id': '102' }))[0]!;
    const fault = await raw(fleet.pbs!.url, {
      method: 'POST',
      path: '/_sim/datastores/store1/verify-fault',
      json: { backup_type: 'vm', backup_id: '102', backup_time: snap['backup-time'], fail: true },
    });
    expect(fault.status).toBe(200);
    const upid = await c.startVerify('store1', { 'backup-type': 'vm', 'backup-id': '102', 'backup-time': snap['backup-time'] });
    expect(parseUpid(upid)?.type).toBe('verify_snapshot');
    expect((await c.waitForTask(upid, poll)).exitstatus).toBe('verification failed - please check the log for details');
    const after = (await c.snapshots('store1', { 'backup-type': 'vm', 'backup-id': '102' })).find(
      (s) => s['backup-time'] === snap['backup-time'],
    );
    expect(after?.verification).toEqual({ state: 'failed', upid });
    const n = fleet.nodes[0]!;
    const pve = new PveClient({
      baseUrl: n.url,
      auth: { kind: 'token', tokenId: n.tokenId, secret: n.tokenSecret },
      fingerprint: n.fingerprint,
    });
    try {
      const vols = await pve.backupsStream('node1', 'pbs-store1', { vmid: 102 });
      expect(vols.find((v) => v.ctime === snap['backup-time'])?.verification).toEqual({ state: 'failed', upid });
    } finally {
      await pve.close();
    }
    const job = (await c.verifyJobs({ store: 'store1' }))[0]!;
    await c.waitForTask(await c.runVerifyJob(job.id), poll);
    expect((await c.verifyJobs({ store: 'store1' }))[0]?.['last-run-state']).toBe(
      'verification failed - please check the log for details',
    );
    const bad = await raw(fleet.pbs!.url, {
      method: 'POST',
      path: '/_sim/datastores/store1/verify-fault',
      json: { backup_type: 'vm' },
    });
    expect(bad.status).toBe(400);
    expect(await rejection(c.startVerify('store1', { 'backup-type': 'vm' }))).toMatchObject({
      status: 400,
      serverMessage: 'parameters do not specify a backup group or snapshot',
    });
  });

  it('prune-datastore removes what the options do not keep (protected stays); GC then frees the chunks', async () => {
    const usedBefore = (await c.datastoreUsage())[0]!.used!;
    const dry = await c.pruneDatastore('store1', { 'keep-last': 1, 'dry-run': true });
    await c.waitForTask(dry, poll);
    expect((await c.snapshots('store1')).filter((s) => s['backup-id'] === '102')).toHaveLength(2);
    await c.waitForTask(await c.pruneDatastore('store1', { 'keep-last': 1 }), poll);
    const left = await c.snapshots('store1');
    expect(left.filter((s) => s['backup-id'] === '102')).toHaveLength(1);
    expect(left.filter((s) => s['backup-id'] === '105')).toHaveLength(1);
    const gc = await c.startGc('store1');
    await c.waitForTask(gc, poll);
    const status = await c.gcStatus('store1');
    expect(status['removed-bytes']).toBeGreaterThan(0);
    expect((await c.datastoreUsage())[0]!.used).toBe(usedBefore - status['removed-bytes']);
  });
});

describe('PBS 3.3', () => {
  let fleet: Fleet;
  let c: PbsClient;
  beforeAll(async () => {
    const spec = fixtureFleet();
    spec.pbs!.version = '3.3';
    fleet = await startFleet(spec, { taskDurationMs: 40 });
    c = pbsClient(fleet);
  });
  afterAll(async () => {
    await c.close();
    await fleet.close();
  });

  it('answers the GC job status with the figures, also for every datastore at /admin/gc', async () => {
    const gc = await c.gcStatus('store1');
    expect(gc).toMatchObject({
      store: 'store1',
      schedule: 'daily',
      'last-run-state': 'WARNINGS: 1',
      duration: 900,
      'next-run': expect.any(Number),
      'disk-bytes': expect.any(Number),
    });
    expect((await c.gcJobs()).map((j) => j.store)).toEqual(['store1', 'offsite']);
  });
});

import { isTaskOk, parseUpid, PbsClient, type PveAuth } from '@proxai/pve-client';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startFleet, type Fleet } from '../fleet';
import { fixtureFleet } from '../fixture-fleet';
import { rejection } from './rejection';

describe.each(['password', 'token'] as const)('PbsClient with %s auth', (mode) => {
  let fleet: Fleet;
  let c: PbsClient;
  beforeAll(async () => {
    fleet = await startFleet(fixtureFleet(), { taskDurationMs: 50 });
    const p = fleet.pbs!;
    const auth: PveAuth =
      mode === 'password'
        ? { kind: 'password', username: 'root@pam', password: p.password }
        : { kind: 'token', tokenId: p.tokenId, secret: p.tokenSecret };
    c = new PbsClient({ baseUrl: p.url, auth, fingerprint: p.fingerprint, retries: 0 });
    await c.login();
  });
  afterAll(async () => {
    await c.close();
    await fleet.close();
  });

  it('reads version, datastores and usage', async () => {
    expect(await c.version()).toMatchObject({ version: '3.2', release: '4' });
    expect(await c.datastores()).toEqual([
      { store: 'store1', comment: 'main datastore (ZFS raidz2)' },
      { store: 'offsite', comment: null, maintenance: 'type=read-only,message=resync' },
    ]);
    const usage = await c.datastoreUsage();
    expect(usage[0]).toMatchObject({ store: 'store1', total: 3_936_820_510_720 });
    expect(usage[0]?.history?.length).toBeGreaterThan(10);
    expect(usage[1]).toEqual({ store: 'offsite', error: "datastore 'offsite' is in read-only maintenance mode" });
  });

  it('reads groups and snapshots with verify state, filters by group', async () => {
    const groups = await c.groups('store1');
    expect(groups.find((g) => g['backup-id'] === '102')).toMatchObject({ 'backup-type': 'vm', 'backup-count': 2 });
    const snaps = await c.snapshots('store1');
    expect(snaps.map((s) => s.verification?.state)).toEqual(['ok', undefined, 'failed', undefined]);
    expect(snaps.find((s) => s['backup-type'] === 'host')?.fingerprint).toMatch(/^([0-9a-f]{2}:){31}[0-9a-f]{2}$/);
    expect((await c.snapshots('store1', { 'backup-type': 'ct', 'backup-id': '105' })).map((s) => s['backup-id'])).toEqual([
      '105',
    ]);
    const missing = await rejection(c.snapshots('nope'));
    expect(missing).toMatchObject({ kind: 'not-found', status: 400, serverMessage: "datastore 'nope' does not exist" });
  });

  it('starts a verification, waits for it and sees the verify state and the task', async () => {
    const upid = await c.post<string>('/admin/datastore/store1/verify');
    expect(parseUpid(upid)).toMatchObject({ product: 'pbs', type: 'verify', id: 'store1' });
    const done = await c.waitForTask(upid, { pollMs: 20, timeoutMs: 5_000 });
    expect(isTaskOk(done)).toBe(true);
    expect((await c.taskStatus(upid)).exitstatus).toBe('OK');
    expect((await c.snapshots('store1')).every((s) => s.verification?.state === 'ok')).toBe(true);
    const tasks = await c.tasks({ limit: 50 });
    expect(tasks.items[0]?.worker_type).toBe('verify');
    expect(tasks.total).toBe(tasks.items.length);
  });

  it('rejects wrong credentials as auth-failed', async () => {
    const p = fleet.pbs!;
    const bad = new PbsClient({
      baseUrl: p.url,
      fingerprint: p.fingerprint,
      auth:
        mode === 'password'
          ? { kind: 'password', username: 'root@pam', password: 'x' }
          : { kind: 'token', tokenId: p.tokenId, secret: 'x' },
    });
    const err = await rejection(bad.datastores());
    expect(err.kind).toBe('auth-failed');
    expect(err.serverMessage).toMatch(mode === 'password' ? /^permission check failed/ : /^authentication failed/);
    await bad.close();
  });
});

it('a PVE backup to the PBS storage shows up in the PBS datastore', async () => {
  const fleet = await startFleet(fixtureFleet(), { taskDurationMs: 30 });
  const p = fleet.pbs!;
  const n = fleet.nodes[0]!;
  const c = new PbsClient({
    baseUrl: p.url,
    fingerprint: p.fingerprint,
    auth: { kind: 'token', tokenId: p.tokenId, secret: p.tokenSecret },
  });
  try {
    const { PveClient } = await import('@proxai/pve-client');
    const pve = new PveClient({
      baseUrl: n.url,
      fingerprint: n.fingerprint,
      auth: { kind: 'token', tokenId: n.tokenId, secret: n.tokenSecret },
    });
    const upid = await pve.vzdump('node1', { vmid: 103, storage: 'pbs-store1' });
    await pve.waitForTask('node1', upid, { pollMs: 20 });
    await pve.close();
    const groups = await c.groups('store1');
    expect(groups.find((g) => g['backup-id'] === '103')).toMatchObject({
      'backup-type': 'vm',
      'backup-count': 1,
      owner: 'root@pam!portal',
    });
  } finally {
    await c.close();
    await fleet.close();
  }
});

import type { PbsHostDetail } from '@proxai/contract';
import { generateFleet, type SimPbs } from '@proxai/pve-sim';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { TEST_DATABASE_KINDS } from '../../testing/database';
import { buildUser } from '../../testing/factories';
import { startHostsTestbed, type HostsTestbed } from '../hosts/hosts-testbed.testing';
import { pbsTokenBody, tokenBody } from '../hosts/hosts.testing';

const FAILED_VERIFY = 'verification failed - please check the log for details';

/**
 * The PBS page (GET /hosts/{id}/pbs), read live from the simulated PBS: datastores with usage, forecast, GC,
 * snapshot and group counts, failed verifications; jobs; failed tasks. Kept 30 s; a PBS that is down answers a
 * clear 502, never a 500.
 */
describe.each(TEST_DATABASE_KINDS)('the PBS page on %s', (kind) => {
  let bed: HostsTestbed;
  let sim: SimPbs;
  let pbsId: string;

  beforeAll(async () => {
    bed = await startHostsTestbed({
      spec: generateFleet({ nodes: 1, guests: 6, seed: 23, pbs: true }),
      taskDurationMs: 20,
      database: kind,
      env: { PVE_TIMEOUT_MS: '2000' },
      addBody: (n) => tokenBody(n),
    });
    sim = bed.fleet.pbsState()!;
    // One snapshot whose last verification failed, and a failed verify task of the last hour.
    const store1 = sim.datastores.get('store1')!;
    const victim = store1.snapshots.find((s) => s.type !== 'host')!;
    victim.verification = 'failed';
    const now = Math.floor(Date.now() / 1000);
    sim.runner.addFinished(
      {
        starttime: now - 3600,
        endtime: now - 3500,
        type: 'verify',
        id: 'store1',
        user: 'root@pam',
        status: 'stopped',
        exitstatus: FAILED_VERIFY,
        log: [`TASK ERROR: ${FAILED_VERIFY}`],
      },
      3898,
    );
    const added = await bed.t.app.inject({
      method: 'POST',
      url: '/api/hosts',
      headers: bed.owner.auth,
      payload: pbsTokenBody(bed.fleet.pbs!),
    });
    if (added.statusCode !== 201) throw new Error(added.body);
    pbsId = added.json<{ id: string }>().id;
  }, 60_000);
  afterAll(async () => {
    await bed?.close();
  });

  const page = (id = pbsId, auth = bed.owner.auth) =>
    bed.t.app.inject({ method: 'GET', url: `/api/hosts/${id}/pbs`, headers: { ...auth, 'accept-language': 'en' } });

  it('answers the datastores, their GC, snapshots and failed verifications, the jobs and the failed tasks', async () => {
    const res = await page();
    expect(res.statusCode, res.body).toBe(200);
    const body = res.json<PbsHostDetail>();
    const store1 = sim.datastores.get('store1')!;
    const failed = store1.snapshots.filter((s) => s.verification === 'failed').length;
    expect(failed).toBeGreaterThan(0);
    const ds = body.datastores.find((d) => d.name === 'store1')!;
    expect(ds).toMatchObject({
      total: store1.spec.totalBytes,
      used: store1.usedBytes,
      avail: store1.spec.totalBytes - store1.usedBytes,
      error: null,
      snapshot_count: store1.snapshots.length,
      group_count: new Set(store1.snapshots.map((s) => `${s.type}/${s.id}`)).size,
      failed_verifications: failed,
      unverified: store1.snapshots.filter((s) => !s.verification).length,
    });
    expect(Date.parse(ds.forecast_full_at!)).toBeGreaterThan(Date.now());
    expect(ds.failed_snapshots.length).toBe(Math.min(failed, 20));
    expect(ds.last_verify_at).not.toBeNull();
    expect(ds.gc).toMatchObject({
      last_run_at: expect.any(String),
      state: expect.any(String),
      removed_bytes: expect.any(Number),
    });
    // A datastore in maintenance is listed with PBS's reason and nothing read from it.
    expect(body.datastores.find((d) => d.name === 'offsite')).toMatchObject({
      total: null,
      snapshot_count: null,
      gc: null,
      error: expect.stringContaining('maintenance'),
    });
    expect(body.version).toBe('3.2');
    const verify = body.jobs.find((j) => j.type === 'verify' && j.store === 'store1');
    expect(verify).toMatchObject({ schedule: 'daily', enabled: true, last_state: expect.any(String) });
    expect(verify?.next_run_at).not.toBeNull();
    expect(body.jobs.some((j) => j.type === 'prune')).toBe(true);
    expect(body.tasks).toContainEqual(expect.objectContaining({ type: 'verify', worker_id: 'store1', status: FAILED_VERIFY }));
    // Tasks that ended OK or with warnings are not failures.
    expect(body.tasks.every((t) => t.status !== 'OK' && !t.status.startsWith('WARNINGS'))).toBe(true);
    expect(body.unreadable).toEqual([]);
  });

  it('is kept 30 s: a second load does not ask the PBS again', async () => {
    const first = (await page()).json<PbsHostDetail>();
    const store1 = sim.datastores.get('store1')!;
    const more = store1.snapshots.find((s) => s.verification !== 'failed' && s.type !== 'host')!;
    more.verification = 'failed';
    const again = (await page()).json<PbsHostDetail>();
    expect(again.read_at).toBe(first.read_at);
    expect(again.datastores.find((d) => d.name === 'store1')?.failed_verifications).toBe(
      first.datastores.find((d) => d.name === 'store1')?.failed_verifications,
    );
  });

  it('any member of the organisation reads it; no one else, and not for a PVE node or an unknown id', async () => {
    const readonly = await buildUser(bed.t.database.db, { organisationId: bed.owner.user.organisationId!, orgRole: 'readonly' });
    expect((await page(pbsId, readonly.auth)).statusCode).toBe(200);
    const other = await buildUser(bed.t.database.db, { orgRole: 'owner' });
    expect((await page(pbsId, other.auth)).json()).toMatchObject({ code: 'not_found' });
    const pve = await page(bed.hostIds[0]);
    expect(pve.statusCode).toBe(400);
    expect(pve.json()).toMatchObject({ code: 'bad_request', detail: expect.stringContaining('not a Proxmox Backup Server') });
    expect((await page('00000000-0000-4000-8000-000000000000')).statusCode).toBe(404);
    expect((await bed.t.app.inject({ method: 'GET', url: `/api/hosts/${pbsId}/pbs` })).statusCode).toBe(401);
    const platformAdmin = await buildUser(bed.t.database.db, { role: 'admin', organisationId: null });
    expect((await page(pbsId, platformAdmin.auth)).statusCode).toBe(403);
  });

  it('a PBS that is down answers 502 with the reason, not a 500; back up, the page reads again', async () => {
    // A fresh host: nothing of it is kept yet.
    const second = await bed.t.app.inject({
      method: 'POST',
      url: '/api/hosts',
      headers: bed.owner.auth,
      payload: pbsTokenBody(bed.fleet.pbs!, { name: 'Second view' }),
    });
    const id = second.json<{ id: string }>().id;
    await bed.fleet.setFault(bed.fleet.pbs!.name, { kind: 'refuse' });
    try {
      const down = await page(id);
      expect(down.statusCode).toBe(502);
      expect(down.json()).toEqual({
        code: 'host_unreachable',
        detail: `Cannot reach a Proxmox Backup Server API at ${bed.fleet.pbs!.url}: check the address, the port (8007) and that the server accepts HTTPS connections from this portal`,
      });
    } finally {
      await bed.fleet.setFault(bed.fleet.pbs!.name, null);
    }
    // A failed read is not kept.
    expect((await page(id)).statusCode).toBe(200);
  });
});

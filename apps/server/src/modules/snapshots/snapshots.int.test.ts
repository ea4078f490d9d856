import { beforeAll, describe, expect, it } from 'vitest';
import type { GuestSnapshot } from '@proxai/contract';
import type { Fleet } from '@proxai/pve-sim';
import type { TestApp } from '../../testing/app';
import { TEST_DATABASE_KINDS } from '../../testing/database';
import { buildUser } from '../../testing/factories';
import { giveLicence } from '../hosts/hosts.testing';
import { updateGuest } from '../guests/guests.repository';
import { useReadyTestbed, waitForTask, type VmDto } from '../guests/guests.testing';
import type { HostsTestbed } from '../hosts/hosts-testbed.testing';
import { passwordBody } from '../hosts/hosts.testing';

/** A person's snapshots through the routes, against a simulated node: list live, create, roll back, delete. */
describe.each(TEST_DATABASE_KINDS)('snapshots on %s', (kind) => {
  const bed = useReadyTestbed(kind, { nodes: 1, guests: 10, seed: 3, taskDurationMs: 60, addBody: (n) => passwordBody(n) });
  let t: TestApp;
  let fleet: Fleet;
  let owner: HostsTestbed['owner'];
  beforeAll(() => {
    ({ t, fleet, owner } = bed);
  });

  const node = () => fleet.nodes[0]!.name;
  const sim = () => fleet.node(node());
  const get = <T>(url: string, headers: Record<string, string> = owner.auth) =>
    t.app.inject({ method: 'GET', url, headers }).then((r) => r.json<T>());
  const vm = async (type: 'qemu' | 'lxc') => (await get<VmDto[]>('/api/vms')).find((v) => v.type === type)!;
  const list = (id: string, headers: Record<string, string> = owner.auth) =>
    t.app.inject({ method: 'GET', url: `/api/vms/${id}/snapshots`, headers });
  const names = async (id: string) => (await list(id)).json<{ items: GuestSnapshot[] }>().items.map((s) => s.name);
  const create = (id: string, payload: unknown, headers: Record<string, string> = owner.auth) =>
    t.app.inject({ method: 'POST', url: `/api/vms/${id}/snapshots`, payload: payload as object, headers });
  const rollback = (id: string, name: string, headers: Record<string, string> = owner.auth) =>
    t.app.inject({ method: 'POST', url: `/api/vms/${id}/snapshots/${encodeURIComponent(name)}/rollback`, headers });
  const remove = (id: string, name: string, headers: Record<string, string> = owner.auth) =>
    t.app.inject({ method: 'DELETE', url: `/api/vms/${id}/snapshots/${encodeURIComponent(name)}`, headers });
  /** The route answers 202 with a task; the task is followed to its end. */
  const done = async (answer: Promise<{ statusCode: number; body: string; json: <T>() => T }>) => {
    const res = await answer;
    expect(res.statusCode, res.body).toBe(202);
    return waitForTask(t.app, owner.auth, res.json<{ task_id: string }>().task_id);
  };

  it('takes, lists, rolls back and deletes snapshots, each a task that reaches succeeded', async () => {
    const v = await vm('qemu');
    const taken = await done(create(v.id, { name: 'before-upgrade', description: 'Before the kernel upgrade' }));
    expect(taken).toMatchObject({
      kind: 'snapshot.create',
      status: 'succeeded',
      progress: 100,
      params: {
        snapname: 'before-upgrade',
        vmid: v.vmid,
        name: v.name,
        description: 'Before the kernel upgrade',
        vmstate: false,
      },
      target: { guest_id: v.id, host_id: v.host_id },
      error: null,
    });
    expect(taken.upids).toHaveLength(1);
    expect(taken.log.map((l) => l.line)).toEqual([
      expect.stringMatching(/^create snapshot before-upgrade of VM \d+ \(.+\) on .+, asked by /),
      expect.stringMatching(/^Proxmox task UPID:[^ ]+:qmsnapshot:\d+:[^ ]+ started on /),
      expect.stringMatching(/^Proxmox task UPID:.+ ended: OK$/),
    ]);
    expect((await done(create(v.id, { name: 'with-ram', vmstate: true }))).status).toBe('succeeded');
    // A policy-style name taken outside the portal shows as the policy's.
    sim().guest(v.vmid).snapshots.push({ name: 'auto-20240101000000', snaptime: 1_704_067_200 });

    const res = await list(v.id);
    expect(res.statusCode, res.body).toBe(200);
    const items = res.json<{ items: GuestSnapshot[] }>().items;
    expect(items.map((s) => s.name).sort()).toEqual(['auto-20240101000000', 'before-upgrade', 'with-ram']);
    expect(items.find((s) => s.name === 'before-upgrade')).toEqual({
      name: 'before-upgrade',
      description: 'Before the kernel upgrade',
      created_at: expect.stringMatching(/^\d{4}-\d\d-\d\dT/) as string,
      parent: null,
      vmstate: false,
      by_policy: false,
    });
    expect(items.find((s) => s.name === 'with-ram')).toMatchObject({ vmstate: true, parent: 'before-upgrade', by_policy: false });
    expect(items.find((s) => s.name === 'auto-20240101000000')).toMatchObject({
      created_at: '2024-01-01T00:00:00.000Z',
      by_policy: true,
    });

    // Rolling back to a snapshot without RAM leaves the guest stopped (PVE stops it first).
    const back = await done(rollback(v.id, 'before-upgrade'));
    expect(back).toMatchObject({ kind: 'snapshot.rollback', status: 'succeeded', params: { snapname: 'before-upgrade' } });
    expect(sim().guest(v.vmid).status).toBe('stopped');
    expect((await get<VmDto[]>('/api/vms')).find((x) => x.id === v.id)!.state).toBe('stopped');

    const deleted = await done(remove(v.id, 'with-ram'));
    expect(deleted).toMatchObject({ kind: 'snapshot.delete', status: 'succeeded' });
    expect(await names(v.id)).not.toContain('with-ram');
    expect(
      sim()
        .tasks.filter((x) => x.id === String(v.vmid))
        .map((x) => x.type),
    ).toEqual(expect.arrayContaining(['qmsnapshot', 'qmrollback', 'qmdelsnapshot']));
  });

  it('what the host refuses ends the task failed with its error: a lock, an unknown name, a storage error', async () => {
    const v = await vm('lxc');
    expect((await done(create(v.id, { name: 'ct-first' }))).status).toBe('succeeded');
    fleet.setGuestLock(node(), v.vmid, 'backup');
    const locked = await done(create(v.id, { name: 'ct-second' }));
    expect(locked).toMatchObject({ status: 'failed', error: 'CT is locked (backup)' });
    expect(locked.log.at(-1)!.line).toBe('Failed: CT is locked (backup)');
    expect(await done(remove(v.id, 'ct-first'))).toMatchObject({ status: 'failed', error: 'CT is locked (backup)' });
    fleet.setGuestLock(node(), v.vmid, null);

    expect(await done(rollback(v.id, 'no-such-snapshot'))).toMatchObject({
      status: 'failed',
      error: "snapshot 'no-such-snapshot' does not exist",
    });
    expect(await done(remove(v.id, 'no-such-snapshot'))).toMatchObject({
      status: 'failed',
      error: "snapshot 'no-such-snapshot' does not exist",
    });
    fleet.setSnapshotFault(node(), v.vmid, {});
    expect(await done(create(v.id, { name: 'ct-third' }))).toMatchObject({
      status: 'failed',
      error: 'snapshot create failed: simulated storage error',
    });
    fleet.setSnapshotFault(node(), v.vmid, null);
    expect(await names(v.id)).toEqual(['ct-first']);
  });

  it('an unreachable host: the list answers 502 with the host error, a task ends failed with it', async () => {
    const v = await vm('qemu');
    await fleet.setFault(node(), { kind: 'refuse' });
    try {
      const res = await list(v.id);
      expect(res.statusCode).toBe(502);
      expect(res.json()).toMatchObject({
        code: 'host_unreachable',
        detail: expect.stringMatching(/^Cannot reach a Proxmox VE API at /) as string,
      });
      const fr = await list(v.id, { ...owner.auth, 'accept-language': 'fr' });
      expect(fr.statusCode).toBe(502);
      expect(fr.json<{ detail: string }>().detail).not.toMatch(/^Cannot reach/);
      const task = await done(create(v.id, { name: 'while-offline' }));
      expect(task).toMatchObject({
        status: 'failed',
        error: expect.stringMatching(/^Cannot reach a Proxmox VE API at /) as string,
      });
    } finally {
      await fleet.setFault(node(), null);
    }
  });

  it('refuses what it can tell is wrong (400), checks roles (readonly reads, cannot change; others 404) and gone guests (404)', async () => {
    const qemu = await vm('qemu');
    const ct = await vm('lxc');
    // Nothing reaches the host (its background poll aside): no PVE task is started.
    const tasks = sim().tasks.length;
    const refused = async (answer: Promise<{ statusCode: number; json: <T>() => T }>, code: string, detail?: RegExp) => {
      const res = await answer;
      expect(res.statusCode).toBe(400);
      expect(res.json()).toMatchObject({ code, detail: expect.stringMatching(detail ?? /./) as string });
    };
    await refused(create(ct.id, { name: 'with-ram', vmstate: true }), 'bad_request', /^CT \d+ \(.+\) is a container: .*vmstate/);
    await refused(create(qemu.id, { name: 'current' }), 'bad_request', /^'current' is reserved by Proxmox VE/);
    await refused(create(qemu.id, { name: 'Pending' }), 'bad_request', /reserved/);
    await refused(create(qemu.id, { name: 'auto-20240101000000' }), 'bad_request', /snapshot policy/);
    await refused(rollback(qemu.id, 'current'), 'bad_request', /reserved/);
    await refused(create(qemu.id, { name: '1st' }), 'validation_failed');
    await refused(create(qemu.id, { name: 'a'.repeat(41) }), 'validation_failed');
    await refused(create(qemu.id, { name: 'ok-name', description: 'x'.repeat(501) }), 'validation_failed');
    await refused(create(qemu.id, {}), 'validation_failed');
    await refused(rollback(qemu.id, 'bad name!'), 'validation_failed');
    await refused(remove(qemu.id, '-x'), 'validation_failed');
    await refused(remove('not-a-uuid', 'fine'), 'validation_failed');
    const fr = await create(ct.id, { name: 'with-ram', vmstate: true }, { ...owner.auth, 'accept-language': 'fr' });
    expect(fr.json<{ detail: string }>().detail).toMatch(/est un conteneur/);

    const reader = await buildUser(t.database.db, { orgRole: 'readonly', organisationId: owner.user.organisationId });
    expect((await list(qemu.id, reader.auth)).statusCode).toBe(200);
    expect((await create(qemu.id, { name: 'by-reader' }, reader.auth)).statusCode).toBe(403);
    expect((await rollback(qemu.id, 'before-upgrade', reader.auth)).statusCode).toBe(403);
    expect((await remove(qemu.id, 'before-upgrade', reader.auth)).statusCode).toBe(403);
    const stranger = await buildUser(t.database.db, { orgRole: 'owner' });
    await giveLicence(t.database.db, stranger.user.organisationId!, 'pro');
    expect((await list(qemu.id, stranger.auth)).statusCode).toBe(404);
    expect((await create(qemu.id, { name: 'by-stranger' }, stranger.auth)).statusCode).toBe(404);
    expect((await remove(qemu.id, 'before-upgrade', stranger.auth)).statusCode).toBe(404);
    expect(sim().tasks.length).toBe(tasks);

    await updateGuest(t.database.db, ct.id, { goneAt: new Date() });
    try {
      const gone = await list(ct.id);
      expect(gone.statusCode).toBe(404);
      expect(gone.json()).toMatchObject({ code: 'not_found', detail: 'VM not found' });
      expect((await create(ct.id, { name: 'late' })).statusCode).toBe(404);
    } finally {
      await updateGuest(t.database.db, ct.id, { goneAt: null });
    }
  });
});

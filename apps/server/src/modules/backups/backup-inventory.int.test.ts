import { describe, expect, it } from 'vitest';
import { eq, sql } from 'drizzle-orm';
import { backupHosts } from '../../db/schema';
import type { BackupCoverage, BackupPage, GuestCritical } from '@proxai/contract';
import { generateFleet, type Fleet } from '@proxai/pve-sim';
import { TEST_DATABASE_KINDS } from '../../testing/database';
import type { VmDto } from '../guests/guests.testing';
import { updateGuest } from '../guests/guests.repository';
import { tokenBody } from '../hosts/hosts.testing';
import { REFRESH_INTERVAL_MS, refreshBackupInventory } from './backup-inventory';
import { REFRESH_RETRY_FIRST_MS } from './backup-hosts.repository';
import { manualClock } from '../../testing/test-clock';
import { useBackupTestbed } from './backups.testing';

/**
 * The backup inventory against simulated nodes and a PBS: one content call per backup storage per refresh, each
 * backup mapped to its guest, a storage the token may not read reported so, PBS snapshots from the PBS itself,
 * the coverage (critical guests first, PVE's own jobs), and the first page of a large inventory.
 */
describe.each(TEST_DATABASE_KINDS)('backup inventory on %s', (kind) => {
  const spec = generateFleet({ nodes: 2, guests: 8, seed: 11, pbs: true });
  // PVE's own backup job on the first node (shown read-only beside ProxAI's policies).
  spec.nodes[0]!.backupJobs = [
    {
      id: 'backup-nightly',
      schedule: '21:00',
      enabled: true,
      storage: 'local',
      mode: 'snapshot',
      vmid: String(spec.nodes[0]!.guests[0]!.vmid),
    },
  ];
  const bed = useBackupTestbed(kind, spec, {
    // The test refreshes and polls by itself: the background work's clock stands still, so no periodic pass (the
    // inventory's dispatch 5 s after start, a poll) refreshes or leases a host in the middle of a test.
    clock: manualClock(),
    // The second node is added with its read-only token, here without Datastore.Audit: PVE then refuses every
    // storage's content (403) while still listing the storages.
    beforeAdd: (fleet: Fleet) => {
      const privs = fleet.node(fleet.nodes[1]!.name).auth.privilegesOf('root@pam!monitor');
      if (privs && privs !== 'all') (privs as Set<string>).delete('Datastore.Audit');
    },
    addBody: (n, i) =>
      i === 0 ? tokenBody(n) : tokenBody(n, { token_name: n.readonlyTokenId.split('!')[1], token_value: n.readonlyTokenSecret }),
  });

  const deps = () => ({ db: bed.t.database.db, config: bed.t.config, log: bed.t.app.log });
  const get = <T>(url: string) => bed.t.app.inject({ method: 'GET', url, headers: bed.owner.auth }).then((r) => r.json<T>());
  const nodeName = (i: number) => bed.fleet.nodes[i]!.name;
  const sim = (i: number) => bed.fleet.node(nodeName(i));

  it('reads each backup storage with one call, maps each backup to its guest, and says which storages it could not read', async () => {
    bed.fleet.resetRequestStats(nodeName(0));
    expect(await refreshBackupInventory(deps(), bed.hostIds[0]!)).toMatchObject({ ok: true, storages: 2 });
    expect(bed.fleet.requestStats(nodeName(0)).by_path['GET /nodes/{node}/storage/{storage}/content']).toBe(2);

    const vms = await get<VmDto[]>('/api/vms');
    const guestOf = new Map(vms.filter((v) => v.host_id === bed.hostIds[0]).map((v) => [v.vmid, v.id]));
    const page = await get<BackupPage>(`/api/backups?host_id=${bed.hostIds[0]}&limit=200`);
    const local = sim(0).storages.get('local')!.backups;
    const store1 = bed.fleet
      .pbsState()!
      .datastores.get('store1')!
      .snapshots.filter((s) => s.type !== 'host');
    expect(page.items).toHaveLength(local.length + store1.length);
    expect(page.next_cursor).toBeNull();
    for (const b of page.items) expect(b.guest_id).toBe(guestOf.get(b.vmid) ?? null);
    expect(page.items.filter((b) => b.storage === 'local').every((b) => b.verify_state === null && b.encrypted === null)).toBe(
      true,
    );
    const onPbs = page.items.filter((b) => b.storage === 'pbs-store1');
    expect(onPbs.every((b) => ['ok', 'failed', 'none'].includes(b.verify_state!) && /^pbs-(vm|ct)$/.test(b.format))).toBe(true);
    // Newest first.
    const times = page.items.map((b) => b.backup_time);
    expect(times).toEqual([...times].sort().reverse());
    expect(page.readable_storages).toEqual([
      expect.objectContaining({ host_id: bed.hostIds[0], storage: 'local', type: 'dir', readable: true, error: null }),
      expect.objectContaining({
        host_id: bed.hostIds[0],
        storage: 'pbs-store1',
        type: 'pbs',
        readable: true,
        backup_count: store1.length,
      }),
    ]);

    // The token of the second node may not audit its storages: nothing listed, and the page says why.
    expect(await refreshBackupInventory(deps(), bed.hostIds[1]!)).toMatchObject({ ok: true });
    const refused = await get<BackupPage>(`/api/backups?host_id=${bed.hostIds[1]}`);
    expect(refused.items).toEqual([]);
    expect(refused.readable_storages).toEqual([
      expect.objectContaining({
        storage: 'local',
        readable: false,
        error: 'Permission check failed (/storage/local, Datastore.Audit)',
      }),
      expect.objectContaining({
        storage: 'pbs-store1',
        readable: false,
        error: 'Permission check failed (/storage/pbs-store1, Datastore.Audit)',
      }),
    ]);

    // A backup removed on the host leaves the inventory at the next refresh.
    const snapshots = bed.fleet.pbsState()!.datastores.get('store1')!.snapshots;
    const [removed] = snapshots.splice(
      snapshots.findIndex((s) => s.type !== 'host'),
      1,
    );
    await refreshBackupInventory(deps(), bed.hostIds[0]!);
    const after = await get<BackupPage>(`/api/backups?host_id=${bed.hostIds[0]}&limit=200`);
    expect(after.items).toHaveLength(page.items.length - 1);
    const gone = `pbs-store1:backup/${removed!.type}/${removed!.id}/${new Date(removed!.time * 1000).toISOString().replace('.000Z', 'Z')}`;
    expect(page.items.map((b) => b.volid)).toContain(gone);
    expect(after.items.map((b) => b.volid)).not.toContain(gone);
  });

  it("lists a PBS's snapshots from the PBS itself, mapped to guests by vmid", async () => {
    expect(await refreshBackupInventory(deps(), bed.pbsHostId)).toMatchObject({ ok: true, storages: 2 });
    const page = await get<BackupPage>(`/api/backups?host_id=${bed.pbsHostId}&limit=200`);
    const store1 = bed.fleet
      .pbsState()!
      .datastores.get('store1')!
      .snapshots.filter((s) => s.type !== 'host');
    expect(page.items).toHaveLength(store1.length);
    const vms = await get<VmDto[]>('/api/vms');
    for (const b of page.items) {
      expect(b).toMatchObject({ source: 'pbs', datastore: 'store1', storage: null });
      expect(b.guest_id).toBe(vms.find((v) => v.vmid === b.vmid)?.id ?? null);
      expect(b.volid).toMatch(new RegExp(`^store1:(vm|ct)/${b.vmid}/\\d{4}-\\d\\d-\\d\\dT\\d\\d:\\d\\d:\\d\\dZ$`));
    }
    expect(page.readable_storages.map((s) => [s.storage, s.type, s.readable])).toEqual([
      ['offsite', 'datastore', true],
      ['store1', 'datastore', true],
    ]);
  });

  it('covers the guests without a recent backup (critical ones first), and shows PVE jobs and its not-backed-up list', async () => {
    const vms = (await get<VmDto[]>('/api/vms')).filter((v) => v.host_id === bed.hostIds[0]).sort((a, b) => a.vmid - b.vmid);
    const [flagged, tagged] = [vms.at(-1)!, vms.at(-2)!];
    const patch = await bed.t.app.inject({
      method: 'PATCH',
      url: `/api/vms/${flagged.id}/critical`,
      headers: bed.owner.auth,
      payload: { critical: true },
    });
    expect(patch.json<GuestCritical>()).toEqual({ guest_id: flagged.id, critical: true, tagged: false, effective: true });
    await updateGuest(bed.t.database.db, tagged.id, { tags: ['prod', 'Critical'] });
    expect(await get<GuestCritical>(`/api/vms/${tagged.id}/critical`)).toMatchObject({
      critical: false,
      tagged: true,
      effective: true,
    });

    // Within the last hour nothing was backed up: every guest is listed, the two critical ones first.
    const hour = await get<BackupCoverage>('/api/backups/coverage?hours=1');
    expect(hour.hours).toBe(1);
    expect(hour.guests_without_backup).toHaveLength(
      vms.length + (await get<VmDto[]>('/api/vms')).filter((v) => v.host_id !== bed.hostIds[0]).length,
    );
    expect(new Set(hour.guests_without_backup.slice(0, 2).map((g) => g.guest_id))).toEqual(new Set([flagged.id, tagged.id]));
    expect(hour.guests_without_backup.slice(2).every((g) => !g.critical)).toBe(true);
    // A guest whose newest backup in the inventory is a day old, with its time.
    const anyBackup = (await get<BackupPage>(`/api/backups?host_id=${bed.hostIds[0]}&limit=1`)).items[0]!;
    const entry = hour.guests_without_backup.find((g) => g.guest_id === anyBackup.guest_id);
    if (anyBackup.guest_id) expect(entry?.last_backup_at).toBe(anyBackup.backup_time);

    // PVE's own backup job and the guests it does not select, read at the first node's refresh.
    expect(hour.pve_jobs).toEqual([
      expect.objectContaining({
        host_id: bed.hostIds[0],
        id: 'backup-nightly',
        schedule: '21:00',
        storage: 'local',
        enabled: true,
        all: false,
        vmids: [vms[0]!.vmid],
      }),
    ]);
    const notCovered = hour.not_backed_up_pve.filter((g) => g.host_id === bed.hostIds[0]).map((g) => g.vmid);
    expect(notCovered).toEqual(expect.arrayContaining(vms.slice(1).map((v) => v.vmid)));
    expect(notCovered).not.toContain(vms[0]!.vmid);

    // What each host's token may see, as its last refresh found (the second node's may not audit storages).
    expect(hour.inventory_hosts).toEqual(
      expect.arrayContaining([
        expect.objectContaining({ host_id: bed.hostIds[0], can_audit_storage: true, can_backup: true, last_error: null }),
        expect.objectContaining({ host_id: bed.hostIds[1], can_audit_storage: false, can_audit_guests: true, can_backup: false }),
      ]),
    );

    // Over ten days the generated nightly backups cover most guests.
    const tenDays = await get<BackupCoverage>('/api/backups/coverage?hours=240');
    expect(tenDays.guests_without_backup.length).toBeLessThan(hour.guests_without_backup.length);
  });

  it('names the guest of a backup read before the portal knew the guest, as soon as a poll lists it', async () => {
    const db = bed.t.database.db;
    await refreshBackupInventory(deps(), bed.hostIds[0]!);
    const listed = await get<BackupPage>(`/api/backups?host_id=${bed.hostIds[0]}&limit=200`);
    const { vmid, guest_id: oldId } = listed.items.find((b) => b.source === 'pve-storage' && b.guest_id)!;
    // As on a host whose first inventory ran before its first poll: the portal knows no live guest of this vmid
    // while the PVE storage and the PBS are read, so their rows of it name none.
    await db.execute(sql`update guests set gone_at = now() where id = ${oldId}::uuid`);
    await refreshBackupInventory(deps(), bed.hostIds[0]!);
    await refreshBackupInventory(deps(), bed.pbsHostId);
    const ofVmid = async () => {
      const all = [
        ...(await get<BackupPage>(`/api/backups?host_id=${bed.hostIds[0]}&limit=200`)).items,
        ...(await get<BackupPage>(`/api/backups?host_id=${bed.pbsHostId}&limit=200`)).items,
      ];
      return all.filter((b) => b.vmid === vmid);
    };
    const unnamed = await ofVmid();
    expect(unnamed.map((b) => b.source).sort()).toEqual(expect.arrayContaining(['pbs', 'pve-storage']));
    expect(unnamed.every((b) => b.guest_id === null)).toBe(true);

    // The next poll lists the guest (a new row): its backups name it at once, not at the next inventory.
    const sync = await bed.t.app.inject({ method: 'POST', url: `/api/hosts/${bed.hostIds[0]}/sync`, headers: bed.owner.auth });
    expect(sync.statusCode).toBe(200);
    const guest = (await get<VmDto[]>('/api/vms')).find((v) => v.vmid === vmid && v.host_id === bed.hostIds[0])!;
    expect(guest.id).not.toBe(oldId);
    const named = await ofVmid();
    expect(named).toHaveLength(unnamed.length);
    expect(named.every((b) => b.guest_id === guest.id)).toBe(true);
    // The guest's page shows each backup once (a PVE storage's copy of a PBS snapshot as its PBS lists it).
    const ofGuest = (await get<BackupPage>(`/api/backups?guest_id=${guest.id}&limit=200`)).items;
    expect(ofGuest.map((b) => b.backup_time).sort()).toEqual([...new Set(named.map((b) => b.backup_time))].sort());
  });

  it('tries a host whose refresh failed again after 1, then 2 minutes, and back at the interval once it works', async () => {
    const hostId = bed.hostIds[0]!;
    const row = async () => (await bed.t.database.db.select().from(backupHosts).where(eq(backupHosts.hostId, hostId)))[0]!;
    const after = async (now: Date) => (await row()).nextRefreshAt.getTime() - now.getTime();
    await bed.fleet.setFault(nodeName(0), { kind: 'refuse' });
    try {
      const first = new Date();
      expect(await refreshBackupInventory(deps(), hostId, first)).toMatchObject({ ok: false });
      expect(await row()).toMatchObject({ refreshFailures: 1, lastError: expect.stringMatching(/Cannot reach/) as string });
      expect(await after(first)).toBe(REFRESH_RETRY_FIRST_MS);
      const second = new Date(first.getTime() + REFRESH_RETRY_FIRST_MS);
      expect(await refreshBackupInventory(deps(), hostId, second)).toMatchObject({ ok: false });
      expect((await row()).refreshFailures).toBe(2);
      expect(await after(second)).toBe(2 * REFRESH_RETRY_FIRST_MS);
      // Never later than the usual interval, however long it fails.
      await bed.t.database.db.update(backupHosts).set({ refreshFailures: 40 }).where(eq(backupHosts.hostId, hostId));
      const third = new Date(second.getTime() + 2 * REFRESH_RETRY_FIRST_MS);
      await refreshBackupInventory(deps(), hostId, third);
      expect(await after(third)).toBe(REFRESH_INTERVAL_MS);
    } finally {
      await bed.fleet.setFault(nodeName(0), null);
    }
    const back = new Date();
    expect(await refreshBackupInventory(deps(), hostId, back)).toMatchObject({ ok: true });
    expect(await row()).toMatchObject({ refreshFailures: 0, lastError: null });
    expect(await after(back)).toBe(REFRESH_INTERVAL_MS);
  });

  // Its speed on 5,000 guests × 30 backups is measured by bench/backup-inventory, not here.
  it('pages a large inventory newest first by its cursor, each backup once', async () => {
    const org = bed.owner.user.organisationId!;
    // 3,000 backups of the first host, one every minute back from now.
    await bed.t.database.db.execute(sql`
      insert into backups (organisation_id, host_id, vmid, guest_type, source, storage, volid, backup_time, size_bytes, format)
      select ${org}::uuid, ${bed.hostIds[0]}::uuid, 1000 + (i % 5000), 'qemu', 'pve-storage', 'bulk',
        'bulk:backup/vzdump-qemu-' || (1000 + (i % 5000)) || '-' || i || '.vma.zst', now() - (i || ' minutes')::interval, 1000, 'vma.zst'
      from generate_series(1, 3000) as s(i)`);
    await bed.t.database.db.execute(sql`analyze backups`);
    const first = await get<BackupPage>('/api/backups?limit=100');
    expect(first.items).toHaveLength(100);
    const second = await get<BackupPage>(`/api/backups?limit=100&cursor=${first.next_cursor}`);
    expect(second.items).toHaveLength(100);
    expect(second.items[0]!.backup_time <= first.items.at(-1)!.backup_time).toBe(true);
    expect(new Set([...first.items, ...second.items].map((b) => b.id)).size).toBe(200);
    const bad = await bed.t.app.inject({ method: 'GET', url: '/api/backups?cursor=not-a-cursor', headers: bed.owner.auth });
    expect(bad.statusCode).toBe(400);
  });
});

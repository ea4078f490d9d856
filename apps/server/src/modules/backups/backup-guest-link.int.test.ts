import { describe, expect, it } from 'vitest';
import { and, eq, isNull } from 'drizzle-orm';
import type { BackupPage } from '@proxai/contract';
import { generateFleet } from '@proxai/pve-sim';
import type { Db } from '../../db/client';
import { backups, guests } from '../../db/schema';
import { TEST_DATABASE_KINDS } from '../../testing/database';
import type { VmDto } from '../guests/guests.testing';
import { refreshBackupInventory } from './backup-inventory';
import { guestsWithoutBackupSince } from './backups.repository';
import { useBackupTestbed } from './backups.testing';

/**
 * A host's inventory looks its guests up, then reads its storages (seconds on a large one); a host sync that adds
 * guests in between (a new host's first poll beside its first inventory) used to leave the rows the inventory then
 * wrote unnamed until its next refresh, 15 minutes later: the sync had found no row to name, the inventory no guest.
 */
describe.each(TEST_DATABASE_KINDS)('backups of guests a sync adds during the inventory on %s', (kind) => {
  const bed = useBackupTestbed(kind, generateFleet({ nodes: 1, guests: 10, seed: 11, pbs: true }));
  const get = <T>(url: string) => bed.t.app.inject({ method: 'GET', url, headers: bed.owner.auth }).then((r) => r.json<T>());

  it('names them at once, and the last backup reads them, without another inventory read', async () => {
    const db = bed.t.database.db;
    const hostId = bed.hostIds[0]!;
    const deps = { db, config: bed.t.config, log: bed.t.app.log };
    const rowsOfHost = () => db.select().from(backups).where(eq(backups.hostId, hostId));
    expect(await refreshBackupInventory(deps, hostId)).toMatchObject({ ok: true, storages: 2 });
    // As on a host whose first poll has not listed its guests yet: the portal knows none of them; 'local' was
    // never read, and the rows of 'pbs-store1' name no guest (read while none was known).
    await db
      .update(guests)
      .set({ goneAt: new Date() })
      .where(and(eq(guests.hostId, hostId), isNull(guests.goneAt)));
    await db.delete(backups).where(and(eq(backups.hostId, hostId), eq(backups.storage, 'local')));
    await db.update(backups).set({ guestId: null }).where(eq(backups.hostId, hostId));

    // The host's sync lands after the inventory looked its guests up and read its first storage, before it writes
    // what it read: the first write of a refresh is that storage's transaction.
    let synced: number | undefined;
    const inventoryDb = Object.create(db) as Db;
    inventoryDb.transaction = (async (...args: Parameters<Db['transaction']>) => {
      if (synced === undefined) {
        const res = await bed.t.app.inject({ method: 'POST', url: `/api/hosts/${hostId}/sync`, headers: bed.owner.auth });
        synced = res.statusCode;
      }
      return db.transaction(...args);
    }) as Db['transaction'];
    expect(await refreshBackupInventory({ ...deps, db: inventoryDb }, hostId)).toMatchObject({ ok: true, storages: 2 });
    expect(synced).toBe(200);

    // Every backup names the guest now listed with its type and vmid, on both storages.
    const vms = (await get<VmDto[]>('/api/vms')).filter((v) => v.host_id === hostId);
    const guestOf = new Map(vms.map((v) => [`${v.type}:${v.vmid}`, v.id]));
    const rows = await rowsOfHost();
    expect(new Set(rows.map((r) => r.storage))).toEqual(new Set(['local', 'pbs-store1']));
    const named = rows.filter((r) => guestOf.has(`${r.guestType}:${r.vmid}`));
    expect(named.length).toBeGreaterThan(0);
    for (const r of rows) expect(r.guestId, r.volid).toBe(guestOf.get(`${r.guestType}:${r.vmid}`) ?? null);

    // Each guest's last backup (lastBackupAt, which the coverage, the backup alerts and the advice read) is its
    // newest row's, and the guest's page lists its rows. A day ahead: every guest is listed with its last backup.
    const last = await guestsWithoutBackupSince(db, bed.owner.user.organisationId!, new Date(Date.now() + 86_400_000));
    for (const v of vms) {
      const times = named.filter((r) => r.guestId === v.id).map((r) => r.backupTime.getTime());
      expect(last.find((g) => g.id === v.id)?.lastBackupAt ?? null, v.name).toEqual(
        times.length > 0 ? new Date(Math.max(...times)) : null,
      );
      const page = await get<BackupPage>(`/api/backups?guest_id=${v.id}&host_id=${hostId}&limit=200`);
      expect(page.items.map((b) => b.volid).sort(), v.name).toEqual(
        named
          .filter((r) => r.guestId === v.id)
          .map((r) => r.volid)
          .sort(),
      );
    }
  });
});

import { randomUUID } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import type { ApiKeyCreated, BackupCoverage, BackupPage, RestoreTestPage, RestoreTestSummary } from '@proxai/contract';
import { restoreTests } from '../../db/schema';
import { generateFleet } from '@proxai/pve-sim';
import { TEST_DATABASE_KINDS } from '../../testing/database';
import { trackSecret } from '../../testing/secrets';
import type { VmDto } from '../guests/guests.testing';
import { withEmailStepUp, type Auth } from '../mfa/step-up.testing';
import { refreshBackupInventory } from './backup-inventory';
import { useBackupTestbed } from './backups.testing';

/**
 * The backup inventory under an API key's host scope (issue 21, ADR 019), against two simulated nodes and a PBS:
 * a key limited to one host lists the backups of its guests (wherever they are stored, its PBS's too) and the
 * storages of its host, its coverage is its guests' and its host's, and it reads its guests' restore tests; another
 * host, the PBS itself, or a guest elsewhere answers 404, and a restore or a restore test is refused to it.
 */
describe.each(TEST_DATABASE_KINDS)('backups of a host-scoped API key on %s', (kind) => {
  const spec = generateFleet({ nodes: 2, guests: 8, seed: 11, pbs: true });
  spec.nodes[1]!.backupJobs = [
    {
      id: 'backup-other',
      schedule: '21:00',
      enabled: true,
      storage: 'local',
      mode: 'snapshot',
      vmid: String(spec.nodes[1]!.guests[0]!.vmid),
    },
  ];
  const bed = useBackupTestbed(kind, spec);
  const get = (url: string, headers: Auth) => bed.t.app.inject({ method: 'GET', url, headers });

  it("lists its guests' backups, its host's storages and its guests' restore tests; anything else is 404", async () => {
    const deps = { db: bed.t.database.db, config: bed.t.config, log: bed.t.app.log };
    for (const hostId of [...bed.hostIds, bed.pbsHostId]) {
      expect(await refreshBackupInventory(deps, hostId), hostId).toMatchObject({ ok: true });
    }
    const [mine, other] = bed.hostIds as [string, string];
    const made = await withEmailStepUp(bed.t.app, bed.owner.auth, bed.owner.user.email, {
      method: 'POST',
      url: '/api/api-keys',
      payload: {
        name: 'backup report',
        scopes: ['fleet.read', 'backups.run'],
        host_ids: [mine],
        expires_at: new Date(Date.now() + 86_400_000).toISOString(),
      },
    });
    expect(made.statusCode, made.body).toBe(201);
    const { secret } = made.json<ApiKeyCreated>();
    trackSecret(secret);
    const key = { authorization: `Bearer ${secret}` };

    const vms = (await get('/api/vms', bed.owner.auth)).json<VmDto[]>();
    const onMine = new Set(vms.filter((v) => v.host_id === mine).map((v) => v.id));
    const all = (await get('/api/backups?limit=200', bed.owner.auth)).json<BackupPage>();
    expect(all.next_cursor).toBeNull();
    const expected = all.items.filter((b) => b.guest_id && onMine.has(b.guest_id));
    // The fleet has backups of both hosts' guests, some on the PBS: the narrowing has something to leave out.
    expect(expected.length).toBeGreaterThan(0);
    expect(expected.some((b) => b.source === 'pbs')).toBe(true);
    expect(all.items.length).toBeGreaterThan(expected.length);

    const res = await get('/api/backups?limit=200', key);
    expect(res.statusCode, res.body).toBe(200);
    const page = res.json<BackupPage>();
    expect(page.items.map((b) => b.id).sort()).toEqual(expected.map((b) => b.id).sort());
    expect(page.readable_storages.length).toBeGreaterThan(0);
    expect(page.readable_storages.every((s) => s.host_id === mine)).toBe(true);
    const guest = [...onMine][0]!;
    expect((await get(`/api/backups?guest_id=${guest}`, key)).statusCode).toBe(200);
    expect((await get(`/api/backups?host_id=${mine}`, key)).statusCode).toBe(200);
    const elsewhere = vms.find((v) => v.host_id === other)!;
    for (const url of [
      `/api/backups?guest_id=${elsewhere.id}`,
      `/api/backups?host_id=${other}`,
      `/api/backups?host_id=${bed.pbsHostId}`,
    ]) {
      const refused = await get(url, key);
      expect(refused.statusCode, `${url}: ${refused.body}`).toBe(404);
    }

    // Coverage: its guests without a recent backup, its host's storages, jobs and inventory.
    const owners = (await get('/api/backups/coverage?hours=240', bed.owner.auth)).json<BackupCoverage>();
    const cover = await get('/api/backups/coverage?hours=240', key);
    expect(cover.statusCode, cover.body).toBe(200);
    const coverage = cover.json<BackupCoverage>();
    expect(coverage.guests_without_backup.map((g) => g.guest_id).sort()).toEqual(
      owners.guests_without_backup
        .filter((g) => g.host_id === mine)
        .map((g) => g.guest_id)
        .sort(),
    );
    expect(owners.pve_jobs.some((j) => j.host_id === other)).toBe(true);
    expect(coverage.pve_jobs.every((j) => j.host_id === mine)).toBe(true);
    expect(owners.inventory_hosts.map((h) => h.host_id)).toEqual(expect.arrayContaining([mine, other, bed.pbsHostId]));
    expect(coverage.inventory_hosts.map((h) => h.host_id)).toEqual([mine]);
    expect(coverage.readable_storages.every((s) => s.host_id === mine)).toBe(true);
    expect(coverage.not_backed_up_pve.every((g) => g.guest_id !== null && onMine.has(g.guest_id))).toBe(true);

    // Restoring writes to a host and a storage the scope cannot judge: refused.
    const restore = await bed.t.app.inject({
      method: 'POST',
      url: '/api/backups/restore',
      headers: key,
      payload: { backup_id: expected[0]!.id, target: 'new' },
    });
    expect(restore.statusCode, restore.body).toBe(403);

    // Restore tests: those of its guests (one, its evidence, the summary); another guest's is 404; running one is 403.
    const test = (v: VmDto) => ({
      organisationId: bed.owner.user.organisationId!,
      guestId: v.id,
      hostId: v.host_id,
      guestName: v.name,
      guestType: v.type,
      vmid: v.vmid,
      targetNode: 'pve1',
      status: 'passed' as const,
      evidence: { signed: true },
      taskId: randomUUID(),
      endedAt: new Date(),
    });
    const ownGuest = vms.find((v) => v.host_id === mine)!;
    const [ours, theirs] = await bed.t.database.db
      .insert(restoreTests)
      .values([test(ownGuest), test(elsewhere)])
      .returning();
    const listed = await get('/api/restore-tests?limit=200', key);
    expect(listed.statusCode, listed.body).toBe(200);
    expect(listed.json<RestoreTestPage>().items.map((r) => r.id)).toEqual([ours!.id]);
    expect((await get(`/api/restore-tests/${ours!.id}`, key)).statusCode).toBe(200);
    expect((await get(`/api/restore-tests/${ours!.id}/evidence`, key)).statusCode).toBe(200);
    for (const url of [`/api/restore-tests/${theirs!.id}`, `/api/restore-tests/${theirs!.id}/evidence`]) {
      expect((await get(url, key)).statusCode, url).toBe(404);
      expect((await get(url, bed.owner.auth)).statusCode, url).toBe(200);
    }
    const summary = (await get('/api/restore-tests/summary', key)).json<RestoreTestSummary>();
    expect(summary.items.map((g) => g.guest_id)).toContain(ownGuest.id);
    expect(summary.items.every((g) => g.host_id === mine)).toBe(true);
    const run = await bed.t.app.inject({
      method: 'POST',
      url: '/api/restore-tests',
      headers: key,
      payload: { guest_id: ownGuest.id },
    });
    expect(run.statusCode, run.body).toBe(403);
  });
});

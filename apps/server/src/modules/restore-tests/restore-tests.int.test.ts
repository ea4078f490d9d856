import { generateKeyPairSync, randomUUID } from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { and, eq } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import type { EvidencePublicKey, RestoreTestEvidence, RestoreTestSummary } from '@proxai/contract';
import type { Fleet, SimNode } from '@proxai/pve-sim';
import { events, guests, schedules } from '../../db/schema';
import type { TestApp } from '../../testing/app';
import { TEST_DATABASE_KINDS } from '../../testing/database';
import { useReadyTestbed, type VmDto } from '../guests/guests.testing';
import type { HostsTestbed } from '../hosts/hosts-testbed.testing';
import { insertRestoreTest, updateRestoreTest } from './restore-tests.repository';
import { guestWithBackup, onCopy, pveTaskTypes, RESTORE_TEST_BED, runThroughApi, verifyEvidence } from './restore-tests.testing';

/**
 * Restore tests end to end on a simulated node, through the API and the real job: a pass with its RTO and
 * verifiable evidence, the fail-closed refusal to boot a copy whose NICs are up, a failing HTTP probe, a
 * preflight skip for memory, a container's checks, and one test at a time per node.
 */
describe.each(TEST_DATABASE_KINDS)('restore tests on %s', (kind) => {
  const bed = useReadyTestbed(kind, RESTORE_TEST_BED);
  let t: TestApp;
  let fleet: Fleet;
  let owner: HostsTestbed['owner'];
  let node: SimNode;
  let vms: VmDto[];
  let dir: string;
  beforeAll(async () => {
    ({ t, fleet, owner } = bed);
    node = fleet.node(fleet.nodes[0]!.name);
    vms = (await t.app.inject({ method: 'GET', url: '/api/vms', headers: owner.auth })).json<VmDto[]>();
    dir = fs.mkdtempSync(path.join(os.tmpdir(), 'proxai-evidence-'));
  });
  const idOf = (vmid: number) => vms.find((v) => v.vmid === vmid)!.id;
  const get = (url: string) => t.app.inject({ method: 'GET', url, headers: owner.auth });
  const qemuProbes = [
    { type: 'agent_ping' },
    { type: 'tcp', port: 22 },
    { type: 'http', port: 80, url_path: '/', expect_status: 200, expect_body: 'OK' },
    { type: 'exec', command: ['echo', 'restored'], expect_exit: 0, expect_output: 'restored' },
  ];

  it('passes with its RTO, boots only an isolated copy, cleans it up, and signs evidence that verifies offline', async () => {
    const vmid = guestWithBackup(node, 'qemu');
    const original = node.guests.get(vmid)!;
    const { test, task } = await runThroughApi(t, owner.auth, {
      guest_id: idOf(vmid),
      probes: qemuProbes,
      healthy_timeout_seconds: 5,
    });
    expect(test, JSON.stringify(task.log)).toMatchObject({
      status: 'passed',
      reason: null,
      vmid,
      target_node: node.name,
      has_evidence: true,
    });
    expect(test.backup_volid).toMatch(new RegExp(`^local:backup/vzdump-qemu-${vmid}-`));
    expect(test.restored_vmid).not.toBe(vmid);
    expect(test.rto_seconds).toBeGreaterThan(0);
    const { restore_s, boot_s, healthy_s, cleanup_s } = test.timings;
    expect([restore_s, boot_s, healthy_s, cleanup_s].every((s) => typeof s === 'number' && s >= 0)).toBe(true);
    expect(test.rto_seconds).toBeCloseTo(restore_s! + boot_s! + healthy_s!, 0);
    expect(test.probes.map((p) => [p.probe.type, p.ok])).toEqual([
      ['agent_ping', true],
      ['tcp', true],
      ['http', true],
      ['exec', true],
    ]);
    // Restored, started, then stopped and destroyed: in that order, and nothing of the copy left.
    expect(pveTaskTypes(task)).toEqual(['qmrestore', 'qmstart', 'qmstop', 'qmdestroy']);
    expect(node.guests.has(test.restored_vmid!)).toBe(false);
    expect(task).toMatchObject({ kind: 'restore-test.run', status: 'succeeded' });

    const download = await get(`/api/restore-tests/${test.id}/evidence`);
    expect(download.statusCode).toBe(200);
    expect(download.headers['content-disposition']).toBe(`attachment; filename="restore-test-${test.id}.json"`);
    const evidence = JSON.parse(download.body) as RestoreTestEvidence;
    // The config read back before start: every NIC down, with a MAC that is not the original's.
    expect(evidence.isolation.all_links_down).toBe(true);
    expect(Object.values(evidence.isolation.nics).length).toBeGreaterThan(0);
    for (const nic of Object.values(evidence.isolation.nics)) {
      expect(nic).toMatch(/(^|,)link_down=1(,|$)/);
      expect(nic).not.toContain(original.mac);
    }
    expect(evidence).toMatchObject({
      guest: { name: original.name, vmid, type: 'qemu' },
      backup: { volid: test.backup_volid },
      target: { node: node.name, restored_vmid: test.restored_vmid },
      result: { status: 'passed', reason: null },
      cleanup: { attempted: true, vmid_gone: true, leftover_volumes: [] },
      preflight: { config_from: 'backup' },
    });
    expect(evidence.probes.find((p) => p.probe.type === 'exec')!.output).toContain('restored');

    // Offline: against the key the portal publishes, then after one byte of the file is edited.
    const key = (await get('/api/evidence/public-key')).json<EvidencePublicKey>();
    const file = path.join(dir, 'evidence.json');
    fs.writeFileSync(file, download.body);
    const valid = await verifyEvidence([file, '--public-key', key.public_key], dir);
    expect(valid.code, valid.stderr).toBe(0);
    expect(valid.stdout).toMatch(/^VALID: restore test .* PASSED, RTO /);
    // By default, the key the server wrote into its DATA_DIR; never a key of someone else.
    const byDataDir = await verifyEvidence(['evidence.json'], dir, { DATA_DIR: t.config.dataDir });
    expect(byDataDir.code, byDataDir.stderr).toBe(0);
    const otherKey = generateKeyPairSync('ed25519').publicKey.export({ format: 'der', type: 'spki' }).toString('base64');
    const other = await verifyEvidence([file, '--public-key', otherKey], dir);
    expect(other).toMatchObject({
      code: 1,
      stderr: expect.stringMatching(/^OTHER KEY: .* signed by key [0-9a-f]{16}, not by the key given/),
    });
    const bytes = Buffer.from(download.body);
    for (const at of [
      bytes.indexOf('"rto_seconds"') + 15,
      bytes.indexOf('link_down=1') + 10,
      Math.floor(bytes.length / 2),
      bytes.length - 1,
    ]) {
      const edited = Buffer.from(bytes);
      edited[at] = edited[at] === 0x30 ? 0x31 : edited[at] === 0x0a ? 0x20 : 0x30;
      fs.writeFileSync(file, edited);
      const tampered = await verifyEvidence([file, '--public-key', key.public_key], dir);
      expect(tampered.code, `byte ${at}`).toBe(1);
      expect(tampered.stderr).toMatch(/^(TAMPERED|INVALID): /);
    }

    const [ended] = await t.database.db
      .select()
      .from(events)
      .where(and(eq(events.type, 'restore_test.ended'), eq(events.organisationId, owner.user.organisationId!)));
    expect(ended?.data).toMatchObject({ restore_test_id: test.id, status: 'passed', rto_seconds: test.rto_seconds });
  }, 120_000);

  it('refuses to boot a copy whose NICs a host left up (fail closed), and cleans it up', async () => {
    const vmid = guestWithBackup(node, 'qemu');
    node.quirks.ignoreLinkDown = true;
    try {
      const { test, task } = await runThroughApi(t, owner.auth, { guest_id: idOf(vmid), healthy_timeout_seconds: 0 });
      expect(test.status).toBe('failed');
      expect(test.reason).toMatch(
        /^Refused to start the copy: net0 not link_down=1 after the restore \(fail closed, never booted\)/,
      );
      // Never started: no start (nor stop) was sent, and it was destroyed.
      expect(pveTaskTypes(task)).toEqual(['qmrestore', 'qmdestroy']);
      expect(node.guests.has(test.restored_vmid!)).toBe(false);
      expect(test.timings.boot_s).toBeUndefined();
      const evidence = (await get(`/api/restore-tests/${test.id}/evidence`)).json<RestoreTestEvidence>();
      expect(evidence.isolation).toMatchObject({ checked: true, all_links_down: false });
      expect(evidence.cleanup).toMatchObject({ vmid_gone: true, leftover_volumes: [] });
    } finally {
      node.quirks.ignoreLinkDown = false;
    }
  }, 120_000);

  it('fails on a failing HTTP probe, with the probe output in the evidence', async () => {
    const vmid = guestWithBackup(node, 'qemu');
    const watch = onCopy(node, (copy) => {
      node.guests.get(copy)!.probe = {
        tcpPorts: [22, 80],
        execFail: false,
        http: { path: '/health', status: 503, body: 'database down' },
      };
    });
    try {
      const { test } = await runThroughApi(t, owner.auth, {
        guest_id: idOf(vmid),
        probes: [{ type: 'http', url_path: '/health', port: 80, expect_status: 200 }],
        healthy_timeout_seconds: 1,
      });
      expect(test.status).toBe('failed');
      expect(test.reason).toMatch(/^Probe failed: http 80 \(GET http:\/\/127\.0\.0\.1:80\/health via curl: status 503/);
      expect(test.rto_seconds).toBeNull();
      expect(test.probes).toEqual([expect.objectContaining({ ok: false, output: expect.stringContaining('database down') })]);
      expect(node.guests.has(test.restored_vmid!)).toBe(false);
      const evidence = (await get(`/api/restore-tests/${test.id}/evidence`)).json<RestoreTestEvidence>();
      expect(evidence.result.status).toBe('failed');
      expect(evidence.probes[0]!.output).toContain('status 503');
    } finally {
      watch.stop();
    }
  }, 120_000);

  it('skips when the node lacks memory, before anything is restored', async () => {
    const vmid = guestWithBackup(node, 'qemu');
    const guests = node.guests.size;
    node.memFreePinned = 64 * 1024 * 1024;
    try {
      const { test, task } = await runThroughApi(t, owner.auth, { guest_id: idOf(vmid) });
      expect(test).toMatchObject({ status: 'skipped', restored_vmid: null, rto_seconds: null });
      expect(test.reason).toMatch(new RegExp(`^Not enough free memory on ${node.name}: 0\\.06 GiB free, `));
      expect(task).toMatchObject({ status: 'skipped', upids: [] });
      expect(node.guests.size).toBe(guests);
    } finally {
      delete node.memFreePinned;
    }
  }, 120_000);

  it("checks a container's state instead of probes", async () => {
    const vmid = guestWithBackup(node, 'lxc');
    const { test, task } = await runThroughApi(t, owner.auth, { guest_id: idOf(vmid), probes: [{ type: 'tcp', port: 22 }] });
    expect(test.status, JSON.stringify(task.log)).toBe('passed');
    expect(test.probes.map((p) => [p.probe.type, p.ok])).toEqual([
      ['ct_running', true],
      ['ct_init', true],
      ['ct_uptime', true],
      ['ct_interfaces', true],
      ['tcp', null],
    ]);
    expect(pveTaskTypes(task)).toEqual(['vzrestore', 'vzstart', 'vzstop', 'vzdestroy']);
    expect(node.guests.has(test.restored_vmid!)).toBe(false);
  }, 120_000);

  it('runs one test at a time on a node: a second one is skipped, not half-run; lists and sums them up', async () => {
    const vmid = guestWithBackup(node, 'qemu');
    // Another test holding the node, as a run in progress would.
    const holder = await insertRestoreTest(t.database.db, {
      organisationId: owner.user.organisationId!,
      guestId: idOf(vmid),
      hostId: bed.hostIds[0]!,
      guestName: 'holder',
      guestType: 'qemu',
      vmid,
      targetNode: node.name,
      status: 'running',
      taskId: randomUUID(),
    });
    try {
      const { test, task } = await runThroughApi(t, owner.auth, { guest_id: idOf(vmid) });
      expect(test).toMatchObject({ status: 'skipped', reason: `Another restore test is running on node ${node.name}` });
      expect(task.upids).toEqual([]);
    } finally {
      await updateRestoreTest(t.database.db, holder.id, { status: 'failed', reason: 'test holder', endedAt: new Date() });
    }

    // Never tested, but selected by a weekly restore-test schedule; another never tested, but critical.
    const tested = new Set(
      (await get('/api/restore-tests?limit=200')).json<{ items: { guest_id: string }[] }>().items.map((i) => i.guest_id),
    );
    const [scheduled, critical] = vms.filter((v) => !tested.has(v.id)).slice(-2) as [VmDto, VmDto];
    await t.database.db.insert(schedules).values({
      organisationId: owner.user.organisationId!,
      name: 'Weekly restore tests',
      kind: 'restore-test',
      cron: '0 3 * * 0',
      timezone: 'UTC',
      selector: { guest_ids: [scheduled.id] },
      params: { max_guests_per_run: 1 },
      createdBy: { type: 'user', id: owner.user.id, name: owner.user.email },
    });
    await t.database.db
      .update(guests)
      .set({ tags: ['Critical'] })
      .where(eq(guests.id, critical.id));
    const summary = (await get('/api/restore-tests/summary')).json<RestoreTestSummary>();
    const passed = summary.items.find((i) => i.last_status === 'passed')!;
    expect(passed).toMatchObject({ critical: false, next_scheduled_at: null, last_rto_seconds: expect.any(Number) });
    expect(passed.rto_trend.length).toBeGreaterThan(0);
    const next = summary.items.find((i) => i.guest_id === scheduled.id)!;
    expect(next).toMatchObject({
      last_status: null,
      rto_trend: [],
      next_scheduled_at: expect.stringMatching(/T03:00:00\.000Z$/),
    });
    expect(new Date(next.next_scheduled_at!).getUTCDay()).toBe(0);
    expect(summary.items.find((i) => i.guest_id === critical.id)).toMatchObject({ critical: true, last_status: null });
    const page = (await get(`/api/restore-tests?status=skipped&limit=1`)).json<{
      items: { status: string }[];
      next_cursor: string | null;
    }>();
    expect(page.items).toEqual([expect.objectContaining({ status: 'skipped' })]);
    expect(page.next_cursor).toEqual(expect.any(String));
    const more = (await get(`/api/restore-tests?status=skipped&limit=1&cursor=${page.next_cursor}`)).json<{ items: unknown[] }>();
    expect(more.items).toHaveLength(1);
  }, 120_000);

  it('answers 400 for bad input and 404 for a guest of nobody, without echoing it', async () => {
    const bad = await t.app.inject({
      method: 'POST',
      url: '/api/restore-tests',
      headers: owner.auth,
      payload: { guest_id: idOf(guestWithBackup(node, 'qemu')), probes: [{ type: 'http', url_path: '/a b<script>' }] },
    });
    expect(bad.statusCode).toBe(400);
    expect(bad.json()).toMatchObject({ code: 'validation_failed' });
    expect(bad.body).not.toContain('<script>');
    const missing = await t.app.inject({
      method: 'POST',
      url: '/api/restore-tests',
      headers: owner.auth,
      payload: { guest_id: '00000000-0000-4000-8000-000000000000' },
    });
    expect(missing.statusCode).toBe(404);
    expect((await get('/api/restore-tests/00000000-0000-4000-8000-000000000000/evidence')).statusCode).toBe(404);
  }, 120_000);
});

import { PveClient } from '@proxai/pve-client';
import type { Alert, AlertCount, AlertPage, AlertRule, AlertRuleSet } from '@proxai/contract';
import { and, eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { alertGuestStops, alertRuleDefaults, alertRules, guests, hosts } from '../../db/schema';
import { TEST_DATABASE_KINDS } from '../../testing/database';
import { buildUser } from '../../testing/factories';
import { until } from '../../testing/until';
import { waitForTask } from '../guests/guests.testing';
import { ALERT_EVALUATE_JOB } from './alerts.jobs';
import { ensureDefaultRules } from './alerts.repository';
import { alertsTestbedPerFile } from './alerts.testing';
import { DEFAULT_RULES } from './rules';

/** The default kinds of the first organisations (before backups and restore tests). */
const FIRST_KINDS = ['host_offline', 'guest_down', 'cpu', 'memory', 'disk', 'storage', 'collector_stale'];

// Alerts end to end: the real app (pollers, outbox subscriber, jobs) against a simulated PVE node. The evaluator
// is called directly with a chosen `now` where a test needs time to pass (host offline for 2 minutes).

describe.each(TEST_DATABASE_KINDS)('alerts on %s', (kind) => {
  const bed = alertsTestbedPerFile(kind, { guests: 14, seed: 18 });
  const { api, evaluate, alerts, alertEvents, pollNow } = bed;
  const node = () => bed.fleet.nodes[0]!;
  const sim = () => bed.fleet.node(node().name);
  const guestRow = async (vmid: number) =>
    (
      await bed.t.database.db
        .select()
        .from(guests)
        .where(and(eq(guests.hostId, bed.hostId), eq(guests.vmid, vmid)))
    )[0]!;
  /** A running guest not used by an earlier test. */
  const used = new Set<number>();
  const runningGuest = () => {
    const g = [...sim().guests.values()].find((x) => !x.template && x.status === 'running' && !used.has(x.vmid))!;
    used.add(g.vmid);
    return g;
  };
  /** Stops the guest inside the simulator, as a crash would: no task, no lock. */
  const crash = (vmid: number) => {
    const g = sim().guest(vmid);
    g.status = 'stopped';
    g.stoppedAt = Math.floor(Date.now() / 1000);
    delete g.startedAt;
    delete g.pid;
  };
  /** Waits until the poll saw the stop and the subscriber recorded it. */
  const stopRecorded = async (vmid: number) => {
    await pollNow();
    const guestId = (
      await until(
        () => guestRow(vmid),
        (g) => g.state === 'stopped',
      )
    ).id;
    const rows = await until(
      async () => bed.t.database.db.select().from(alertGuestStops).where(eq(alertGuestStops.guestId, guestId)),
      (r) => r.length > 0,
    );
    expect(rows).toHaveLength(1);
    return guestId;
  };
  /** No poll of the host starts until pollNow() (or an action's job asks for one); one running now ends first. */
  const holdPolls = async () => {
    await bed
      .db()
      .update(hosts)
      .set({ nextPollAt: new Date(Date.now() + 3600_000) })
      .where(eq(hosts.id, bed.hostId));
    const idle = await until(
      () => bed.hostRow(),
      (h) => !h.pollLeasedUntil || h.pollLeasedUntil < new Date(),
    );
    expect(idle.pollLeasedUntil === null || idle.pollLeasedUntil < new Date()).toBe(true);
  };
  const stopOutcome = async (guestId: string) =>
    (await bed.t.database.db.select().from(alertGuestStops).where(eq(alertGuestStops.guestId, guestId)))[0]?.outcome;

  it('gives an organisation made before a default kind existed that kind once, never again once its rule is deleted', async () => {
    const db = bed.db();
    const kinds = async (org: string) =>
      (await db.select().from(alertRules).where(eq(alertRules.organisationId, org)).orderBy(alertRules.position)).map(
        (r) => r.kind,
      );
    const later = ['backup_failed', 'restore_test_missing', 'restore_test_failed'];
    // An organisation that got the first seven defaults, then a build with more.
    const a = (await buildUser(db, { orgRole: 'owner' })).user.organisationId!;
    await ensureDefaultRules(
      db,
      a,
      DEFAULT_RULES.filter((r) => FIRST_KINDS.includes(r.kind)),
    );
    expect(await kinds(a)).toEqual(FIRST_KINDS);
    await ensureDefaultRules(db, a, DEFAULT_RULES);
    expect(await kinds(a)).toEqual([...FIRST_KINDS, ...later]);
    // Deleted by the organisation: not given again.
    await db.delete(alertRules).where(and(eq(alertRules.organisationId, a), eq(alertRules.kind, 'backup_failed')));
    await ensureDefaultRules(db, a, DEFAULT_RULES);
    expect(await kinds(a)).toEqual([...FIRST_KINDS, ...later.slice(1)]);
    // A marker from before the column (as the migration leaves it) counts the first seven as given: an
    // organisation that deleted some of them does not get them back, only the later kinds.
    const b = (await buildUser(db, { orgRole: 'owner' })).user.organisationId!;
    await db.insert(alertRuleDefaults).values({ organisationId: b });
    await ensureDefaultRules(db, b, DEFAULT_RULES);
    expect(await kinds(b)).toEqual(later);
    const [marker] = await db.select().from(alertRuleDefaults).where(eq(alertRuleDefaults.organisationId, b));
    expect(marker!.offeredKinds).toEqual([...FIRST_KINDS, ...later]);
  });

  it('answers the default rules, replaces them with checks, and lets only operators and above change them', async () => {
    const first = await api<AlertRuleSet>('GET', '/api/alert-rules');
    expect(first.status).toBe(200);
    expect(first.body.items.map((r) => r.kind)).toEqual([
      'host_offline',
      'guest_down',
      'cpu',
      'memory',
      'disk',
      'storage',
      'collector_stale',
      'backup_failed',
      'restore_test_missing',
      'restore_test_failed',
    ]);
    expect(first.body.items.find((r) => r.kind === 'host_offline')).toMatchObject({ trigger: 120, clear: null });
    expect(first.body.items.find((r) => r.kind === 'cpu')).toMatchObject({ trigger: 90, clear: 80, duration_seconds: 300 });
    // Read again: still ten (the defaults are made once).
    expect((await api<AlertRuleSet>('GET', '/api/alert-rules')).body.items).toHaveLength(10);

    const input = (r: AlertRule) => {
      const { created_at: _c, updated_at: _u, ...rest } = r;
      return rest;
    };
    const cpu = first.body.items.find((r) => r.kind === 'cpu')!;
    const bad = await api('PUT', '/api/alert-rules', { items: [{ ...input(cpu), trigger: 80, clear: 85 }] });
    expect(bad.status).toBe(400);
    expect(bad.body.detail).toMatch(/clear \(85 %\) must be below the trigger \(80 %\)/);
    const badOffline = await api('PUT', '/api/alert-rules', {
      items: [{ ...input(first.body.items[0]!), trigger: 5 }],
    });
    expect(badOffline.status).toBe(400);
    expect(badOffline.body.detail).toMatch(/between 30 and 86400 seconds/);
    const unknownId = await api('PUT', '/api/alert-rules', { items: [{ ...input(cpu), id: crypto.randomUUID() }] });
    expect(unknownId.status).toBe(400);
    expect(unknownId.body.detail).toMatch(/Unknown rule id/);
    const unknownHost = await api('PUT', '/api/alert-rules', {
      items: [{ ...input(cpu), scope: { host_ids: [crypto.randomUUID()] } }],
    });
    expect(unknownHost.status).toBe(400);

    const readonly = await buildUser(bed.t.database.db, { organisationId: bed.org, orgRole: 'readonly' });
    expect((await api('GET', '/api/alert-rules', undefined, readonly.auth)).status).toBe(200);
    expect((await api('PUT', '/api/alert-rules', { items: [] }, readonly.auth)).status).toBe(403);

    // The tests below watch guest_down and host_offline only (the simulated guests' loads would open others).
    const operator = await buildUser(bed.t.database.db, { organisationId: bed.org, orgRole: 'operator' });
    const keep = first.body.items.filter((r) => r.kind === 'host_offline' || r.kind === 'guest_down').map(input);
    const put = await api<AlertRuleSet>('PUT', '/api/alert-rules', { items: keep }, operator.auth);
    expect(put.status).toBe(200);
    expect(put.body.items.map((r) => [r.id, r.kind])).toEqual(keep.map((r) => [r.id, r.kind]));
    expect((await api<AlertRuleSet>('GET', '/api/alert-rules')).body.items).toHaveLength(2);
  });

  it('raises nothing for guests stopped by a stop-mode backup job of several guests', async () => {
    const [a, b] = [runningGuest(), runningGuest()];
    const n = node();
    const client = new PveClient({
      baseUrl: n.url,
      auth: { kind: 'token', tokenId: n.tokenId, secret: n.tokenSecret },
      fingerprint: n.fingerprint,
    });
    // Long enough for a poll to see the first guest stopped while its backup runs.
    sim().taskDurationMs = 4000;
    try {
      // A nightly job of several guests: its PVE task names no vmid.
      const upid = await client.vzdump(n.name, { vmid: [a.vmid, b.vmid], mode: 'stop', storage: 'local' });
      expect(sim().guest(a.vmid)).toMatchObject({ status: 'stopped', lock: 'backup' });
      const guestId = await stopRecorded(a.vmid);
      await evaluate();
      expect(await stopOutcome(guestId)).toMatch(/^explained: PVE (task vzdump|lock 'backup')/);
      await client.waitForTask(n.name, upid, { timeoutMs: 20_000 });
      await pollNow();
      await until(
        () => guestRow(a.vmid),
        (r) => r.state === 'running',
      );
      await evaluate();
      const ids = [guestId, (await guestRow(b.vmid)).id];
      expect((await alerts()).filter((x) => ids.includes(x.subject.id))).toEqual([]);
    } finally {
      sim().taskDurationMs = 50;
      await client.close();
    }
  });

  it('raises guest_down for a guest that stopped without any task, lock or window (a crash), once, even after a backup job of other guests', async () => {
    const g = runningGuest();
    crash(g.vmid);
    const guestId = await stopRecorded(g.vmid);
    await evaluate();
    expect(await stopOutcome(guestId)).toBe('unexplained');
    const open = (await alerts({ status: 'active' })).filter((a) => a.subject.id === guestId);
    expect(open).toHaveLength(1);
    expect(open[0]).toMatchObject({
      kind: 'guest_down',
      severity: 'warning',
      host_id: bed.hostId,
      notified: true,
      status: 'active',
    });
    const triggered = (await alertEvents('alert.triggered')).filter((d) => d.alert_id === open[0]!.id);
    expect(triggered).toHaveLength(1);
    // Later evaluations while it stays down add nothing.
    await evaluate();
    await evaluate();
    expect((await alertEvents('alert.triggered')).filter((d) => (d.subject as { id: string }).id === guestId)).toHaveLength(1);

    // The bell counts it; acknowledging it is recorded once and takes it out of the count.
    const count = await api<AlertCount>('GET', '/api/alerts/count');
    expect(count.body.active_unacknowledged).toBeGreaterThanOrEqual(1);
    const readonly = await buildUser(bed.t.database.db, { organisationId: bed.org, orgRole: 'readonly' });
    expect((await api('POST', `/api/alerts/${open[0]!.id}/ack`, undefined, readonly.auth)).status).toBe(403);
    const acked = await api<Alert>('POST', `/api/alerts/${open[0]!.id}/ack`);
    expect(acked.status).toBe(200);
    expect(acked.body.acknowledged_by).toBe(bed.owner.user.email);
    await api<Alert>('POST', `/api/alerts/${open[0]!.id}/ack`);
    expect((await alertEvents('alert.acknowledged')).filter((d) => d.alert_id === open[0]!.id)).toHaveLength(1);
    const after = await api<AlertCount>('GET', '/api/alerts/count');
    expect(after.body.active_unacknowledged).toBe(count.body.active_unacknowledged - 1);
    const silenced = await api<Alert>('POST', `/api/alerts/${open[0]!.id}/silence`, { minutes: 30 });
    expect(silenced.status).toBe(200);
    expect(new Date(silenced.body.silenced_until!).getTime()).toBeGreaterThan(Date.now() + 29 * 60_000);
    expect((await api('POST', `/api/alerts/${crypto.randomUUID()}/ack`)).status).toBe(404);

    // Started again: resolved; silenced, so no resolve message.
    sim().guest(g.vmid).status = 'running';
    sim().guest(g.vmid).startedAt = Math.floor(Date.now() / 1000);
    await pollNow();
    await until(
      () => guestRow(g.vmid),
      (r) => r.state === 'running',
    );
    await evaluate();
    const [resolved] = (await alerts({ status: 'resolved' })).filter((a) => a.id === open[0]!.id);
    expect(resolved?.resolved_at).toEqual(expect.any(String));
    expect((await alertEvents('alert.resolved')).filter((d) => d.alert_id === open[0]!.id)).toHaveLength(0);
  });

  it('raises nothing for a guest stopped by a person through Proxmox (a PVE task explains it)', async () => {
    const g = runningGuest();
    const n = node();
    const client = new PveClient({
      baseUrl: n.url,
      auth: { kind: 'token', tokenId: n.tokenId, secret: n.tokenSecret },
      fingerprint: n.fingerprint,
    });
    try {
      const upid = await client.guestAction(n.name, g.type, g.vmid, 'shutdown');
      await client.waitForTask(n.name, upid, { timeoutMs: 5000 });
    } finally {
      await client.close();
    }
    const guestId = await stopRecorded(g.vmid);
    await evaluate();
    expect(await stopOutcome(guestId)).toMatch(/^explained: PVE task qmshutdown|^explained: PVE task vzshutdown/);
    expect((await alerts()).filter((a) => a.subject.id === guestId)).toEqual([]);
  });

  it('raises nothing for a guest stopped through the portal (its task explains it)', async () => {
    const g = runningGuest();
    const row = await guestRow(g.vmid);
    // The stop is written once, by the action's job: a poll that saw it while the job still waited on its PVE
    // task would write it too (guest-state.ts compares with the state the job last wrote, not the row's), and
    // the one stop would be recorded twice. So no poll runs until the task ended.
    await holdPolls();
    const queued = await api<{ task_id: string }>('POST', `/api/vms/${row.id}/action`, { action: 'stop' });
    expect(queued.status).toBe(202);
    const task = await waitForTask(bed.t.app, bed.owner.auth, queued.body.task_id);
    expect(task.status).toBe('succeeded');
    const guestId = await stopRecorded(g.vmid);
    await evaluate();
    expect(await stopOutcome(guestId)).toMatch(/^explained: portal task guest\.stop /);
    expect((await alerts()).filter((a) => a.subject.id === guestId)).toEqual([]);
  });

  it('raises nothing for a guest stopped under a backup lock (a stop-mode backup)', async () => {
    const g = runningGuest();
    // What a stop-mode vzdump does to the guest while it runs: locked 'backup', stopped.
    sim().setGuestLock(g.vmid, 'backup');
    crash(g.vmid);
    const guestId = await stopRecorded(g.vmid);
    await evaluate();
    expect(await stopOutcome(guestId)).toMatch(/^explained: PVE lock 'backup'/);
    expect((await alerts()).filter((a) => a.subject.id === guestId)).toEqual([]);
    sim().setGuestLock(g.vmid, null);
  });

  it('raises nothing for a stop inside a maintenance window covering the host', async () => {
    const created = await api<{ id: string }>('POST', '/api/windows', {
      name: 'Now',
      days: ['mon', 'tue', 'wed', 'thu', 'fri', 'sat', 'sun'],
      start: `${String(new Date(Date.now() - 3600_000).getUTCHours()).padStart(2, '0')}:00`,
      duration_minutes: 240,
      timezone: 'UTC',
    });
    expect(created.status).toBe(201);
    try {
      const g = runningGuest();
      crash(g.vmid);
      const guestId = await stopRecorded(g.vmid);
      await evaluate();
      expect(await stopOutcome(guestId)).toBe('explained: inside a maintenance window');
      expect((await alerts()).filter((a) => a.subject.id === guestId)).toEqual([]);
    } finally {
      await bed.t.app.inject({ method: 'DELETE', url: `/api/windows/${created.body.id}`, headers: bed.owner.auth });
    }
  });

  it('opens an alert once when two replicas evaluate the organisation at the same time', async () => {
    const g = runningGuest();
    crash(g.vmid);
    const guestId = await stopRecorded(g.vmid);
    await Promise.all([evaluate(), evaluate(), evaluate()]);
    expect((await alerts()).filter((a) => a.subject.id === guestId)).toHaveLength(1);
    expect((await alertEvents('alert.triggered')).filter((d) => (d.subject as { id: string }).id === guestId)).toHaveLength(1);
  });

  it('raises host_offline once the host was unreachable for the trigger (120 s), and resolves it when it answers', async () => {
    await bed.fleet.setFault(node().name, { kind: 'refuse' });
    let failedAt: Date;
    try {
      await pollNow();
      const failed = await until(
        () => bed.hostRow(),
        (h) => h.status === 'offline',
      );
      expect(failed.status).toBe('offline');
      failedAt = failed.lastSyncAt!;
      await evaluate(new Date(failedAt.getTime() + 60_000));
      expect((await alerts({ status: 'active' })).filter((a) => a.kind === 'host_offline')).toEqual([]);
      await evaluate(new Date(failedAt.getTime() + 121_000));
      const open = (await alerts({ status: 'active' })).filter((a) => a.kind === 'host_offline');
      expect(open).toHaveLength(1);
      expect(open[0]).toMatchObject({ subject: { kind: 'host', id: bed.hostId }, severity: 'critical', threshold: 120 });
      expect((await alertEvents('alert.triggered')).filter((d) => d.alert_id === open[0]!.id)).toHaveLength(1);
      // Unacknowledged for 15 minutes: escalated to level 1, once.
      await evaluate(new Date(Date.parse(open[0]!.started_at) + 15 * 60_000));
      await evaluate(new Date(Date.parse(open[0]!.started_at) + 16 * 60_000));
      const escalated = (await alertEvents('alert.escalated')).filter((d) => d.alert_id === open[0]!.id);
      expect(escalated.map((d) => d.level)).toEqual([1]);
    } finally {
      await bed.fleet.setFault(node().name, null);
    }
    await pollNow();
    await until(
      () => bed.hostRow(),
      (h) => h.status === 'online',
    );
    // Through the real job this time (what the timer queues).
    await bed.t.app.jobs.send(ALERT_EVALUATE_JOB, { organisation_id: bed.org });
    const resolved = await until(
      () => alertEvents('alert.resolved'),
      (d) => d.some((x) => x.kind === 'host_offline'),
    );
    const event = resolved.find((x) => x.kind === 'host_offline')!;
    expect(event).toMatchObject({ host_id: bed.hostId, severity: 'critical' });
    expect(event.duration_seconds).toEqual(expect.any(Number));

    // The history pages through next_cursor, newest first.
    const page1 = await api<AlertPage>('GET', '/api/alerts?limit=1');
    expect(page1.body.items).toHaveLength(1);
    const page2 = await api<AlertPage>('GET', `/api/alerts?limit=1&cursor=${page1.body.next_cursor}`);
    expect(page2.body.items[0]!.id).not.toBe(page1.body.items[0]!.id);
    expect(Date.parse(page2.body.items[0]!.started_at)).toBeLessThanOrEqual(Date.parse(page1.body.items[0]!.started_at));
    expect((await api('GET', '/api/alerts?cursor=nope')).status).toBe(400);
    const ofHost = await api<AlertPage>('GET', `/api/alerts?host_id=${bed.hostId}&status=resolved`);
    expect(ofHost.body.items.every((a) => a.host_id === bed.hostId && a.status === 'resolved')).toBe(true);
  });
});

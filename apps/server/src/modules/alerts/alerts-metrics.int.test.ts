import https from 'node:https';
import type { SimNodeInfo } from '@proxai/pve-sim';
import { and, eq, inArray } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { guests } from '../../db/schema';
import { TEST_DATABASE_KINDS } from '../../testing/database';
import { until } from '../../testing/until';
import { latestValues, writeSamples } from '../metrics/store';
import { alertsTestbedPerFile, POLL_INTERVAL_S } from './alerts.testing';
import { DEFAULT_RULES } from './rules';

// Alerts from the metric store's latest values and the hosts' poll times: CPU spikes set through the simulator's
// control path (grouped into one message per host), and a collector that stopped polling.

/** The simulator's control path (outside /api2), over its own HTTPS with its pinned certificate. */
function control(n: SimNodeInfo, method: string, path: string, json?: unknown): Promise<number> {
  const body = json === undefined ? undefined : JSON.stringify(json);
  return new Promise((resolve, reject) => {
    const req = https.request(
      new URL(path, n.url),
      {
        method,
        ca: n.certificatePem,
        checkServerIdentity: () => undefined,
        headers: body ? { 'content-type': 'application/json', 'content-length': String(Buffer.byteLength(body)) } : {},
      },
      (res) => {
        res.resume();
        res.on('end', () => resolve(res.statusCode ?? 0));
      },
    );
    req.on('error', reject);
    req.end(body);
  });
}

describe.each(TEST_DATABASE_KINDS)('alerts from metrics on %s', (kind) => {
  const bed = alertsTestbedPerFile(kind, { guests: 6, seed: 7 });
  const { db, evaluate, alerts, putRules, pollNow, lastEventId } = bed;
  const eventsAfter = (id: number, type: string) => bed.alertEvents(type, id);
  const rule = (kind: string, over: Record<string, unknown> = {}) => ({
    ...DEFAULT_RULES.find((r) => r.kind === kind)!,
    ...over,
  });

  it('opens the CPU alerts of two guests of one host in one evaluation as ONE grouped message, and resolves them together', async () => {
    await putRules([rule('cpu', { trigger: 95, clear: 80, duration_seconds: 0 })]);
    const n = bed.fleet.nodes[0]!;
    const picked = [...bed.fleet.node(n.name).guests.values()].filter((x) => !x.template && x.status === 'running').slice(0, 2);
    expect(picked).toHaveLength(2);
    const rows = await db()
      .select()
      .from(guests)
      .where(
        and(
          eq(guests.hostId, bed.hostId),
          inArray(
            guests.vmid,
            picked.map((g) => g.vmid),
          ),
        ),
      );
    const ids = rows.map((r) => r.id);
    for (const g of picked) expect(await control(n, 'POST', `/_sim/guests/${g.vmid}/load`, { cpu: 0.99 })).toBe(200);
    await pollNow();
    await until(
      () => latestValues(db(), bed.org),
      (m) => ids.every((id) => (m.get(`guest:${id}`)?.values.cpu ?? 0) > 0.95),
    );
    const before = await lastEventId();
    await evaluate();
    const mine = (await alerts()).filter((a) => ids.includes(a.subject.id) && a.status === 'active');
    expect(mine.map((a) => a.kind)).toEqual(['cpu', 'cpu']);
    expect(mine.every((a) => a.value! >= 95 && a.threshold === 95)).toBe(true);
    expect(mine[0]!.group_id).not.toBeNull();
    expect(mine[0]!.group_id).toBe(mine[1]!.group_id);
    const triggered = (await eventsAfter(before, 'alert.triggered')).filter((d) => d.host_id === bed.hostId);
    expect(triggered).toHaveLength(1);
    const group = (triggered[0]!.group as { alert_id: string }[]).map((m) => m.alert_id);
    expect(group.sort()).toEqual(mine.map((a) => a.id).sort());

    // Still high at the next evaluation: nothing new.
    const quiet = await lastEventId();
    await evaluate();
    expect(await eventsAfter(quiet, 'alert.triggered')).toEqual([]);

    for (const g of picked) expect(await control(n, 'DELETE', `/_sim/guests/${g.vmid}/load`)).toBe(200);
    await pollNow();
    await until(
      () => latestValues(db(), bed.org),
      (m) => ids.every((id) => (m.get(`guest:${id}`)?.values.cpu ?? 1) < 0.8),
    );
    const beforeResolve = await lastEventId();
    await evaluate();
    expect((await alerts()).filter((a) => ids.includes(a.subject.id)).map((a) => a.status)).toEqual(['resolved', 'resolved']);
    const resolved = (await eventsAfter(beforeResolve, 'alert.resolved')).filter((d) => d.host_id === bed.hostId);
    expect(resolved).toHaveLength(1);
    expect((resolved[0]!.group as unknown[]).length).toBe(2);
  });

  it('sends ONE notification for a node CPU oscillating 79–81 % against trigger 80 / clear 75, evaluation after evaluation', async () => {
    await putRules([rule('cpu', { trigger: 80, clear: 75, duration_seconds: 0, cooldown_seconds: 0, max_per_hour: 60 })]);
    const before = await lastEventId();
    // An hour ahead of the real polls, so only these samples are the newest (each evaluation reads the state it
    // left in the database, as after a restart).
    const base = Date.now() + 60 * 60_000;
    const at = (i: number) => new Date(base + i * 20_000);
    const sample = async (i: number, cpu: number) => {
      await writeSamples(db(), {
        organisationId: bed.org,
        at: at(i),
        samples: [{ subject: { kind: 'node', id: bed.hostId }, values: { cpu } }],
      });
      await evaluate(at(i), { maxSampleAgeSeconds: 15 });
    };
    for (let i = 0; i < 30; i++) await sample(i, i % 2 === 0 ? 0.81 : 0.79);
    const triggered = (await eventsAfter(before, 'alert.triggered')).filter((d) => d.kind === 'cpu');
    expect(triggered).toHaveLength(1);
    expect(triggered[0]).toMatchObject({ subject: { kind: 'host', id: bed.hostId }, value: 81, threshold: 80 });
    await sample(30, 0.7);
    expect((await eventsAfter(before, 'alert.resolved')).filter((d) => d.kind === 'cpu')).toHaveLength(1);
  });

  it('raises collector_stale when a host was not polled for more than two intervals, and clears at the next poll', async () => {
    await putRules([rule('collector_stale')]);
    const h = await bed.hostRow();
    expect(h.status).toBe('online');
    const last = h.lastSyncAt!.getTime();
    await evaluate(new Date(last + 2 * POLL_INTERVAL_S * 1000 - 500));
    expect((await alerts()).filter((a) => a.kind === 'collector_stale')).toEqual([]);
    await evaluate(new Date(last + 2 * POLL_INTERVAL_S * 1000 + 1500));
    const open = (await alerts()).filter((a) => a.kind === 'collector_stale' && a.status === 'active');
    expect(open).toHaveLength(1);
    expect(open[0]).toMatchObject({ subject: { kind: 'host', id: bed.hostId }, threshold: 2 });
    // The pollers keep running in real time: at the present time the host is fresh again.
    await pollNow();
    await until(
      async () => (await bed.hostRow()).lastSyncAt!.getTime(),
      (t) => t > last,
    );
    await evaluate();
    const after = (await alerts()).find((a) => a.id === open[0]!.id);
    expect(after?.status).toBe('resolved');
  });
});

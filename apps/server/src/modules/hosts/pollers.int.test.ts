import { generateFleet, startFleet, type Fleet } from '@proxai/pve-sim';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { guests, hosts, tasks } from '../../db/schema';
import { createTestApp, type TestApp } from '../../testing/app';
import { openTestDatabase, TEST_DATABASE_KINDS } from '../../testing/database';
import { buildUser } from '../../testing/factories';
import { trackSecret } from '../../testing/secrets';
import { LOOPBACK_HOSTS } from '../../testing/env';
import { until } from '../../testing/until';
import { giveLicence, tokenBody } from './hosts.testing';

const INTERVAL_S = 5;
const env = { SYNC_INTERVAL_SECONDS: String(INTERVAL_S), RATE_LIMIT_ENABLED: 'false', PVE_TIMEOUT_MS: '2000', ...LOOPBACK_HOSTS };

describe.each(TEST_DATABASE_KINDS)('host pollers on %s', (kind) => {
  let fleet: Fleet;
  let database: Awaited<ReturnType<typeof openTestDatabase>>;
  let owner: Awaited<ReturnType<typeof buildUser>>;
  let t: TestApp;
  let hostId: string;

  beforeAll(async () => {
    fleet = await startFleet(generateFleet({ nodes: 1, guests: 6, seed: 21, pbs: false }), { taskDurationMs: 20 });
    for (const n of fleet.nodes) trackSecret(n.password, n.tokenSecret);
    database = await openTestDatabase(kind);
    owner = await buildUser(database.db, { orgRole: 'owner' });
    await giveLicence(database.db, owner.user.organisationId!, 'pro');
    t = await createTestApp({ jobs: true, env, reuseDatabase: database });
    const added = await t.app.inject({
      method: 'POST',
      url: '/api/hosts',
      headers: owner.auth,
      payload: tokenBody(fleet.nodes[0]!),
    });
    expect(added.statusCode, added.body).toBe(201);
    hostId = added.json<{ id: string }>().id;
  });
  afterAll(async () => {
    await t?.close();
    await database?.close();
    await fleet?.close();
  });

  const hostRow = async () => (await database.db.select().from(hosts).where(eq(hosts.id, hostId)))[0]!;
  const listed = async () =>
    (await t.app.inject({ method: 'GET', url: '/api/vms', headers: owner.auth })).json<
      { id: string; vmid: number; state: string }[]
    >();

  it('polls a host whose turn came, and marks a guest that left gone instead of deleting it', async () => {
    const sim = fleet.node(fleet.nodes[0]!.name);
    const [first] = await listed();
    const leaving = sim.guests.get(first!.vmid)!;
    // A task of the guest, to check it outlives the guest's removal.
    await database.db.insert(tasks).values({
      organisationId: owner.user.organisationId!,
      kind: 'guest.start',
      status: 'succeeded',
      hostId,
      guestId: first!.id,
      createdBy: { type: 'system', id: null, name: 'test' },
    });
    sim.guests.delete(leaving.vmid);
    await database.db
      .update(hosts)
      .set({ nextPollAt: new Date(Date.now() - 1000) })
      .where(eq(hosts.id, hostId));
    const after = await until(listed, (vms) => !vms.some((g) => g.vmid === leaving.vmid));
    expect(after.some((g) => g.vmid === leaving.vmid)).toBe(false);
    const [row] = await database.db.select().from(guests).where(eq(guests.id, first!.id));
    expect(row?.goneAt).toBeInstanceOf(Date);
    const [task] = await database.db.select().from(tasks).where(eq(tasks.guestId, first!.id));
    expect(task?.guestId).toBe(first!.id);
    // The next poll is one cycle later.
    const h = await hostRow();
    expect(h.nextPollAt.getTime() - Date.now()).toBeGreaterThan(INTERVAL_S * 1000 * 0.5);
    expect(h.pollFailures).toBe(0);
  });

  it('leaves a host alone until its turn (another replica polled it a moment ago)', async () => {
    const sim = fleet.node(fleet.nodes[0]!.name);
    const g = [...sim.guests.values()].find((x) => !x.template && x.status === 'running')!;
    await database.db
      .update(hosts)
      .set({ nextPollAt: new Date(Date.now() + 60_000) })
      .where(eq(hosts.id, hostId));
    g.status = 'stopped';
    await new Promise((r) => setTimeout(r, 2500));
    expect((await listed()).find((x) => x.vmid === g.vmid)?.state).toBe('running');
    await database.db.update(hosts).set({ nextPollAt: new Date() }).where(eq(hosts.id, hostId));
    const vms = await until(listed, (v) => v.find((x) => x.vmid === g.vmid)?.state === 'stopped');
    expect(vms.find((x) => x.vmid === g.vmid)?.state).toBe('stopped');
  });

  it('backs off from a host that does not answer, and brings it back online once it does', async () => {
    const node = fleet.nodes[0]!.name;
    // Every connection to the node is dropped or reset from now on, those the portal's pool already has included.
    // The simulator used to close its port instead: a connection then still in its TLS handshake was served, and the
    // pool could keep it (the history backfill reads the host through it twice a second), so polls still succeeded.
    await fleet.setFault(node, { kind: 'refuse' });
    try {
      await database.db.update(hosts).set({ nextPollAt: new Date() }).where(eq(hosts.id, hostId));
      // The failure and the next time are two writes (the poll's, then its release): wait for both.
      const released = (failures: number) => (h: Awaited<ReturnType<typeof hostRow>>) =>
        h.pollFailures >= failures && h.pollLeasedUntil === null;
      const failed = await until(hostRow, released(1));
      // On a failure, the row and the app's last log lines say what happened.
      expect(
        failed.status,
        `${JSON.stringify(failed)}\n${t.logs
          .slice(-15)
          .map((l) => JSON.stringify(l))
          .join('\n')}`,
      ).toBe('offline');
      // One failure: next try one cycle later. Two: two cycles.
      expect(failed.nextPollAt.getTime() - Date.now()).toBeLessThanOrEqual(INTERVAL_S * 1000 + 500);
      await database.db.update(hosts).set({ nextPollAt: new Date() }).where(eq(hosts.id, hostId));
      const twice = await until(hostRow, released(2));
      const wait = twice.nextPollAt.getTime() - Date.now();
      expect(wait).toBeGreaterThan(INTERVAL_S * 1000 * 1.2);
      expect(wait).toBeLessThanOrEqual(INTERVAL_S * 2000 + 500);
    } finally {
      await fleet.setFault(node, null);
    }
    await database.db.update(hosts).set({ nextPollAt: new Date() }).where(eq(hosts.id, hostId));
    const back = await until(hostRow, (h) => h.status === 'online');
    expect(back).toMatchObject({ status: 'online', pollFailures: 0, lastError: null });
  });

  it('polls the host right after an action on it', async () => {
    const sim = fleet.node(fleet.nodes[0]!.name);
    const vms = await listed();
    const target = vms.find((v) => v.state === 'stopped' && !sim.guests.get(v.vmid)?.lock)!;
    const other = [...sim.guests.values()].find((g) => !g.template && g.vmid !== target.vmid && g.status === 'running')!;
    await database.db
      .update(hosts)
      .set({ nextPollAt: new Date(Date.now() + 60_000) })
      .where(eq(hosts.id, hostId));
    other.status = 'stopped'; // changed outside the portal
    const res = await t.app.inject({
      method: 'POST',
      url: `/api/vms/${target.id}/action`,
      headers: owner.auth,
      payload: { action: 'start', vmid: target.vmid },
    });
    expect(res.statusCode, res.body).toBe(202);
    const seen = await until(listed, (v) => v.find((x) => x.vmid === other.vmid)?.state === 'stopped');
    expect(seen.find((x) => x.vmid === other.vmid)?.state).toBe('stopped');
  });
});

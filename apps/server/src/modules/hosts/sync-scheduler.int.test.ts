import { generateFleet, startFleet, type Fleet } from '@proxai/pve-sim';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { jobSlots } from '../../db/schema';
import { createTestApp, type TestApp } from '../../testing/app';
import { openTestDatabase, TEST_DATABASE_KINDS } from '../../testing/database';
import { buildUser } from '../../testing/factories';
import { trackSecret } from '../../testing/secrets';
import { giveLicence, tokenBody } from './hosts.testing';
import { LOOPBACK_HOSTS } from '../../testing/env';

// An interval no test waits for: only the start-up pass can sync.
const env = { SYNC_INTERVAL_SECONDS: '3600', RATE_LIMIT_ENABLED: 'false', PVE_TIMEOUT_MS: '3000', ...LOOPBACK_HOSTS };

describe.each(TEST_DATABASE_KINDS)('background sync at start-up on %s', (kind) => {
  let fleet: Fleet;
  let database: Awaited<ReturnType<typeof openTestDatabase>>;
  let owner: Awaited<ReturnType<typeof buildUser>>;

  beforeAll(async () => {
    fleet = await startFleet(generateFleet({ nodes: 1, guests: 4, seed: 21, pbs: false }), { taskDurationMs: 20 });
    for (const n of fleet.nodes) trackSecret(n.password, n.tokenSecret);
    database = await openTestDatabase(kind);
    owner = await buildUser(database.db, { orgRole: 'owner' });
    await giveLicence(database.db, owner.user.organisationId!, 'pro');
  });
  afterAll(async () => {
    await database?.close();
    await fleet?.close();
  });

  const guests = async (t: TestApp) =>
    (await t.app.inject({ method: 'GET', url: '/api/vms', headers: owner.auth })).json<{ vmid: number; state: string }[]>();

  /** The host's guests as the portal shows them, until `done` holds or 10 s pass. */
  async function waitForGuests(t: TestApp, done: (vms: { vmid: number; state: string }[]) => boolean) {
    const deadline = Date.now() + 10_000;
    let vms = await guests(t);
    while (!done(vms) && Date.now() < deadline) {
      await new Promise((r) => setTimeout(r, 100));
      vms = await guests(t);
    }
    return vms;
  }

  it('a portal started after a while away syncs its hosts at once, not one interval later', async () => {
    const first = await createTestApp({ env, reuseDatabase: database });
    const node = fleet.nodes[0]!;
    try {
      const added = await first.app.inject({ method: 'POST', url: '/api/hosts', headers: owner.auth, payload: tokenBody(node) });
      expect(added.statusCode, added.body).toBe(201);
    } finally {
      await first.close();
    }

    // While the portal is down, a guest stops and another is removed on the node.
    const sim = fleet.node(node.name);
    const running = [...sim.guests.values()].find((g) => !g.template && g.status === 'running')!;
    const removed = [...sim.guests.values()].find((g) => !g.template && g !== running)!;
    running.status = 'stopped';
    sim.guests.delete(removed.vmid);
    // The last background pass was two hours ago.
    await database.db
      .update(jobSlots)
      .set({ claimedAt: new Date(Date.now() - 2 * 3600_000) })
      .where(eq(jobSlots.name, 'host-sync'));

    const second = await createTestApp({ env, reuseDatabase: database });
    try {
      const vms = await waitForGuests(second, (v) => !v.some((g) => g.vmid === removed.vmid));
      expect(vms.some((g) => g.vmid === removed.vmid)).toBe(false);
      expect(vms.find((g) => g.vmid === running.vmid)?.state).toBe('stopped');
      expect(second.logs.some((l) => l.msg === 'background sync done')).toBe(true);
    } finally {
      await second.close();
    }
  });

  it('a portal started within the interval of the last pass (another replica) leaves the hosts to it', async () => {
    const sim = fleet.node(fleet.nodes[0]!.name);
    const gone = [...sim.guests.values()].find((g) => !g.template)!;
    sim.guests.delete(gone.vmid);
    // Another replica claimed this interval a minute ago.
    await database.db
      .update(jobSlots)
      .set({ claimedAt: new Date(Date.now() - 60_000) })
      .where(eq(jobSlots.name, 'host-sync'));

    const t = await createTestApp({ env, reuseDatabase: database });
    try {
      await new Promise((r) => setTimeout(r, 1500));
      expect((await guests(t)).some((g) => g.vmid === gone.vmid)).toBe(true);
      expect(t.logs.some((l) => typeof l.msg === 'string' && l.msg.startsWith('background sync'))).toBe(false);
    } finally {
      await t.close();
    }
  });
});

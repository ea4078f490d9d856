import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { generateFleet, startFleet, type Fleet } from '@proxai/pve-sim';
import { licences } from '../../db/schema';
import { createTestApp, type TestApp } from '../../testing/app';
import { TEST_DATABASE_KINDS } from '../../testing/database';
import { LOOPBACK_HOSTS } from '../../testing/env';
import { buildUser } from '../../testing/factories';
import { trackSecret } from '../../testing/secrets';
import { countHosts } from './hosts.repository';
import { giveLicence, tokenBody } from './hosts.testing';

/**
 * Plan limits hold under concurrency (security review, point 6): the check and the insert run in one
 * transaction under a per-organisation lock. A fleet that grew past its plan stays whole and says so.
 */
describe.each(TEST_DATABASE_KINDS)('plan limits on %s', (kind) => {
  let fleet: Fleet;
  let t: TestApp;

  beforeAll(async () => {
    // One node with 3 guests, one with 12 (more than Free's 10).
    const spec = generateFleet({ nodes: 2, guests: 24, seed: 9, pbs: false });
    spec.nodes[0]!.guests = spec.nodes[0]!.guests.slice(0, 3);
    fleet = await startFleet(spec, { taskDurationMs: 10 });
    for (const n of fleet.nodes) trackSecret(n.password, n.tokenSecret);
    t = await createTestApp({
      jobs: true,
      database: kind,
      env: { RATE_LIMIT_ENABLED: 'false', PVE_TIMEOUT_MS: '5000', ...LOOPBACK_HOSTS },
    });
  }, 60_000);
  afterAll(async () => {
    await t?.close();
    await fleet?.close();
  });

  const guestsOn = (node: string) => [...fleet.node(node).guests.values()].filter((g) => !g.template).length;

  it('ten concurrent adds on a Free organisation (1 host) make exactly one host', async () => {
    const owner = await buildUser(t.database.db, { orgRole: 'owner' });
    const small = fleet.nodes.find((n) => guestsOn(n.name) <= 10)!;
    const answers = await Promise.all(
      Array.from({ length: 10 }, (_, i) =>
        t.app.inject({
          method: 'POST',
          url: '/api/hosts',
          headers: owner.auth,
          payload: tokenBody(small, { name: `Race ${i}` }),
        }),
      ),
    );
    const statuses = answers.map((a) => a.statusCode).sort();
    expect(statuses.filter((s) => s === 201)).toHaveLength(1);
    expect(statuses.filter((s) => s === 403)).toHaveLength(9);
    for (const a of answers.filter((x) => x.statusCode === 403)) expect(a.json()).toMatchObject({ code: 'plan_limit' });
    expect(await countHosts(t.database.db, owner.user.organisationId!)).toBe(1);
  }, 60_000);

  it('a fleet past its plan shows every guest, says so in the stats and the advice, and refuses new hosts', async () => {
    const owner = await buildUser(t.database.db, { orgRole: 'owner' });
    const orgId = owner.user.organisationId!;
    const big = fleet.nodes.find((n) => guestsOn(n.name) > 10)!;
    const small = fleet.nodes.find((n) => n !== big)!;
    await giveLicence(t.database.db, orgId, 'pro');
    const added = await t.app.inject({ method: 'POST', url: '/api/hosts', headers: owner.auth, payload: tokenBody(big) });
    expect(added.statusCode, added.body).toBe(201);
    const stats = async () =>
      (await t.app.inject({ method: 'GET', url: '/api/stats', headers: owner.auth })).json<Record<string, unknown>>();
    expect(await stats()).toMatchObject({ plan_usage: { plan: 'pro', over_vms: false, over_hosts: false } });

    // The licence ends: the organisation falls back to Free (10 guests) with 12 on its host.
    await t.database.db.update(licences).set({ revokedAt: new Date() }).where(eq(licences.organisationId, orgId));
    const hostId = added.json<{ id: string }>().id;
    const sync = await t.app.inject({ method: 'POST', url: `/api/hosts/${hostId}/sync`, headers: owner.auth });
    expect(sync.statusCode, sync.body).toBe(200);

    const vms = await t.app.inject({ method: 'GET', url: '/api/vms', headers: owner.auth });
    expect(vms.json<unknown[]>()).toHaveLength(guestsOn(big.name));
    expect(await stats()).toMatchObject({
      vms: guestsOn(big.name),
      plan_usage: { plan: 'free', max_vms: 10, max_hosts: 1, over_vms: true, over_hosts: false },
    });
    const advice = await t.app.inject({
      method: 'GET',
      url: '/api/proxai/advice',
      headers: { ...owner.auth, 'accept-language': 'en' },
    });
    expect(advice.json<{ items: { severity: string; title: string }[] }>().items[0]).toMatchObject({
      severity: 'critical',
      title: `${guestsOn(big.name)} guests, more than the 10 of the Free plan`,
    });
    const refused = await t.app.inject({ method: 'POST', url: '/api/hosts', headers: owner.auth, payload: tokenBody(small) });
    expect(refused.statusCode).toBe(403);
    expect(refused.json()).toMatchObject({ code: 'plan_limit' });
  }, 60_000);
});

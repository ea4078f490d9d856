// Test helper of the collectors' integration tests (not shipped code paths): hosts-testbed.ts's testbed (simulated
// PVE nodes added as hosts through the real POST /api/hosts, by an owner with a licence), with the app's background
// work on a clock the test brings.
import { startFleet, type FleetSpec } from '@proxai/pve-sim';
import type { Clock } from '../../../jobs/clock';
import { createTestApp } from '../../../testing/app';
import { LOOPBACK_HOSTS } from '../../../testing/env';
import { buildUser } from '../../../testing/factories';
import { trackSecret } from '../../../testing/secrets';
import type { HostsTestbed } from '../../hosts/hosts-testbed';
import { giveLicence, tokenBody } from '../../hosts/hosts.testing';

export async function startCollectTestbed(options: {
  spec: FleetSpec;
  database: 'pglite' | 'postgres';
  clock: Clock;
  /** Over `RATE_LIMIT_ENABLED=false` and `HOST_ADDRESS_POLICY=any` (the simulated nodes are on loopback). */
  env: Record<string, string>;
}): Promise<HostsTestbed> {
  const fleet = await startFleet(options.spec, { taskDurationMs: 20 });
  for (const n of fleet.nodes) trackSecret(n.password, n.tokenSecret, n.readonlyTokenSecret);
  const t = await createTestApp({
    jobs: true,
    clock: options.clock,
    database: options.database,
    env: { RATE_LIMIT_ENABLED: 'false', ...LOOPBACK_HOSTS, ...options.env },
  }).catch(async (err: unknown) => {
    await fleet.close();
    throw err;
  });
  const close = async () => {
    await t.close();
    await fleet.close();
  };
  try {
    const owner = await buildUser(t.database.db, { orgRole: 'owner' });
    await giveLicence(t.database.db, owner.user.organisationId!, 'pro');
    const hostIds: string[] = [];
    for (const n of fleet.nodes) {
      const res = await t.app.inject({ method: 'POST', url: '/api/hosts', headers: owner.auth, payload: tokenBody(n) });
      if (res.statusCode !== 201) throw new Error(`adding ${n.name}: ${res.statusCode} ${res.body}`);
      hostIds.push(res.json<{ id: string }>().id);
    }
    return { t, fleet, owner, hostIds, close };
  } catch (err) {
    await close();
    throw err;
  }
}

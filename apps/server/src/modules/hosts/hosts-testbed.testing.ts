// Test helper of the hosts and guests integration tests (not shipped code paths): simulated PVE nodes on
// 127.0.0.1, the real app on a fresh database, an organisation owner with a licence and, optionally, the
// nodes added as hosts through the real POST /api/hosts.
import type { PlanType } from '@proxai/contract';
import { startFleet, type Fleet, type FleetSpec, type SimNodeInfo } from '@proxai/pve-sim';
import type { Clock } from '../../jobs/clock';
import { createTestApp, type TestApp } from '../../testing/app';
import { LOOPBACK_HOSTS } from '../../testing/env';
import { buildUser } from '../../testing/factories';
import { trackSecret } from '../../testing/secrets';
import { giveLicence } from './hosts.testing';

export interface HostsTestbed {
  t: TestApp;
  fleet: Fleet;
  owner: Awaited<ReturnType<typeof buildUser>>;
  /** The hosts added at start (`addBody`), in the fleet's node order. */
  hostIds: string[];
  close(): Promise<void>;
}

export async function startHostsTestbed(options: {
  spec: FleetSpec;
  taskDurationMs: number;
  database?: 'pglite' | 'postgres';
  /** Over `RATE_LIMIT_ENABLED=false` and `HOST_ADDRESS_POLICY=any` (the simulated nodes are on loopback). */
  env?: Record<string, string>;
  plan?: PlanType;
  /** Changes to the simulated nodes before any host is added. */
  beforeAdd?: (fleet: Fleet) => void | Promise<void>;
  /** The POST /api/hosts body for each node (undefined: that node is not added); no host is added without it. */
  addBody?: (node: SimNodeInfo, index: number) => Record<string, unknown> | undefined;
  /** The clock of the app's background work (default the real one). */
  clock?: Clock;
}): Promise<HostsTestbed> {
  const fleet = await startFleet(options.spec, { taskDurationMs: options.taskDurationMs });
  for (const n of fleet.nodes) trackSecret(n.password, n.tokenSecret, n.readonlyTokenSecret);
  if (fleet.pbs) trackSecret(fleet.pbs.password, fleet.pbs.tokenSecret);
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
    await giveLicence(t.database.db, owner.user.organisationId!, options.plan ?? 'pro');
    await options.beforeAdd?.(fleet);
    const hostIds: string[] = [];
    if (options.addBody) {
      for (const [i, n] of fleet.nodes.entries()) {
        const payload = options.addBody(n, i);
        if (!payload) continue;
        const res = await t.app.inject({ method: 'POST', url: '/api/hosts', headers: owner.auth, payload });
        if (res.statusCode !== 201) throw new Error(`adding ${n.name}: ${res.statusCode} ${res.body}`);
        hostIds.push(res.json<{ id: string }>().id);
      }
    }
    return { t, fleet, owner, hostIds, close };
  } catch (err) {
    await close();
    throw err;
  }
}

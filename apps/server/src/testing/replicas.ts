import { startFleet, type FleetSpec } from '@proxai/pve-sim';
import { openDatabase } from '../db/client';
import type { Clock } from '../jobs/clock';
import { giveLicence, passwordBody } from '../modules/hosts/hosts.testing';
import { createTestApp, type TestApp } from './app';
import { openTestDatabase } from './database';
import { LOOPBACK_HOSTS } from './env';
import { buildUser } from './factories';
import { trackSecret } from './secrets';

export interface Replicas {
  first: TestApp;
  second: TestApp;
  /** The database both use (through a pool each). */
  shared: Awaited<ReturnType<typeof openTestDatabase>>;
  owner: Awaited<ReturnType<typeof buildUser>>;
  close(): Promise<void>;
}

/**
 * Two replicas of the app on one new PostgreSQL database (TEST_DATABASE_URL), each with its own pool: the first
 * starts, an owner (Pro licence) adds the fleet's first simulated node as a host through it, then the second starts
 * `phaseMs` later, so their periodic loops tick out of phase. With a `clock`, both run their background work on it
 * (a manual one stands still meanwhile: their loops then tick at the instants the test moves it to).
 */
export async function startReplicas(options: {
  spec: FleetSpec;
  env: Record<string, string>;
  phaseMs: number;
  clock?: Clock;
}): Promise<Replicas> {
  const fleet = await startFleet(options.spec, { taskDurationMs: 20 });
  for (const n of fleet.nodes) trackSecret(n.password, n.tokenSecret);
  const shared = await openTestDatabase('postgres');
  const otherPool = await openDatabase({ databaseUrl: shared.url, poolSize: 3 });
  const env = { RATE_LIMIT_ENABLED: 'false', ...LOOPBACK_HOSTS, ...options.env };
  const apps: TestApp[] = [];
  const close = async () => {
    for (const app of apps.reverse()) await app.close();
    await otherPool.close();
    await shared.close();
    await fleet.close();
  };
  try {
    apps.push(await createTestApp({ jobs: true, env, reuseDatabase: shared, clock: options.clock }));
    const owner = await buildUser(shared.db, { orgRole: 'owner' });
    await giveLicence(shared.db, owner.user.organisationId!, 'pro');
    const added = await apps[0]!.app.inject({
      method: 'POST',
      url: '/api/hosts',
      headers: owner.auth,
      payload: passwordBody(fleet.nodes[0]!),
    });
    if (added.statusCode !== 201) throw new Error(`adding the host: ${added.statusCode} ${added.body}`);
    await new Promise((r) => setTimeout(r, options.phaseMs));
    apps.push(await createTestApp({ jobs: true, env, reuseDatabase: otherPool, clock: options.clock }));
    return { first: apps[0]!, second: apps[1]!, shared, owner, close };
  } catch (err) {
    await close();
    throw err;
  }
}

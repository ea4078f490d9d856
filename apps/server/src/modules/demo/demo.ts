import type { FastifyInstance } from 'fastify';
import { generateFleet, startFleet } from '@proxai/pve-sim';
import { addHost } from '../hosts/hosts.service';
import { countOtherHosts, DEMO_EMAIL, deleteDemoHosts, ensureDemoUser, findDemoUser } from './demo.repository';
import { type AuthUser } from '../../kernel/principal';

const DEMO_NODES = 3;
const DEMO_GUESTS = 36;

/**
 * Demo organisation with three simulated PVE nodes (pve-sim, in-process), so a newcomer sees a live dashboard
 * at once. Only when no real organisation has a host. Returns a function that stops the simulator.
 */
export async function startDemo(app: FastifyInstance): Promise<() => Promise<void>> {
  const { db, log } = app;
  const previous = await findDemoUser(db);
  if ((await countOtherHosts(db, previous?.organisationId ?? null)) > 0) {
    log.info('demo: skipped, this portal already manages hosts');
    return async () => {};
  }
  const fleet = await startFleet(generateFleet({ nodes: DEMO_NODES, guests: DEMO_GUESTS, seed: 7, pbs: false }), {
    taskDurationMs: 1500,
  });
  try {
    const demoUser = await ensureDemoUser(db);
    await deleteDemoHosts(db, demoUser.organisationId);
    const user: AuthUser = {
      id: demoUser.id,
      email: demoUser.email,
      name: demoUser.name,
      role: 'user',
      organisationId: demoUser.organisationId,
      orgRole: 'owner',
      language: demoUser.language,
      timezone: demoUser.timezone,
      sessionId: 'demo',
    };
    const deps = { db, config: app.config, log };
    for (const node of fleet.nodes) {
      await addHost(
        deps,
        { user, organisationId: demoUser.organisationId },
        {
          name: `Demo ${node.name}`,
          pve_url: node.url,
          pve_node: node.name,
          user: node.username,
          auth_type: 'token',
          token_name: node.tokenId,
          token_value: node.tokenSecret,
          fingerprint: node.fingerprint,
        },
        { skipLimits: true, trustedAddress: true },
      );
    }
    log.info(
      { email: DEMO_EMAIL, nodes: fleet.nodes.map((n) => n.url) },
      `demo: ${DEMO_NODES} simulated PVE nodes ready; sign in at /auth with ${DEMO_EMAIL} (e-mail code: without SMTP it is in the dev outbox, GET /api/dev/outbox?to=${DEMO_EMAIL}, and in this log in development). PROXAI_DEMO=0 turns the demo off`,
    );
  } catch (err) {
    log.error({ err }, 'demo: could not start');
    await fleet.close();
    return async () => {};
  }
  return () => fleet.close();
}

import net from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { generateFleet, type Fleet } from '@proxai/pve-sim';
import type { TestApp } from '../../testing/app';
import { TEST_DATABASE_KINDS } from '../../testing/database';
import { buildUser } from '../../testing/factories';
import { startHostsTestbed, type HostsTestbed } from './hosts-testbed.testing';
import { passwordBody } from './hosts.testing';

const TIMEOUT_MS = 1500;
const FR = { 'accept-language': 'fr-FR,fr;q=0.9,en;q=0.8' };

/** A 127.0.0.1 port nothing listens on (taken from the system, then released). */
async function closedPort(): Promise<number> {
  const server = net.createServer();
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as net.AddressInfo;
  await new Promise<void>((resolve) => server.close(() => resolve()));
  return port;
}

describe.each(TEST_DATABASE_KINDS)('host answers in the language of the request on %s', (kind) => {
  let t: TestApp;
  let fleet: Fleet;
  let owner: HostsTestbed['owner'];

  let bed: HostsTestbed | undefined;

  beforeAll(async () => {
    bed = await startHostsTestbed({
      spec: generateFleet({ nodes: 2, guests: 8, seed: 21, pbs: false }),
      taskDurationMs: 30,
      database: kind,
      env: { PVE_TIMEOUT_MS: String(TIMEOUT_MS) },
    });
    ({ t, fleet, owner } = bed);
  });
  afterAll(async () => {
    await bed?.close();
  });

  const node = (i: number) => fleet.nodes[i]!;
  const post = (url: string, payload: unknown, headers: Record<string, string> = {}, auth = owner.auth) =>
    t.app.inject({ method: 'POST', url, payload: payload as object, headers: { ...auth, ...headers } });

  it('a refused connection while adding a host: French with accept-language fr, English without', async () => {
    const url = `https://127.0.0.1:${await closedPort()}`;
    const fr = await post('/api/hosts', passwordBody(node(1), { pve_url: url }), FR);
    expect(fr.statusCode, fr.body).toBe(422);
    expect(fr.json()).toEqual({
      code: 'host_connect_failed',
      detail: `Impossible de joindre une API Proxmox VE à ${url}\u00a0: vérifiez l'adresse, le port (8006) et que l'hôte accepte les connexions HTTPS provenant de ce portail`,
    });
    const en = await post('/api/hosts', passwordBody(node(1), { pve_url: url }));
    expect(en.statusCode).toBe(422);
    expect(en.json()).toEqual({
      code: 'host_connect_failed',
      detail: `Cannot reach a Proxmox VE API at ${url}: check the address, the port (8006) and that the host accepts HTTPS connections from this portal`,
    });
    // A language the UI does not have is answered in English.
    const ko = await post('/api/hosts', passwordBody(node(1), { pve_url: url }), { 'accept-language': 'ko-KR,ko;q=0.9' });
    expect(ko.json().detail).toBe(en.json().detail);
  });

  it('the sync answer is in French with accept-language fr, in English without', async () => {
    const added = await post('/api/hosts', passwordBody(node(0)), FR);
    expect(added.statusCode, added.body).toBe(201);
    const id = added.json<{ id: string }>().id;
    const sim = fleet.node(node(0).name);
    sim.guests.delete([...sim.guests.keys()][0]!);

    const fr = await post(`/api/hosts/${id}/sync`, {}, FR);
    expect(fr.statusCode, fr.body).toBe(200);
    expect(fr.json().message).toMatch(/^Synchronisation de Host pve1 terminée\u00a0: \d+ invités? \(1 supprimé\)$/);
    const frAgain = await post(`/api/hosts/${id}/sync`, {}, FR);
    expect(frAgain.json().message).toMatch(/^Synchronisation de Host pve1 terminée\u00a0: \d+ invités?, aucun changement$/);
    const en = await post(`/api/hosts/${id}/sync`, {});
    expect(en.json().message).toMatch(/^Synced Host pve1: \d+ guests?, no change$/);
  });

  it('a failed sync answers in French but stores its last_error in English', async () => {
    const id = (await t.app.inject({ method: 'GET', url: '/api/hosts', headers: owner.auth })).json<{ id: string }[]>()[0]!.id;
    await fleet.setFault(node(0).name, { kind: 'refuse' });
    try {
      const fr = await post(`/api/hosts/${id}/sync`, {}, FR);
      expect(fr.statusCode).toBe(502);
      expect(fr.json()).toMatchObject({ code: 'host_unreachable' });
      expect(fr.json().detail).toMatch(/^Impossible de joindre une API Proxmox VE à https:\/\/127\.0\.0\.1:\d+\u00a0: /);
      const hosts = await t.app.inject({ method: 'GET', url: '/api/hosts', headers: { ...owner.auth, ...FR } });
      const host = hosts.json<{ id: string; status: string; last_error: string }[]>().find((h) => h.id === id)!;
      expect(host.status).toBe('offline');
      expect(host.last_error).toMatch(/^Cannot reach a Proxmox VE API at https:\/\/127\.0\.0\.1:\d+: /);
    } finally {
      await fleet.setFault(node(0).name, null);
    }
  });

  it('the plan limit: French with accept-language fr, English without; the code stays plan_limit', async () => {
    const free = await buildUser(t.database.db, { orgRole: 'owner' });
    const first = await post('/api/hosts', passwordBody(node(1)), {}, free.auth);
    expect(first.statusCode, first.body).toBe(201);
    const fr = await post('/api/hosts', passwordBody(node(0)), FR, free.auth);
    expect(fr.statusCode).toBe(403);
    expect(fr.json()).toEqual({
      code: 'plan_limit',
      detail:
        'Votre plan Gratuit est limité à 1 hôte\u00a0; supprimez-en un ou passez à une licence supérieure pour en ajouter un autre',
    });
    const en = await post('/api/hosts', passwordBody(node(0)), {}, free.auth);
    expect(en.statusCode).toBe(403);
    expect(en.json()).toEqual({
      code: 'plan_limit',
      detail: 'Your Free plan allows 1 host; remove a host or upgrade your licence to add another',
    });
  });
});

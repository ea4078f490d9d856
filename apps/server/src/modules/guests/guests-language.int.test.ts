import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { generateFleet, type Fleet } from '@proxai/pve-sim';
import type { TestApp } from '../../testing/app';
import { TEST_DATABASE_KINDS } from '../../testing/database';
import { startHostsTestbed, type HostsTestbed } from '../hosts/hosts-testbed.testing';
import { passwordBody } from '../hosts/hosts.testing';

const FR = { 'accept-language': 'fr' };

interface VmDto {
  id: string;
  vmid: number;
  name: string;
  state: string;
  type: string;
}

describe.each(TEST_DATABASE_KINDS)('guest actions answer in the language of the request on %s', (kind) => {
  let t: TestApp;
  let fleet: Fleet;
  let owner: HostsTestbed['owner'];

  let bed: HostsTestbed | undefined;

  beforeAll(async () => {
    bed = await startHostsTestbed({
      spec: generateFleet({ nodes: 1, guests: 8, seed: 22, pbs: false }),
      taskDurationMs: 30,
      database: kind,
      env: { PVE_TIMEOUT_MS: '1500' },
      // At least one stopped guest and two running ones (one of them free to act on).
      beforeAdd: (sims) => {
        const [a, b, c] = [...sims.node(sims.nodes[0]!.name).guests.values()].filter((g) => !g.template);
        a!.status = 'stopped';
        for (const g of [b!, c!]) {
          g.status = 'running';
          delete g.lock;
        }
      },
      addBody: (n) => passwordBody(n),
    });
    ({ t, fleet, owner } = bed);
  });
  afterAll(async () => {
    await bed?.close();
  });

  const sim = () => fleet.node(fleet.nodes[0]!.name);
  const vms = async () => (await t.app.inject({ method: 'GET', url: '/api/vms', headers: owner.auth })).json<VmDto[]>();
  const act = (id: string, action: string, headers: Record<string, string> = {}) =>
    t.app.inject({ method: 'POST', url: `/api/vms/${id}/action`, payload: { action }, headers: { ...owner.auth, ...headers } });
  const labelOf = (v: VmDto) => `${v.type === 'qemu' ? 'VM' : 'CT'} ${v.vmid} (${v.name})`;

  it('a 409 invalid state: French with accept-language fr, English without; the code stays invalid_state', async () => {
    const running = (await vms()).find((v) => v.state === 'running')!;
    const fr = await act(running.id, 'start', FR);
    expect(fr.statusCode).toBe(409);
    expect(fr.json()).toEqual({ code: 'invalid_state', detail: `${labelOf(running)} est déjà en cours d'exécution` });
    const en = await act(running.id, 'start');
    expect(en.statusCode).toBe(409);
    expect(en.json()).toEqual({ code: 'invalid_state', detail: `${labelOf(running)} is already running` });

    const stopped = (await vms()).find((v) => v.state === 'stopped')!;
    const frStopped = await act(stopped.id, 'restart', FR);
    expect(frStopped.statusCode).toBe(409);
    expect(frStopped.json().detail).toBe(`${labelOf(stopped)} est à l'arrêt\u00a0; lancez d'abord son démarrage`);
    expect((await act(stopped.id, 'restart', { 'accept-language': 'de-DE,de;q=0.9' })).json().detail).toBe(
      `${labelOf(stopped)} ist gestoppt; bitte zuerst starten`,
    );
  });

  it('the answer to an action is in the language of the request', async () => {
    const v = (await vms()).find((x) => x.state === 'running' && !sim().guest(x.vmid).lock)!;
    const fr = await act(v.id, 'stop', FR);
    expect(fr.statusCode, fr.body).toBe(202);
    expect(fr.json()).toEqual({ task_id: expect.any(String), message: "Commande d'arrêt envoyée à la VM" });
    const other = (await vms()).find((x) => x.state === 'stopped' && x.id !== v.id && !sim().guest(x.vmid).lock)!;
    const en = await act(other.id, 'start');
    expect(en.statusCode, en.body).toBe(202);
    expect(en.json()).toEqual({ task_id: expect.any(String), message: 'VM start command sent' });
  });
});

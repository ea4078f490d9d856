import { generateFleet } from '@proxai/pve-sim';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { hosts } from '../../db/schema';
import { buildUser } from '../../testing/factories';
import { startHostsTestbed, type HostsTestbed } from './hosts-testbed.testing';
import { tokenBody } from './hosts.testing';

interface HostDto {
  id: string;
  name: string;
  user: string;
  auth_type: string;
  token_name: string | null;
  fingerprint: string | null;
  status: string;
}

describe('editing a host: rename, rotate credentials, re-pin a renewed certificate, privileges', () => {
  let bed: HostsTestbed;
  let hostId: string;
  beforeAll(async () => {
    bed = await startHostsTestbed({
      spec: generateFleet({ nodes: 1, guests: 4, seed: 5, pbs: false }),
      taskDurationMs: 20,
      addBody: (n) => tokenBody(n),
    });
    hostId = bed.hostIds[0]!;
  });
  afterAll(async () => {
    await bed?.close();
  });

  const patch = (payload: unknown, headers = bed.owner.auth) =>
    bed.t.app.inject({ method: 'PATCH', url: `/api/hosts/${hostId}`, headers, payload: payload as object });
  const guestIds = async () =>
    (await bed.t.app.inject({ method: 'GET', url: '/api/vms', headers: bed.owner.auth }))
      .json<{ id: string }[]>()
      .map((g) => g.id)
      .sort();

  it('renames a host; its guests keep their ids', async () => {
    const before = await guestIds();
    const res = await patch({ name: 'Renamed' });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json<HostDto>().name).toBe('Renamed');
    expect(await guestIds()).toEqual(before);
  });

  it('rotates to new credentials only after they work on the host', async () => {
    const node = bed.fleet.nodes[0]!;
    const wrong = await patch({ credentials: { user: node.username, auth_type: 'password', password: 'not-the-password' } });
    expect(wrong.statusCode, wrong.body).toBe(400);
    expect(wrong.json<{ detail: string }>().detail).toMatch(/Authentication failed/);
    const unchanged = (await bed.t.app.inject({ method: 'GET', url: '/api/hosts', headers: bed.owner.auth })).json<
      HostDto[]
    >()[0]!;
    expect(unchanged.auth_type).toBe('token');

    const res = await patch({ credentials: { user: node.username, auth_type: 'password', password: node.password } });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json<HostDto>()).toMatchObject({ auth_type: 'password', token_name: null, status: 'online' });
    const synced = await bed.t.app.inject({ method: 'POST', url: `/api/hosts/${hostId}/sync`, headers: bed.owner.auth });
    expect(synced.statusCode, synced.body).toBe(200);
  });

  it('shows a renewed certificate, and re-pins it only to the fingerprint the host presents', async () => {
    const node = bed.fleet.nodes[0]!;
    const pinned = (await bed.t.app.inject({ method: 'GET', url: '/api/hosts', headers: bed.owner.auth })).json<HostDto[]>()[0]!
      .fingerprint;
    await bed.fleet.setFault(node.name, { kind: 'rotate-certificate' });
    const cert = await bed.t.app.inject({ method: 'GET', url: `/api/hosts/${hostId}/certificate`, headers: bed.owner.auth });
    expect(cert.statusCode, cert.body).toBe(200);
    const { presented, matches } = cert.json<{ presented: string; matches: boolean; pinned: string }>();
    expect(matches).toBe(false);
    expect(presented).not.toBe(pinned);
    // A sync fails on the pin until it is renewed.
    expect(
      (await bed.t.app.inject({ method: 'POST', url: `/api/hosts/${hostId}/sync`, headers: bed.owner.auth })).statusCode,
    ).toBe(502);
    // Another fingerprint than the presented one is refused.
    const wrongPin = await patch({ fingerprint: 'AB:'.repeat(31) + 'AB' });
    expect(wrongPin.statusCode, wrongPin.body).toBe(400);
    expect(wrongPin.json<{ detail: string }>().detail).toContain(presented);
    const res = await patch({ fingerprint: presented });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json<HostDto>().fingerprint).toBe(presented);
    expect(
      (await bed.t.app.inject({ method: 'POST', url: `/api/hosts/${hostId}/sync`, headers: bed.owner.auth })).statusCode,
    ).toBe(200);
  });

  it('lists the privileges each feature needs and which the token lacks', async () => {
    const node = bed.fleet.nodes[0]!;
    // Back to the read-only token: it can read but not act.
    const rotated = await patch({
      credentials: {
        user: node.username,
        auth_type: 'token',
        token_name: node.readonlyTokenId.split('!')[1],
        token_value: node.readonlyTokenSecret,
      },
    });
    expect(rotated.statusCode, rotated.body).toBe(200);
    const res = await bed.t.app.inject({ method: 'GET', url: `/api/hosts/${hostId}/privileges`, headers: bed.owner.auth });
    expect(res.statusCode, res.body).toBe(200);
    const features = new Map(res.json<{ features: { feature: string; ok: boolean }[] }>().features.map((f) => [f.feature, f.ok]));
    expect(features.get('inventory')).toBe(true);
    expect(features.get('guest_actions')).toBe(false);
    expect(features.get('snapshots')).toBe(false);
  });

  it('a host whose stored credentials this portal cannot decrypt goes offline saying why; new credentials mend it', async () => {
    const node = bed.fleet.nodes[0]!;
    // Sealed with another portal's key.
    await bed.t.database.db
      .update(hosts)
      .set({ secretEncrypted: 'AAAAAAAAAAAAAAAA.AAAAAAAAAAAAAAAAAAAAAA.AAAA' })
      .where(eq(hosts.id, hostId));
    const sync = await bed.t.app.inject({ method: 'POST', url: `/api/hosts/${hostId}/sync`, headers: bed.owner.auth });
    expect(sync.statusCode, sync.body).toBe(409);
    expect(sync.json<{ detail: string }>().detail).toMatch(/PROXAI_SECRET_KEY/);
    expect((await patch({ name: 'still renamable' })).statusCode).toBe(200);
    const mended = await patch({ credentials: { user: node.username, auth_type: 'password', password: node.password } });
    expect(mended.statusCode, mended.body).toBe(200);
    expect(
      (await bed.t.app.inject({ method: 'POST', url: `/api/hosts/${hostId}/sync`, headers: bed.owner.auth })).statusCode,
    ).toBe(200);
  });

  it('refuses an empty change, and editing by someone below admin', async () => {
    expect((await patch({})).statusCode).toBe(400);
    const operator = await buildUser(bed.t.database.db, { organisationId: bed.owner.user.organisationId, orgRole: 'operator' });
    expect((await patch({ name: 'x' }, operator.auth)).statusCode).toBe(403);
  });
});

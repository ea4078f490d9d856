import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { guests, hosts } from '../../db/schema';
import { createTestApp, type TestApp } from '../../testing/app';
import { TEST_DATABASE_KINDS } from '../../testing/database';
import { buildUser } from '../../testing/factories';
import { bumpFleetVersion } from './fleet-version.repository';

const wait = (ms: number) => new Promise((r) => setTimeout(r, ms));

describe.each(TEST_DATABASE_KINDS)('cached dashboard answers and the fleet version (%s)', (kind) => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp({ database: kind });
  });
  afterAll(async () => {
    await t.close();
  });

  it("serves the cached list while the fleet version is unchanged, and another replica's change within a second", async () => {
    const { db } = t.database;
    const owner = await buildUser(db, { orgRole: 'owner' });
    const organisationId = owner.user.organisationId!;
    const [host] = await db
      .insert(hosts)
      .values({
        organisationId,
        name: 'pve1',
        pveUrl: 'https://127.0.0.1:8006',
        pveNode: 'pve1',
        username: 'root@pam',
        authType: 'password',
        secretEncrypted: 'x',
      })
      .returning();
    const guest = (vmid: number) => ({
      hostId: host!.id,
      organisationId,
      vmid,
      node: 'pve1',
      type: 'qemu' as const,
      name: `vm${vmid}`,
      state: 'running',
    });
    await db.insert(guests).values([guest(100), guest(101)]);
    const count = async () =>
      (await t.app.inject({ method: 'GET', url: '/api/vms', headers: owner.auth })).json<unknown[]>().length;
    const stats = async () =>
      (await t.app.inject({ method: 'GET', url: '/api/stats', headers: owner.auth })).json<{ vms: number }>().vms;

    expect(await count()).toBe(2);
    expect(await stats()).toBe(2);
    // A row written behind the portal's back without raising the version: the cached answers stand, even past the
    // check window (the version read finds nothing new, so nothing is read again).
    await db.insert(guests).values(guest(102));
    await wait(1100);
    expect(await count()).toBe(2);
    expect(await stats()).toBe(2);
    // Another replica's change: it raises the version; this one serves the new list once its check window is over.
    await bumpFleetVersion(db, organisationId);
    await wait(1100);
    expect(await count()).toBe(3);
    expect(await stats()).toBe(3);
  });
});

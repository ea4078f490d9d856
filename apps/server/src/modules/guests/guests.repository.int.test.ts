import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { guests, hosts } from '../../db/schema';
import { openTestDatabase, TEST_DATABASE_KINDS } from '../../testing/database';
import { buildOrganisation } from '../../testing/factories';
import { listVmsJsonText } from './guests.repository';

describe.each(TEST_DATABASE_KINDS)('the VM list written by the database (%s)', (kind) => {
  let database: Awaited<ReturnType<typeof openTestDatabase>>;
  beforeAll(async () => {
    database = await openTestDatabase(kind);
  });
  afterAll(async () => {
    await database.close();
  });

  it('is exactly the JSON the contract describes, in natural name order, whatever the names hold', async () => {
    const { db } = database;
    const org = await buildOrganisation(db);
    const other = await buildOrganisation(db);
    const host = async (organisationId: string, name: string) => {
      const [row] = await db
        .insert(hosts)
        .values({
          organisationId,
          name,
          pveUrl: 'https://127.0.0.1:8006',
          pveNode: 'pve',
          username: 'root@pam',
          authType: 'password',
          secretEncrypted: 'x',
        })
        .returning();
      return row!;
    };
    const [h1, h2, foreign] = [await host(org.id, 'a'), await host(org.id, 'b'), await host(other.id, 'c')];
    const names = [
      'plain',
      'quote " and \\ backslash',
      'tab\tnew\nline',
      'ünïcödé 主机 حاسوب 🖥️',
      'slash/<script>',
      'vm-10',
      'VM-2',
      'vm-01',
      'vm-1',
      'Vm-1',
    ];
    await db.insert(guests).values([
      ...names.map((name, i) => ({
        hostId: i % 2 ? h1.id : h2.id,
        organisationId: org.id,
        // Not in the names' order: the list's order must come from the names, the vmid only breaks ties.
        vmid: 300 - ((i * 7) % names.length),
        node: 'pve',
        type: i % 2 ? ('lxc' as const) : ('qemu' as const),
        name,
        state: i % 3 ? 'stopped' : 'running',
        cpu: i + 1,
        memoryMb: 512 * (i + 1),
        storageGb: 8.5 * i,
        uptime: i * 1_000_000_007,
        tags: i % 4 ? [] : ['web', `t"${i}`],
        pool: i % 5 ? null : 'prod',
      })),
      { hostId: foreign.id, organisationId: other.id, vmid: 100, node: 'pve', type: 'qemu', name: 'not mine', state: 'running' },
    ]);

    const text = await listVmsJsonText(db, org.id);
    // The same list read row by row and serialised in JavaScript, as the service did before.
    const rows = await db.select().from(guests).where(eq(guests.organisationId, org.id));
    const key = (name: string) => name.toLowerCase().replace(/\d+/g, (digits) => digits.padStart(10, '0').slice(-10));
    rows.sort((a, b) => (key(a.name) < key(b.name) ? -1 : key(a.name) > key(b.name) ? 1 : a.vmid - b.vmid));
    const expected = rows.map((g) => ({
      id: g.id,
      vmid: g.vmid,
      name: g.name,
      state: g.state,
      cpu: g.cpu,
      memory: g.memoryMb,
      storage: g.storageGb,
      type: g.type,
      host_id: g.hostId,
      node: g.node,
      uptime: g.uptime,
      tags: g.tags,
      pool: g.pool,
    }));
    expect(expected).toHaveLength(names.length);
    // Digit runs compare as numbers, case and leading zeros do not count, then the vmid decides.
    expect(expected.filter((g) => /^vm-/i.test(g.name)).map((g) => [g.name, g.vmid])).toEqual([
      ['vm-01', 291],
      ['vm-1', 294],
      ['Vm-1', 297],
      ['VM-2', 298],
      ['vm-10', 295],
    ]);
    expect(text).toBe(JSON.stringify(expected));
    expect(await listVmsJsonText(db, (await buildOrganisation(db)).id)).toBe('[]');
  });
});

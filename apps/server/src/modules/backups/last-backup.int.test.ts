import { describe, expect, it } from 'vitest';
import type { Advice, BackupCoverage, BackupPage } from '@proxai/contract';
import { generateFleet, type FleetSpec } from '@proxai/pve-sim';
import { TEST_DATABASE_KINDS } from '../../testing/database';
import type { VmDto } from '../guests/guests.testing';
import { itemTexts } from '../proxai/advice-texts';
import { refreshBackupInventory } from './backup-inventory';
import { useBackupTestbed } from './backups.testing';

const HOUR = 3_600;
const DAY = 24 * HOUR;

/**
 * Where each guest's backups are (storage, age), cycling over the fleet's guests: on the node's own storage, on the
 * PBS (seen by the node's PBS storage and by the PBS itself), only on a PBS datastore no node mounts, stale copies
 * only, none, or an old PBS snapshot beside a recent local archive. Ages stay far from the 24 h line, so a slow run
 * cannot move a guest across it.
 */
const PLANS = {
  'local-recent': [
    ['local', 2 * HOUR],
    ['local', 26 * HOUR],
  ],
  'pbs-recent': [
    ['store1', 3 * HOUR],
    ['store1', 27 * HOUR],
  ],
  'offsite-recent': [
    ['offsite', HOUR],
    ['local', 3 * DAY],
  ],
  stale: [
    ['local', 3 * DAY],
    ['store1', 5 * DAY],
  ],
  never: [],
  'mixed-recent': [
    ['store1', 50 * HOUR],
    ['local', 20 * HOUR],
  ],
} satisfies Record<string, ['local' | 'store1' | 'offsite', number][]>;
type Plan = keyof typeof PLANS;
const PLAN_NAMES = Object.keys(PLANS) as Plan[];

interface Seeded {
  spec: FleetSpec;
  /** vmid -> its plan and its newest backup (epoch seconds), or null. */
  truth: Map<number, { plan: Plan; newest: number | null }>;
}

function seededFleet(now: number): Seeded {
  const spec = generateFleet({ nodes: 2, guests: 14, seed: 23, pbs: true });
  const datastores = new Map(spec.pbs!.datastores.map((d) => [d.name, d]));
  for (const d of datastores.values()) d.snapshots = d.snapshots.filter((s) => s.type === 'host');
  const truth: Seeded['truth'] = new Map();
  let i = 0;
  for (const node of spec.nodes) {
    const local = node.storages.find((s) => s.id === 'local')!;
    local.backups = [];
    for (const g of node.guests) {
      if (g.template) continue;
      const plan = PLAN_NAMES[i++ % PLAN_NAMES.length]!;
      const places: ['local' | 'store1' | 'offsite', number][] = PLANS[plan];
      for (const [where, age] of places) {
        const size = 2 * 1024 ** 3;
        if (where === 'local') local.backups.push({ vmid: g.vmid, subtype: g.type, ctime: now - age, size });
        else
          datastores.get(where)!.snapshots.push({
            type: g.type === 'qemu' ? 'vm' : 'ct',
            id: String(g.vmid),
            time: now - age,
            size,
            owner: 'root@pam',
            verification: 'ok',
          });
      }
      truth.set(g.vmid, { plan, newest: places.length ? now - Math.min(...places.map(([, age]) => age)) : null });
    }
  }
  return { spec, truth };
}

const iso = (sec: number | null) => (sec === null ? null : new Date(sec * 1000).toISOString());

/**
 * One truth for "last backup" (issue 30): on a fleet of two nodes and a PBS whose guests were backed up in the last
 * 24 h, earlier, or never, on a node's storage, on the PBS through the node, or on a PBS datastore no node mounts,
 * the dashboard's advice, GET /api/backups/coverage and the inventory (GET /api/backups) name the same guests and
 * the same times, right after the inventory is read (before any later poll of the hosts) and after a new backup.
 */
describe.each(TEST_DATABASE_KINDS)('last backup on %s', (kind) => {
  const now = Math.floor(Date.now() / 1000);
  const { spec, truth } = seededFleet(now);
  const bed = useBackupTestbed(kind, spec);
  const deps = () => ({ db: bed.t.database.db, config: bed.t.config, log: bed.t.app.log });
  const get = async <T>(url: string) => {
    const res = await bed.t.app.inject({ method: 'GET', url, headers: { ...bed.owner.auth, 'accept-language': 'en' } });
    expect(res.statusCode, res.body).toBe(200);
    return res.json<T>();
  };

  /** The guests the inventory lists a backup of since `since`, across every page. */
  async function backedUpSince(since: Date): Promise<Set<string>> {
    const ids = new Set<string>();
    let cursor: string | null = null;
    do {
      const query: string = `since=${encodeURIComponent(since.toISOString())}&limit=200${cursor ? `&cursor=${cursor}` : ''}`;
      const page: BackupPage = await get<BackupPage>(`/api/backups?${query}`);
      for (const b of page.items) if (b.guest_id) ids.add(b.guest_id);
      cursor = page.next_cursor;
    } while (cursor);
    return ids;
  }

  /** Checks the three views against the seeded truth; answers the vmids without a backup in the last 24 h. */
  async function expectAgreement(): Promise<number[]> {
    const vms = (await get<VmDto[]>('/api/vms')).sort((a, b) => a.vmid - b.vmid);
    expect(vms.map((v) => v.vmid)).toEqual([...truth.keys()].sort((a, b) => a - b));
    const dayAgo = new Date(Date.now() - DAY * 1000);
    const without = vms.filter((v) => {
      const newest = truth.get(v.vmid)!.newest;
      return newest === null || newest * 1000 < dayAgo.getTime();
    });

    // The coverage: the same guests, each with its newest backup's time.
    const coverage = await get<BackupCoverage>('/api/backups/coverage?hours=24');
    expect(
      coverage.guests_without_backup.map((g) => [g.vmid, g.last_backup_at]).sort((a, b) => Number(a[0]) - Number(b[0])),
    ).toEqual(without.map((v) => [v.vmid, iso(truth.get(v.vmid)!.newest)]));

    // The inventory: the guests it lists a backup of within 24 h are exactly the others, and each guest's newest
    // listed backup is the one the coverage and the seeding name.
    const recent = await backedUpSince(dayAgo);
    expect(vms.filter((v) => !recent.has(v.id)).map((v) => v.vmid)).toEqual(without.map((v) => v.vmid));
    for (const v of vms) {
      const page = await get<BackupPage>(`/api/backups?guest_id=${v.id}&limit=1`);
      expect([v.vmid, page.items[0]?.backup_time ?? null]).toEqual([v.vmid, iso(truth.get(v.vmid)!.newest)]);
    }

    // The dashboard's advice: the same count, naming the same guests (the first five, by vmid).
    const advice = await get<Advice>('/api/proxai/advice?context=general');
    const title = itemTexts('en').noBackup(without.length);
    const item = advice.items.find((i) => i.title === title);
    expect(item, `advice items: ${advice.items.map((i) => i.title).join(' | ')}`).toBeDefined();
    const named = without.slice(0, 5).map((v) => `${v.name} (${v.vmid})`);
    expect(item!.detail.startsWith(named.join(', '))).toBe(true);
    return without.map((v) => v.vmid);
  }

  it('the advice, the coverage and the inventory name the same guests without a backup in the last 24 h', async () => {
    // Every plan is on the fleet (the test means nothing if one is missing).
    expect(new Set([...truth.values()].map((t) => t.plan))).toEqual(new Set(PLAN_NAMES));
    for (const id of [...bed.hostIds, bed.pbsHostId])
      expect(await refreshBackupInventory(deps(), id)).toMatchObject({ ok: true });

    const without = await expectAgreement();
    const expected = [...truth].filter(([, t]) => t.plan === 'stale' || t.plan === 'never').map(([vmid]) => vmid);
    expect(without).toEqual(expected.sort((a, b) => a - b));

    // A poll of each host after the inventory changes nothing of it (a guest backed up only on the PBS datastore no
    // node mounts stays backed up).
    for (const id of bed.hostIds) {
      const res = await bed.t.app.inject({ method: 'POST', url: `/api/hosts/${id}/sync`, headers: bed.owner.auth });
      expect(res.statusCode, res.body).toBe(200);
    }
    expect(await expectAgreement()).toEqual(expected);

    // A guest never backed up gets a backup (a PVE job on its node): once its node's storages are read again,
    // all three say so at once, without waiting for a poll of the host.
    const vmid = [...truth].find(([, t]) => t.plan === 'never')![0];
    const nodeIndex = spec.nodes.findIndex((n) => n.guests.some((g) => g.vmid === vmid));
    const node = bed.fleet.node(bed.fleet.nodes[nodeIndex]!.name);
    const type = node.guests.get(vmid)!.type;
    const taken = Math.floor(Date.now() / 1000) - 600;
    node.storages.get('local')!.backups.push({ vmid, subtype: type, ctime: taken, size: 1024 ** 3 });
    truth.set(vmid, { plan: 'local-recent', newest: taken });
    expect(await refreshBackupInventory(deps(), bed.hostIds[nodeIndex]!)).toMatchObject({ ok: true });
    expect(await expectAgreement()).toEqual(expected.filter((v) => v !== vmid));
  });
});

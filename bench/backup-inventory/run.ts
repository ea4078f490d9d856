// Backup inventory: the first page of GET /api/backups (and a guest's backups, and the next page by its cursor) for
// an organisation with 10 hosts × 500 guests × 30 backups (150,000 backups), against a baseline measured in the same
// run: an organisation with 1 host × 10 guests × 30 backups (300). Embedded PGlite on disk, as `npm start` keeps it
// (or --database-url for PostgreSQL). The service function the route calls is timed in process.
// Usage: npx tsx bench/backup-inventory/run.ts [--queries 100] [--database-url postgres://…/<empty database>] [--smoke]
// (--smoke: the fleet is 2 hosts × 10 guests, 3 queries each: the path, not the figures)
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { sql } from 'drizzle-orm';
import type { Db } from '../../apps/server/src/db/client';
import { backups, organisations } from '../../apps/server/src/db/schema';
import { listBackupsPage } from '../../apps/server/src/modules/backups/backups.service';
import { openBenchDatabase } from '../support/database';
import { announceSmoke, sized } from '../support/smoke';
import { percentile } from '../support/stats';
import { type AuthUser } from '../../apps/server/src/kernel/principal';
import { type RequestContext } from '../../apps/server/src/kernel/request-context';

const arg = (name: string, fallback: string) => {
  const i = process.argv.indexOf(`--${name}`);
  return i > 0 ? process.argv[i + 1]! : fallback;
};
const QUERIES = Number(arg('queries', sized('100', '3')));
const WARM_UPS = sized(5, 1);
/** The fleet's hosts × guests per host; the baseline is 1 × 10 in both runs. */
const FLEET: [number, number] = sized([10, 500], [2, 10]);
const DATABASE_URL = process.argv.includes('--database-url') ? arg('database-url', '') : undefined;
const BACKUPS_PER_GUEST = 30;

/** An organisation with `hostCount` hosts × `guestsPerHost` guests × 30 nightly backups each, made in SQL. */
async function seed(db: Db, name: string, hostCount: number, guestsPerHost: number): Promise<RequestContext> {
  const [org] = await db.insert(organisations).values({ name }).returning();
  const orgId = org!.id;
  await db.execute(sql`
    insert into hosts (organisation_id, name, pve_url, pve_node, username, auth_type, secret_encrypted)
    select ${orgId}::uuid, 'pve' || h, 'https://10.0.0.' || h || ':8006', 'pve' || h, 'root@pam', 'token', 'x'
    from generate_series(1, ${hostCount}) as s(h)`);
  await db.execute(sql`
    insert into guests (host_id, organisation_id, vmid, node, type, name, state)
    select h.id, ${orgId}::uuid, 100 + g, h.pve_node, 'qemu', 'vm' || g, 'running'
    from hosts h, generate_series(1, ${guestsPerHost}) as s(g) where h.organisation_id = ${orgId}::uuid`);
  // One backup a night at 21:00 plus a few minutes, newest yesterday; the size varies.
  await db.execute(sql`
    insert into backups (organisation_id, host_id, guest_id, vmid, guest_type, source, storage, volid, backup_time, size_bytes, format, verify_state, protected, notes)
    select ${orgId}::uuid, g.host_id, g.id, g.vmid, 'qemu', 'pve-storage', 'local',
      'local:backup/vzdump-qemu-' || g.vmid || '-night-' || d || '.vma.zst',
      date_trunc('day', now()) - (d || ' days')::interval + interval '21 hours' + ((g.vmid % 60) || ' minutes')::interval,
      1000000000 + (g.vmid * 7919 % 1000000) * 1000, 'vma.zst', 'ok', false, g.name
    from guests g, generate_series(1, ${BACKUPS_PER_GUEST}) as s(d) where g.organisation_id = ${orgId}::uuid`);
  await db.execute(sql`analyze backups`);
  return { user: { id: 'bench' } as AuthUser, organisationId: orgId };
}

async function timed(label: string, fn: () => Promise<unknown>): Promise<{ p50: number; p95: number }> {
  for (let i = 0; i < WARM_UPS; i++) await fn(); // warm-up: prepared plans, caches
  const ms: number[] = [];
  for (let i = 0; i < QUERIES; i++) {
    const t0 = performance.now();
    await fn();
    ms.push(performance.now() - t0);
  }
  ms.sort((a, b) => a - b);
  const r = { p50: percentile(ms, 50), p95: percentile(ms, 95) };
  console.log(`  ${label.padEnd(44)} p50 ${r.p50.toFixed(1).padStart(6)} ms  p95 ${r.p95.toFixed(1).padStart(6)} ms`);
  return r;
}

async function measure(db: Db, ctx: RequestContext, title: string) {
  console.log(title);
  const first = await listBackupsPage(db, ctx, { limit: 100 });
  const guestId = first.items[0]!.guest_id!;
  return {
    first: await timed('first page (100 newest)', () => listBackupsPage(db, ctx, { limit: 100 })),
    next: await timed('next page (by cursor)', () => listBackupsPage(db, ctx, { limit: 100, cursor: first.next_cursor! })),
    guest: await timed("one guest's backups (its Backups tab)", () =>
      listBackupsPage(db, ctx, { limit: 100, guest_id: guestId }),
    ),
  };
}

async function main() {
  announceSmoke('backup-inventory');
  const dataDir = path.join(os.tmpdir(), `backup-inventory-bench-${Date.now()}`);
  const database = await openBenchDatabase(DATABASE_URL ? { databaseUrl: DATABASE_URL } : { dataDir });
  const db = database.db;
  try {
    const t0 = Date.now();
    const big = await seed(db, 'big', FLEET[0], FLEET[1]);
    const small = await seed(db, 'small', 1, 10);
    const n = await db.$count(backups);
    console.log(`seeded ${n} backups in ${((Date.now() - t0) / 1000).toFixed(1)} s (${DATABASE_URL ? 'PostgreSQL' : 'PGlite'})`);
    const base = await measure(db, small, 'baseline: 1 host × 10 guests × 30 backups (300)');
    const fleetTitle = `${FLEET[0]} hosts × ${FLEET[1]} guests × 30 backups (${(FLEET[0] * FLEET[1] * BACKUPS_PER_GUEST).toLocaleString('en')})`;
    const fleet = await measure(db, big, `fleet: ${fleetTitle}`);
    const ratio = (a: number, b: number) => (a / b).toFixed(2);
    console.log(
      `ratio fleet / baseline (p50): first page ${ratio(fleet.first.p50, base.first.p50)}, next page ${ratio(fleet.next.p50, base.next.p50)}, one guest ${ratio(fleet.guest.p50, base.guest.p50)}`,
    );
    console.log(
      `first page p95 ${fleet.first.p95.toFixed(1)} ms (the page's first rows need it, target ≤ 500 ms with rendering)`,
    );
  } finally {
    await database.close();
    fs.rmSync(dataDir, { recursive: true, force: true });
  }
}

await main();

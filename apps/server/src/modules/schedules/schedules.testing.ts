// Test helpers of the schedules integration tests (not shipped code paths): hosts and guests written straight to
// the database (no Proxmox behind them: a run's children fail to connect, which these tests do not look at), the
// request bodies, and past runs that give a schedule its estimate.
import { randomBytes } from 'node:crypto';
import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll } from 'vitest';
import type { Db } from '../../db/client';
import { events, guests, hosts, tasks } from '../../db/schema';
import { createTestApp } from '../../testing/app';
import { buildUser } from '../../testing/factories';
import { routesClient } from '../../testing/routes-client';
import { giveLicence } from '../hosts/hosts.testing';

const unique = () => randomBytes(3).toString('hex');

/** A host of the organisation (pointing at a closed port) with guests: `[vmid, tags, pool]` each. */
export async function seedHost(
  db: Db,
  organisationId: string,
  guestSpecs: [number, string[], string | null][],
): Promise<{ hostId: string; guestIds: string[] }> {
  const [host] = await db
    .insert(hosts)
    .values({
      organisationId,
      name: `host-${unique()}`,
      pveUrl: 'https://127.0.0.1:1',
      pveNode: 'pve',
      username: 'root@pam',
      authType: 'password',
      secretEncrypted: 'x',
    })
    .returning();
  const rows = await db
    .insert(guests)
    .values(
      guestSpecs.map(([vmid, tags, pool]) => ({
        hostId: host!.id,
        organisationId,
        vmid,
        node: 'pve',
        type: 'qemu' as const,
        name: `vm-${vmid}`,
        state: 'running',
        tags,
        pool,
      })),
    )
    .returning({ id: guests.id });
  return { hostId: host!.id, guestIds: rows.map((r) => r.id) };
}

export const windowBody = (over: Record<string, unknown> = {}) => ({
  name: `Window ${unique()}`,
  days: ['mon', 'tue', 'wed', 'thu', 'fri', 'sat', 'sun'],
  start: '01:00',
  duration_minutes: 120,
  timezone: 'UTC',
  ...over,
});

export const scheduleBody = (over: Record<string, unknown> = {}) => ({
  name: `Schedule ${unique()}`,
  kind: 'guest_action',
  cron: '0 3 * * *',
  timezone: 'UTC',
  selector: { all: true },
  params: { action: 'stop' },
  ...over,
});

/** Succeeded past runs of a schedule that took `minutes` each (its estimate is their median). */
export async function addRunHistory(db: Db, organisationId: string, scheduleId: string, minutes: number[]): Promise<void> {
  const base = Date.parse('2020-01-01T00:00:00Z');
  await db.insert(tasks).values(
    minutes.map((m, i) => ({
      organisationId,
      kind: 'bulk.stop',
      status: 'succeeded' as const,
      scheduleId,
      scheduledFor: new Date(base + i * 86_400_000),
      startedAt: new Date(base + i * 86_400_000),
      endedAt: new Date(base + i * 86_400_000 + m * 60_000),
      createdBy: { type: 'schedule' as const, id: scheduleId, name: 'history' },
    })),
  );
}

/** The organisation's events of one type, oldest first. */
export async function eventsOf(db: Db, organisationId: string, type: string) {
  return db
    .select()
    .from(events)
    .where(and(eq(events.organisationId, organisationId), eq(events.type, type)))
    .orderBy(events.id);
}

/** The tasks of a schedule, by occurrence. */
export async function tasksOfSchedule(db: Db, scheduleId: string) {
  return db.select().from(tasks).where(eq(tasks.scheduleId, scheduleId)).orderBy(tasks.scheduledFor);
}

/** The app (its scheduler ticking rarely: the routes are under test, not runs), an owner, and a host of three guests. */
export async function startSchedulesApp(kind: 'pglite' | 'postgres') {
  const t = await createTestApp({
    jobs: true,
    database: kind,
    env: { RATE_LIMIT_ENABLED: 'false', SCHEDULER_TICK_SECONDS: '60' },
  });
  const owner = await buildUser(t.database.db, { orgRole: 'owner' });
  const org = owner.user.organisationId!;
  await giveLicence(t.database.db, org, 'pro');
  const { hostId: hostA, guestIds: guestsA } = await seedHost(t.database.db, org, [
    [101, ['prod', 'web'], 'blue'],
    [102, ['prod'], null],
    [103, [], 'blue'],
  ]);
  return { t, owner, org, hostA, guestsA, api: routesClient(t, owner.auth, { stepUpEmail: owner.user.email }) };
}

/** startSchedulesApp for the tests of one file (started before them, closed after): read its fields inside tests. */
export function schedulesAppPerFile(kind: 'pglite' | 'postgres') {
  const bed = {} as Awaited<ReturnType<typeof startSchedulesApp>>;
  beforeAll(async () => {
    Object.assign(bed, await startSchedulesApp(kind));
  });
  afterAll(async () => {
    await bed.t?.close();
  });
  return bed;
}

import { and, count, eq, ne, sql } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { hosts, memberships, organisations, users } from '../../db/schema';

export const DEMO_EMAIL = 'demo@proxai.local';
const DEMO_ORG_NAME = 'ProxAI Demo';

export async function findDemoUser(db: Db) {
  const [row] = await db
    .select()
    .from(users)
    .where(sql`lower(${users.email}) = ${DEMO_EMAIL}`);
  return row;
}

export async function demoUserExists(db: Db): Promise<boolean> {
  return Boolean(await findDemoUser(db));
}

/** The demo user and its organisation, created on first use. */
export async function ensureDemoUser(db: Db) {
  const existing = await findDemoUser(db);
  if (existing?.organisationId) {
    // Organisations made before the demo flag existed: the demo's runs on Pro.
    await db.update(organisations).set({ demo: true }).where(eq(organisations.id, existing.organisationId));
    await db
      .insert(memberships)
      .values({ userId: existing.id, organisationId: existing.organisationId, role: 'owner' })
      .onConflictDoNothing();
    return existing as typeof existing & { organisationId: string };
  }
  const [org] = await db.insert(organisations).values({ name: DEMO_ORG_NAME, demo: true }).returning();
  if (!org) throw new Error('demo organisation insert failed');
  if (existing) {
    await db.update(users).set({ organisationId: org.id }).where(eq(users.id, existing.id));
    await db.insert(memberships).values({ userId: existing.id, organisationId: org.id, role: 'owner' });
    return { ...existing, organisationId: org.id };
  }
  const [user] = await db
    .insert(users)
    .values({ email: DEMO_EMAIL, name: 'Demo', role: 'user', organisationId: org.id, language: 'en' })
    .returning();
  if (!user?.organisationId) throw new Error('demo user insert failed');
  await db.insert(memberships).values({ userId: user.id, organisationId: org.id, role: 'owner' });
  return user as typeof user & { organisationId: string };
}

/** Hosts that belong to real organisations (anything but the demo's). */
export async function countOtherHosts(db: Db, demoOrganisationId: string | null): Promise<number> {
  const [row] = await db
    .select({ n: count() })
    .from(hosts)
    .where(demoOrganisationId ? ne(hosts.organisationId, demoOrganisationId) : undefined);
  return row?.n ?? 0;
}

/** The previous run's simulated hosts listen on ports that are gone: replace them. */
export async function deleteDemoHosts(db: Db, organisationId: string): Promise<void> {
  await db.delete(hosts).where(and(eq(hosts.organisationId, organisationId)));
}

import { randomBytes } from 'node:crypto';
import type { Db } from '../db/client';
import { organisations, users } from '../db/schema';
import { createSession } from '../modules/sessions/sessions.service';
import { trackSecret } from './secrets';

const unique = () => randomBytes(4).toString('hex');

export async function buildOrganisation(db: Db, overrides: Partial<typeof organisations.$inferInsert> = {}) {
  const [org] = await db
    .insert(organisations)
    .values({ name: `Org ${unique()}`, ...overrides })
    .returning();
  if (!org) throw new Error('organisation insert failed');
  return org;
}

/** A user in a new organisation (or the given one), with a live session token. */
export async function buildUser(db: Db, overrides: Partial<typeof users.$inferInsert> = {}) {
  const organisationId = overrides.organisationId === undefined ? (await buildOrganisation(db)).id : overrides.organisationId;
  const [user] = await db
    .insert(users)
    .values({ email: `user-${unique()}@example.test`, name: 'Test User', ...overrides, organisationId })
    .returning();
  if (!user) throw new Error('user insert failed');
  const { token } = await createSession(db, user.id);
  trackSecret(token);
  return { user, token, auth: { authorization: `Bearer ${token}` } };
}

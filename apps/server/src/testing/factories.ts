import { randomBytes } from 'node:crypto';
import type { Db } from '../db/client';
import type { OrgRole } from '@proxai/contract/permissions';
import { memberships, organisations, users } from '../db/schema';
import { createSession } from '../modules/sessions/sessions.service';
import { trackSecret } from './secrets';
import { type AuthUser } from '../kernel/principal';

const unique = () => randomBytes(4).toString('hex');

export async function buildOrganisation(db: Db, overrides: Partial<typeof organisations.$inferInsert> = {}) {
  const [org] = await db
    .insert(organisations)
    .values({ name: `Org ${unique()}`, ...overrides })
    .returning();
  if (!org) throw new Error('organisation insert failed');
  return org;
}

/** A user in a new organisation (or the given one, or none), a member with `orgRole` (owner), with a live session. */
export async function buildUser(db: Db, options: Partial<typeof users.$inferInsert> & { orgRole?: OrgRole } = {}) {
  const { orgRole = 'owner', ...overrides } = options;
  const organisationId = overrides.organisationId === undefined ? (await buildOrganisation(db)).id : overrides.organisationId;
  const [user] = await db
    .insert(users)
    .values({ email: `user-${unique()}@example.test`, name: 'Test User', ...overrides, organisationId })
    .returning();
  if (!user) throw new Error('user insert failed');
  if (organisationId) await db.insert(memberships).values({ userId: user.id, organisationId, role: orgRole });
  const { token, sessionId } = await createSession(db, user.id);
  trackSecret(token);
  /** As `app.authenticate` would see the person (for services called directly). */
  const authUser: AuthUser = {
    id: user.id,
    email: user.email,
    name: user.name,
    role: user.role,
    organisationId,
    orgRole,
    language: user.language,
    timezone: user.timezone,
    sessionId,
  };
  return { user, authUser, token, auth: { authorization: `Bearer ${token}` } };
}

import { createHash, randomBytes } from 'node:crypto';
import type { Db } from '../../db/client';
import type { users } from '../../db/schema';
import { findLiveSession, insertSession, revokeSessionById, touchSession } from './sessions.repository';

export const SESSION_TTL_MS = 7 * 24 * 60 * 60 * 1000;
/** Sliding renewal: a session used after this long since its last renewal is extended to a full TTL again. */
const RENEW_AFTER_MS = 60 * 60 * 1000;

export const sha256Hex = (value: string) => createHash('sha256').update(value).digest('hex');

/** 32 random bytes, base64url: the only copy of a session token is the one handed to the client. */
export const newToken = () => randomBytes(32).toString('base64url');

export type UserRow = typeof users.$inferSelect;

export interface AuthUser {
  id: string;
  email: string;
  name: string | null;
  role: 'admin' | 'user';
  organisationId: string | null;
  orgRole: 'owner' | 'admin' | 'operator' | 'readonly';
  language: string;
  sessionId: string;
}

export async function createSession(db: Db, userId: string, meta: { ip?: string; userAgent?: string } = {}) {
  const token = newToken();
  const expiresAt = new Date(Date.now() + SESSION_TTL_MS);
  const { id } = await insertSession(db, {
    tokenHash: sha256Hex(token),
    userId,
    expiresAt,
    ip: meta.ip,
    userAgent: meta.userAgent?.slice(0, 300),
  });
  return { token, sessionId: id, expiresAt };
}

/** Resolves a presented token to its user, renewing the session when it is due. */
export async function authenticateToken(db: Db, token: string, now = new Date()): Promise<AuthUser | null> {
  if (token.length < 20 || token.length > 200) return null;
  const row = await findLiveSession(db, sha256Hex(token), now);
  if (!row) return null;
  if (now.getTime() - row.session.lastSeenAt.getTime() > RENEW_AFTER_MS) {
    await touchSession(db, row.session.id, now, new Date(now.getTime() + SESSION_TTL_MS));
  }
  const { user } = row;
  return {
    id: user.id,
    email: user.email,
    name: user.name,
    role: user.role,
    organisationId: user.organisationId,
    orgRole: user.orgRole,
    language: user.language,
    sessionId: row.session.id,
  };
}

export async function revokeSession(db: Db, sessionId: string) {
  await revokeSessionById(db, sessionId, new Date());
}

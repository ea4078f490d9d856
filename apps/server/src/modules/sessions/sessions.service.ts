import { createHash, randomBytes } from 'node:crypto';
import type { Db } from '../../db/client';
import type { OrgRole } from '@proxai/contract/permissions';
import type { users } from '../../db/schema';
import { findLiveSession, insertSession, revokeSessionById, revokeSessionsOfUser, touchSession } from './sessions.repository';
import type { AuthUser } from '../../kernel/principal';

/** Sliding lifetime: a session unused this long expires. */
export const SESSION_TTL_MS = 7 * 24 * 60 * 60 * 1000;
/** Absolute lifetime: however active, a session ends this long after it was opened (sign in again). */
export const SESSION_MAX_AGE_MS = 30 * 24 * 60 * 60 * 1000;
/** Sliding renewal: a session used after this long since its last renewal is extended to a full TTL again. */
const RENEW_AFTER_MS = 60 * 60 * 1000;

export const sha256Hex = (value: string) => createHash('sha256').update(value).digest('hex');

/** 32 random bytes, base64url: the only copy of a session token is the one handed to the client. */
export const newToken = () => randomBytes(32).toString('base64url');

export type UserRow = typeof users.$inferSelect;

/** Opens a session in the person's default organisation (`users.organisation_id`, the last one they used). */
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

/** How long this process trusts a session it has just verified without reading the database again. */
export const SESSION_CACHE_MS = 5_000;
const SESSION_CACHE_MAX = 10_000;

/**
 * Sessions this process verified in the last few seconds, keyed by token hash: a dashboard's burst of calls
 * costs one database read instead of one per call. Logout evicts at once; a revocation made elsewhere
 * (another replica, an operator's SQL) takes effect within SESSION_CACHE_MS.
 */
export class SessionCache {
  private readonly entries = new Map<string, { user: AuthUser; sessionExpiresAt: number; until: number }>();
  /** Who hears of an eviction here: a session's rights may have changed (logout, role, membership, organisation). */
  private readonly listeners = new Set<(who: { sessionId?: string; userId?: string }) => void>();

  constructor(private readonly ttlMs = SESSION_CACHE_MS) {}

  /** Calls `listener` at each eviction; answers its remover. The event stream checks its principal again then. */
  onEvict(listener: (who: { sessionId?: string; userId?: string }) => void): () => void {
    this.listeners.add(listener);
    return () => this.listeners.delete(listener);
  }

  get(tokenHash: string, now: number): AuthUser | undefined {
    const entry = this.entries.get(tokenHash);
    if (!entry) return undefined;
    if (entry.until <= now || entry.sessionExpiresAt <= now) {
      this.entries.delete(tokenHash);
      return undefined;
    }
    return entry.user;
  }

  set(tokenHash: string, user: AuthUser, sessionExpiresAt: Date, now: number): void {
    if (this.entries.size >= SESSION_CACHE_MAX) {
      const oldest = this.entries.keys().next().value;
      if (oldest !== undefined) this.entries.delete(oldest);
    }
    this.entries.set(tokenHash, { user, sessionExpiresAt: sessionExpiresAt.getTime(), until: now + this.ttlMs });
  }

  evictSession(sessionId: string): void {
    for (const [hash, entry] of this.entries) if (entry.user.sessionId === sessionId) this.entries.delete(hash);
    for (const listener of this.listeners) listener({ sessionId });
  }

  evictUser(userId: string): void {
    for (const [hash, entry] of this.entries) if (entry.user.id === userId) this.entries.delete(hash);
    for (const listener of this.listeners) listener({ userId });
  }

  clear(): void {
    this.entries.clear();
  }
}

function toAuthUser({
  user,
  session,
  membership,
}: {
  user: UserRow;
  session: { id: string };
  membership: { organisationId: string; role: OrgRole } | null;
}): AuthUser {
  return {
    id: user.id,
    email: user.email,
    name: user.name,
    role: user.role,
    organisationId: membership?.organisationId ?? null,
    orgRole: membership?.role ?? 'readonly',
    language: user.language,
    timezone: user.timezone,
    sessionId: session.id,
  };
}

/** Resolves a presented token to its user, renewing the session when it is due. */
export async function authenticateToken(db: Db, token: string, now = new Date(), cache?: SessionCache): Promise<AuthUser | null> {
  if (token.length < 20 || token.length > 200) return null;
  const tokenHash = sha256Hex(token);
  const cached = cache?.get(tokenHash, now.getTime());
  if (cached) return cached;
  const row = await findLiveSession(db, { tokenHash }, now, new Date(now.getTime() - SESSION_MAX_AGE_MS));
  if (!row) return null;
  const endOfLife = row.session.createdAt.getTime() + SESSION_MAX_AGE_MS;
  let expiresAt = new Date(Math.min(row.session.expiresAt.getTime(), endOfLife));
  if (now.getTime() - row.session.lastSeenAt.getTime() > RENEW_AFTER_MS) {
    expiresAt = new Date(Math.min(now.getTime() + SESSION_TTL_MS, endOfLife));
    await touchSession(db, row.session.id, now, expiresAt);
  }
  const authUser = toAuthUser(row);
  cache?.set(tokenHash, authUser, expiresAt, now.getTime());
  return authUser;
}

/** The user of a live session, by the session's id (no renewal: the stream's own requests do not extend it). */
export async function authenticateSessionId(db: Db, sessionId: string, now = new Date()): Promise<AuthUser | null> {
  const row = await findLiveSession(db, { id: sessionId }, now, new Date(now.getTime() - SESSION_MAX_AGE_MS));
  return row ? toAuthUser(row) : null;
}

/** Ends a session; the cache forgets it after the database does (a request in between cannot cache it again). */
export async function revokeSession(db: Db, sessionId: string, cache?: SessionCache) {
  await revokeSessionById(db, sessionId, new Date());
  cache?.evictSession(sessionId);
}

/** "Sign out everywhere": every session of the user ends now (other replicas within SESSION_CACHE_MS). */
export async function revokeAllSessions(db: Db, userId: string, cache?: SessionCache): Promise<number> {
  const revoked = await revokeSessionsOfUser(db, userId, new Date());
  cache?.evictUser(userId);
  return revoked;
}

import { randomBytes } from 'node:crypto';
import {
  API_KEY_MAX_LIFETIME_DAYS,
  API_KEY_SECRET_PREFIX,
  type ApiKey,
  type ApiKeyCreate,
  type ApiKeyCreated,
} from '@proxai/contract';
import { roleAllows, type Permission } from '@proxai/contract/permissions';
import type { Db } from '../../db/client';
import { AppError, errorText, type ErrorText, notFound } from '../../errors';
import { allows, authorize } from '../../access/authorize';
import { recordAudit } from '../audit/audit.repository';
import { hashesEqual, sha256Hex } from '../auth/codes';
import { emitEvent } from '../../events/outbox';
import { findHost } from '../hosts/hosts.repository';
import {
  findApiKey,
  findApiKeyForAuth,
  insertApiKey,
  listApiKeys,
  liveKeysOfCreator,
  revokeApiKey,
  touchApiKey,
  type ApiKeyRow,
} from './api-keys.repository';
import { type AuthUser, actorOfUser, creatorOf } from '../../kernel/principal';
import { type RequestContext } from '../../kernel/request-context';

const DAY_MS = 24 * 60 * 60 * 1000;
/** A key's last use is written at most this often (not on every request). */
const TOUCH_EVERY_MS = 60_000;

const iso = (d: Date | null) => d?.toISOString() ?? null;

export function toApiKeyDto(row: ApiKeyRow, creatorEmail: string | null): ApiKey {
  return {
    id: row.id,
    name: row.name,
    prefix: `${API_KEY_SECRET_PREFIX}${row.prefix}`,
    scopes: row.scopes,
    host_ids: row.hostIds ?? null,
    tags: row.tags ?? null,
    expires_at: row.expiresAt.toISOString(),
    created_at: row.createdAt.toISOString(),
    created_by: creatorEmail,
    last_used_at: iso(row.lastUsedAt),
    last_used_ip: row.lastUsedIp,
    revoked_at: iso(row.revokedAt),
  };
}

export async function listKeys(db: Db, ctx: RequestContext): Promise<{ items: ApiKey[] }> {
  authorize(ctx.user, 'api_keys.create');
  const rows = await listApiKeys(db, ctx.organisationId);
  return { items: rows.map((r) => toApiKeyDto(r.key, r.creatorEmail)) };
}

/**
 * Creates a key for the organisation the session acts in. Its scopes must all be the creator's own permissions
 * (403 otherwise: a key never holds more than its creator); its hosts must be the organisation's; its expiry is
 * required, in the future and at most a year away. The secret is answered this once; only its hash is kept.
 */
export async function createKey(db: Db, ctx: RequestContext, input: ApiKeyCreate, now = new Date()): Promise<ApiKeyCreated> {
  authorize(ctx.user, 'api_keys.create');
  const beyond = input.scopes.filter((p) => !allows(ctx.user, p));
  if (beyond.length > 0) {
    throw new AppError(
      'forbidden',
      errorText('apiKeys.scopesBeyondRole', { role: ctx.user.orgRole ?? '', scopes: beyond.join(', ') }),
    );
  }
  const expiresAt = new Date(input.expires_at);
  if (expiresAt.getTime() <= now.getTime()) {
    throw new AppError('validation_failed', errorText('apiKeys.expiryPast'), {
      errors: [{ path: 'expires_at', message: 'must be in the future' }],
    });
  }
  if (expiresAt.getTime() > now.getTime() + API_KEY_MAX_LIFETIME_DAYS * DAY_MS) {
    throw new AppError('validation_failed', errorText('apiKeys.expiryTooFar'), {
      errors: [{ path: 'expires_at', message: 'must be at most one year away' }],
    });
  }
  const hostIds = input.host_ids ? [...new Set(input.host_ids)] : null;
  for (const id of hostIds ?? []) {
    if (!(await findHost(db, ctx.organisationId, id))) throw notFound('host');
  }
  const tags = input.tags ? [...new Set(input.tags)] : null;
  const prefix = randomBytes(6).toString('hex');
  const secret = `${API_KEY_SECRET_PREFIX}${prefix}_${randomBytes(32).toString('base64url')}`;
  const scopes = [...new Set(input.scopes)] as Permission[];
  const row = await db.transaction(async (tx) => {
    const created = await insertApiKey(tx, {
      organisationId: ctx.organisationId,
      createdBy: ctx.user.id,
      name: input.name,
      prefix,
      secretHash: sha256Hex(secret),
      scopes,
      hostIds,
      tags,
      expiresAt,
    });
    const data = {
      api_key_id: created.id,
      name: created.name,
      prefix: `${API_KEY_SECRET_PREFIX}${prefix}`,
      scopes,
      expires_at: expiresAt.toISOString(),
    };
    await emitEvent(tx, ctx.organisationId, 'api_key.created', data, actorOfUser(ctx.user, ctx.ip));
    await recordAudit(tx, {
      action: 'api_key.create',
      outcome: 'success',
      actor: creatorOf(ctx.user),
      organisationId: ctx.organisationId,
      target: created.id,
      ip: ctx.ip,
      details: { name: created.name, prefix: data.prefix, scopes, host_ids: hostIds, tags, expires_at: data.expires_at },
    });
    return created;
  });
  return { ...toApiKeyDto(row, ctx.user.email), secret };
}

/** Revokes a key: one's own, or any of the organisation's for those who manage members. */
export async function revokeKey(db: Db, ctx: RequestContext, id: string, now = new Date()): Promise<void> {
  authorize(ctx.user, 'api_keys.create');
  const row = await findApiKey(db, ctx.organisationId, id);
  if (!row) throw notFound('apiKey');
  const own = row.createdBy === ctx.user.id;
  if (!own && !allows(ctx.user, 'members.manage')) throw new AppError('forbidden', errorText('apiKeys.revokeNotAllowed'));
  if (row.revokedAt) throw new AppError('already_revoked', errorText('apiKeys.alreadyRevoked'));
  await db.transaction(async (tx) => {
    if (!(await revokeApiKey(tx, row.id, 'revoked', now)))
      throw new AppError('already_revoked', errorText('apiKeys.alreadyRevoked'));
    await revokedEffects(tx, row, 'revoked', { user: ctx.user, ip: ctx.ip });
  });
}

/** The event and audit record of a revocation (by a person, or because its creator left). */
async function revokedEffects(
  tx: Db,
  row: ApiKeyRow,
  reason: 'revoked' | 'creator_left',
  by: { user: AuthUser; ip?: string } | null,
): Promise<void> {
  const prefix = `${API_KEY_SECRET_PREFIX}${row.prefix}`;
  await emitEvent(
    tx,
    row.organisationId,
    'api_key.revoked',
    { api_key_id: row.id, name: row.name, prefix, reason },
    by ? actorOfUser(by.user, by.ip) : undefined,
  );
  await recordAudit(tx, {
    action: 'api_key.revoke',
    outcome: 'success',
    ...(by ? { actor: creatorOf(by.user) } : {}),
    organisationId: row.organisationId,
    target: row.id,
    ip: by?.ip ?? null,
    details: { name: row.name, prefix, reason },
  });
}

/**
 * A member left or was removed: the keys they made in that organisation are revoked with them (call it in the
 * transaction that removes the membership). Their requests already fail from that moment (authentication checks
 * the creator's membership); this marks them revoked for the list and the audit trail.
 */
export async function revokeKeysOfDeparted(tx: Db, organisationId: string, userId: string, now = new Date()): Promise<string[]> {
  const revoked: string[] = [];
  for (const row of await liveKeysOfCreator(tx, organisationId, userId)) {
    if (!(await revokeApiKey(tx, row.id, 'creator_left', now))) continue;
    await revokedEffects(tx, row, 'creator_left', null);
    revoked.push(row.id);
  }
  return revoked;
}

const SECRET_PATTERN = /^pxk_([0-9a-f]{12})_[A-Za-z0-9_-]{43}$/;

export const looksLikeApiKey = (token: string) => token.startsWith(API_KEY_SECRET_PREFIX);

/**
 * The principal of a presented key, or why it is refused (401): unknown, revoked, expired, or its creator no
 * longer a member of its organisation. The principal carries the creator's identity and role today (a key's rights
 * are its scopes ∩ the creator's permissions) and the key's own identity and host/tag scope.
 */
export async function authenticateApiKey(
  db: Db,
  secret: string,
  meta: { ip: string },
  now = new Date(),
): Promise<AuthUser | ErrorText> {
  const match = SECRET_PATTERN.exec(secret);
  if (!match) return errorText('access.keyInvalid');
  const hash = sha256Hex(secret);
  // Read at every request (one indexed row): a revocation, an expiry or the creator's new role applies at once.
  const row = await findApiKeyForAuth(db, match[1]!);
  if (!row || !hashesEqual(row.key.secretHash, hash)) return errorText('access.keyInvalid');
  const { key, creator, role } = row;
  if (key.revokedAt) return errorText('access.keyRevoked');
  if (key.expiresAt.getTime() <= now.getTime()) return errorText('access.keyExpired');
  if (!creator || !role) return errorText('access.keyCreatorGone');
  if (!key.lastUsedAt || now.getTime() - key.lastUsedAt.getTime() > TOUCH_EVERY_MS) {
    await touchApiKey(db, key.id, now, meta.ip);
  }
  const user: AuthUser = {
    id: creator.id,
    email: creator.email,
    name: creator.name,
    role: 'user',
    organisationId: key.organisationId,
    orgRole: role,
    language: creator.language,
    timezone: creator.timezone,
    sessionId: '',
    apiKey: {
      id: key.id,
      name: key.name,
      prefix: `${API_KEY_SECRET_PREFIX}${key.prefix}`,
      // A scope the creator's role lost since is simply not granted (checked again at every request).
      scopes: key.scopes.filter((p) => roleAllows(role, p)),
      hostIds: key.hostIds && key.hostIds.length > 0 ? key.hostIds : null,
      tags: key.tags && key.tags.length > 0 ? key.tags : null,
    },
  };
  return user;
}

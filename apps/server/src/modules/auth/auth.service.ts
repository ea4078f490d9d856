import { randomUUID } from 'node:crypto';
import type { AuthUser as AuthUserDto, Language, ProfilePatch } from '@proxai/contract';
import type { Db } from '../../db/client';
import { AppError, errorText } from '../../errors';
import { message } from '../../i18n/messages';
import { recordAudit } from '../audit/audit.repository';
import { isKnownTimeZone } from '../schedules/schedule-logic';
import { authenticateToken, createSession } from '../sessions/sessions.service';
import {
  clearLoginFailures,
  consumeHandoff,
  consumeMagicToken,
  findLoginFailures,
  recordLoginFailure,
  peekHandoff,
  peekMagicToken,
  countAttemptOnLiveCode,
  findUserByEmail,
  findUserById,
  insertHandoff,
  insertUserWithOrganisation,
  insertUserWithoutOrganisation,
  markCodeUsed,
  insertLoginCode,
  retireOtherLoginCodes,
  deleteLoginCode,
  touchLastLogin,
  setUserTimezone,
  type UserRow,
} from './auth.repository';
import { hashesEqual, hashOtpCode, newOpaqueToken, newOtpCode, sha256Hex } from './codes';
import { hasPendingInvite } from '../teams/teams.repository';
import { signInMail } from './mail-templates';
import { dummyPasswordHash, verifyPassword } from './passwords';
import { type AuthUser } from '../../kernel/principal';
import { type Mailer } from '../../kernel/mailer';

export const CODE_TTL_MS = 15 * 60 * 1000;
export const MAX_CODE_ATTEMPTS = 5;
export const HANDOFF_TTL_MS = 2 * 60 * 1000;

export interface RequestMeta {
  ip?: string;
  userAgent?: string;
}

/** The user as the API answers it (snake_case: SPEC.md's client reads `organisation_id`). */
export function toUserDto(user: AuthUser): AuthUserDto {
  return {
    id: user.id,
    email: user.email,
    name: user.name,
    role: user.role,
    organisation_id: user.organisationId,
    org_role: user.orgRole,
    timezone: user.timezone,
  };
}

/** Changes the person's own settings: the time zone must be one the server knows (schedules are shown in it). */
export async function updateProfile(db: Db, user: AuthUser, patch: ProfilePatch, language: Language): Promise<AuthUser> {
  if (patch.timezone !== null && !isKnownTimeZone(patch.timezone)) {
    throw new AppError('bad_request', message(language, 'automation.timezoneUnknown'));
  }
  await setUserTimezone(db, user.id, patch.timezone);
  return { ...user, timezone: patch.timezone };
}

/** An organisation named after the address's domain, or its local part for public mail providers. */
export function organisationNameFor(email: string): string {
  const [local = email, domain = ''] = email.split('@');
  const publicProviders =
    /^(gmail|googlemail|outlook|hotmail|live|yahoo|icloud|me|proton|protonmail|gmx|laposte|orange|free|wanadoo)\./;
  if (!domain || publicProviders.test(domain)) return local;
  return domain;
}

/** The user for a verified address, created with its own organisation (as owner) on first use. */
export async function findOrCreateUser(
  db: Db,
  email: string,
  defaults: { name?: string | null; language: string },
): Promise<UserRow> {
  const existing = await findUserByEmail(db, email);
  if (existing) return existing;
  // Someone invited joins the inviting organisation on accepting: no organisation of their own.
  if (await hasPendingInvite(db, email, new Date())) {
    return (
      (await insertUserWithoutOrganisation(db, { email, name: defaults.name ?? null, language: defaults.language })) ??
      found(db, email)
    );
  }
  const created = await insertUserWithOrganisation(db, {
    email,
    name: defaults.name ?? null,
    language: defaults.language,
    organisationName: organisationNameFor(email),
  });
  return created ?? found(db, email);
}

/** The row another request created first (the unique address index made ours fail). */
async function found(db: Db, email: string): Promise<UserRow> {
  const user = await findUserByEmail(db, email);
  if (!user) throw new AppError('internal', errorText('auth.accountNotCreated'));
  return user;
}

/**
 * Mails a sign-in link and a 6-digit code (one login_codes row, both stored as hashes). Answers the same way
 * whether the address was known or not, so the route cannot be used to enumerate accounts, and creates nothing
 * but the code: the account is created when the code or link proves the mailbox (signInProvenAddress).
 */
export async function requestSignIn(
  deps: { db: Db; mailer: Mailer },
  input: { email: string; language: Language; baseUrl: string },
  meta: RequestMeta,
): Promise<void> {
  const { db, mailer } = deps;
  const known = await findUserByEmail(db, input.email);
  const actor = { actorId: known?.id, actorEmail: input.email, organisationId: known?.organisationId, ip: meta.ip };
  const now = new Date();
  const id = randomUUID();
  const code = newOtpCode();
  const magicToken = newOpaqueToken();
  await insertLoginCode(db, {
    id,
    email: input.email,
    codeHash: hashOtpCode(id, code),
    magicTokenHash: sha256Hex(magicToken),
    language: input.language,
    expiresAt: new Date(now.getTime() + CODE_TTL_MS),
  });
  // The page completes the sign-in with a POST: a mail scanner that fetches the link burns nothing.
  const link = `${input.baseUrl}/auth#magic=${encodeURIComponent(magicToken)}`;
  try {
    await mailer.send({ to: input.email, ...signInMail(input.language, link, code) });
    // Only a code that reached the mail server replaces the previous one: a failed send leaves the user the
    // code they already have.
    await retireOtherLoginCodes(db, input.email, id, now);
  } catch (err) {
    await deleteLoginCode(db, id);
    await recordAudit(db, { action: 'auth.magic_link', outcome: 'failure', ...actor, details: { reason: 'mail_failed' } });
    throw new AppError('unavailable', errorText('auth.signInMailFailed'), { cause: err });
  }
  await recordAudit(db, { action: 'auth.magic_link', outcome: 'success', ...actor });
}

const invalidCode = () => new AppError('invalid_code', errorText('auth.invalidCode'));

/**
 * The mailbox of `email` is proven (code or link): the account, created now with its own organisation on first
 * use. A platform administrator is refused here, never earlier, so that requesting a code still reveals nothing.
 */
async function signInProvenAddress(
  db: Db,
  email: string,
  language: string | null,
  method: 'otp' | 'magic_link',
  meta: RequestMeta,
): Promise<UserRow> {
  const user = await findOrCreateUser(db, email, { language: language ?? 'fr' });
  await refuseAdministrator(db, user, method, meta);
  return user;
}

/** Platform administrators sign in with their password only (DESIGN.md §6): every passwordless path ends here. */
async function refuseAdministrator(db: Db, user: UserRow, method: string, meta: RequestMeta): Promise<void> {
  if (user.role !== 'admin') return;
  await recordAudit(db, {
    action: 'auth.login',
    outcome: 'failure',
    actorId: user.id,
    actorEmail: user.email,
    ip: meta.ip,
    details: { method, reason: 'admin_password_required' },
  });
  throw new AppError('admin_password_required', errorText('auth.adminPasswordRequired'));
}

/** Checks the e-mailed code: single use, 15 minutes, burnt after 5 wrong tries. */
export async function verifyOtp(db: Db, input: { email: string; code: string }, meta: RequestMeta): Promise<UserRow> {
  const now = new Date();
  const row = await countAttemptOnLiveCode(db, input.email, now, MAX_CODE_ATTEMPTS);
  const fail = async (reason: string) => {
    await recordAudit(db, {
      action: 'auth.login',
      outcome: 'failure',
      actorEmail: input.email,
      ip: meta.ip,
      details: { method: 'otp', reason },
    });
    return invalidCode();
  };
  if (!row) throw await fail('no_live_code');
  if (!hashesEqual(hashOtpCode(row.id, input.code), row.codeHash)) {
    // The fifth wrong try burns the code: a new one must be requested.
    if (row.attempts >= MAX_CODE_ATTEMPTS) await markCodeUsed(db, row.id, now);
    throw await fail('wrong_code');
  }
  if (!(await markCodeUsed(db, row.id, now))) throw await fail('already_used');
  return signInProvenAddress(db, input.email, row.language, 'otp', meta);
}

/** The address a live e-mailed link would sign in, without consuming it (to ask before an account switch). */
export async function magicLinkAddress(db: Db, token: string): Promise<string | undefined> {
  return token.length >= 20 && token.length <= 200 ? peekMagicToken(db, sha256Hex(token), new Date()) : undefined;
}

/** The e-mailed link, posted by the /auth page: consumes its code row and answers the user it signs in. */
export async function consumeMagicLink(db: Db, token: string, meta: RequestMeta): Promise<UserRow> {
  const now = new Date();
  const row = token.length >= 20 && token.length <= 200 ? await consumeMagicToken(db, sha256Hex(token), now) : undefined;
  if (!row) {
    await recordAudit(db, {
      action: 'auth.login',
      outcome: 'failure',
      ip: meta.ip,
      details: { method: 'magic_link', reason: 'invalid_link' },
    });
    throw new AppError('invalid_code', errorText('auth.linkExpired'));
  }
  return signInProvenAddress(db, row.email, row.language, 'magic_link', meta);
}

/** A one-time id (2 minutes) the /auth page trades for a session: shared by OpenID Connect and the e-mailed link. */
export async function createHandoff(db: Db, userId: string): Promise<string> {
  const id = newOpaqueToken();
  await insertHandoff(db, { handoffHash: sha256Hex(id), userId, expiresAt: new Date(Date.now() + HANDOFF_TTL_MS) });
  return id;
}

export async function completeHandoff(db: Db, handoffId: string | undefined, meta: RequestMeta): Promise<UserRow> {
  const row =
    handoffId && handoffId.length >= 20 && handoffId.length <= 200
      ? await consumeHandoff(db, sha256Hex(handoffId), new Date())
      : undefined;
  const user = row ? await findUserById(db, row.userId) : undefined;
  if (!user) {
    await recordAudit(db, {
      action: 'auth.login',
      outcome: 'failure',
      ip: meta.ip,
      details: { method: 'handoff', reason: 'invalid_session_id' },
    });
    throw new AppError('invalid_code', errorText('auth.signInSessionInvalid'));
  }
  await refuseAdministrator(db, user, 'handoff', meta);
  return user;
}

/** The address a live handoff would sign in, without consuming it (to ask before an account switch). */
export async function handoffAddress(db: Db, handoffId: string | undefined): Promise<string | undefined> {
  if (!handoffId || handoffId.length < 20 || handoffId.length > 200) return undefined;
  const userId = await peekHandoff(db, sha256Hex(handoffId), new Date());
  return userId ? (await findUserById(db, userId))?.email : undefined;
}

/** Administrator password guessing: this many failures in the window lock the account for ADMIN_LOCK_MS. */
export const ADMIN_MAX_FAILURES = 5;
export const ADMIN_FAILURE_WINDOW_MS = 15 * 60 * 1000;
export const ADMIN_LOCK_MS = 15 * 60 * 1000;

const lockedOut = (until: Date, now: Date) => {
  const seconds = Math.max(1, Math.ceil((until.getTime() - now.getTime()) / 1000));
  const minutes = Math.ceil(seconds / 60);
  return new AppError('rate_limited', errorText('auth.accountLocked', { count: minutes }), {
    headers: { 'retry-after': String(seconds) },
  });
};

/**
 * E-mail and password of a platform administrator. Every answer costs one scrypt check (against a dummy hash
 * for unknown addresses), so its time does not reveal which accounts exist. Failures are counted per address,
 * known or not, in the database (shared by replicas, whatever the client's IP): ADMIN_MAX_FAILURES in
 * ADMIN_FAILURE_WINDOW_MS lock the address for ADMIN_LOCK_MS (429 with Retry-After), and the lock is audited.
 */
export async function adminLogin(db: Db, input: { email: string; password: string }, meta: RequestMeta): Promise<UserRow> {
  const now = new Date();
  const key = `admin:${input.email.toLowerCase()}`;
  const user = await findUserByEmail(db, input.email);
  const failures = await findLoginFailures(db, key);
  const ok = await verifyPassword(input.password, user?.passwordHash ?? (await dummyPasswordHash()));
  if (failures?.lockedUntil && failures.lockedUntil > now) {
    await recordAudit(db, {
      action: 'auth.login',
      outcome: 'failure',
      actorId: user?.id,
      actorEmail: input.email,
      ip: meta.ip,
      details: { method: 'admin', reason: 'locked' },
    });
    throw lockedOut(failures.lockedUntil, now);
  }
  if (!user || !user.passwordHash || !ok) {
    const counted = await recordLoginFailure(db, key, now, {
      windowMs: ADMIN_FAILURE_WINDOW_MS,
      max: ADMIN_MAX_FAILURES,
      lockMs: ADMIN_LOCK_MS,
    });
    await recordAudit(db, {
      action: 'auth.login',
      outcome: 'failure',
      actorEmail: input.email,
      ip: meta.ip,
      details: { method: 'admin', reason: 'invalid_credentials' },
    });
    if (counted?.lockedUntil && counted.lockedUntil > now) {
      await recordAudit(db, {
        action: 'auth.admin_lockout',
        outcome: 'success',
        actorId: user?.id,
        actorEmail: input.email,
        ip: meta.ip,
        details: { failures: counted.failures, locked_until: counted.lockedUntil.toISOString() },
      });
    }
    throw new AppError('invalid_credentials', errorText('auth.invalidCredentials'));
  }
  await clearLoginFailures(db, key);
  if (user.role !== 'admin') {
    await recordAudit(db, {
      action: 'auth.login',
      outcome: 'failure',
      actorId: user.id,
      actorEmail: user.email,
      organisationId: user.organisationId,
      ip: meta.ip,
      details: { method: 'admin', reason: 'not_admin' },
    });
    throw new AppError('not_admin', errorText('auth.notAdmin'));
  }
  return user;
}

/** Opens a session for a user who just proved who they are, and records it; answers it as the API sees it. */
export async function startSession(
  db: Db,
  user: UserRow,
  method: string,
  meta: RequestMeta,
): Promise<{ token: string; user: AuthUser }> {
  const { token } = await createSession(db, user.id, meta);
  const authUser = await authenticateToken(db, token);
  if (!authUser) throw new AppError('internal', errorText('auth.sessionNotRead'));
  await touchLastLogin(db, user.id, new Date());
  await recordAudit(db, {
    action: 'auth.login',
    outcome: 'success',
    actorId: user.id,
    actorEmail: user.email,
    organisationId: user.organisationId,
    ip: meta.ip,
    details: { method },
  });
  return { token, user: authUser };
}

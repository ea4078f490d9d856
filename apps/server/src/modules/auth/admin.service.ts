import type { Db } from '../../db/client';
import { AppError, errorText } from '../../errors';
import { recordAudit } from '../audit/audit.repository';
import { revokeSessionsOfUser } from '../sessions/sessions.repository';
import { removeSecondFactors } from '../mfa/mfa.repository';
import { findUserByEmail, insertAdminUser, setUserPassword } from './auth.repository';
import { hashPassword, MIN_PASSWORD_LENGTH } from './passwords';

/**
 * Creates a platform administrator, or resets an existing account: `reset: 'admin'` gives an existing
 * administrator a new password and removes their second factors (they enrol again at their next sign-in); `reset: 'any'` also turns an ordinary account (e.g. one that signed up by
 * e-mail with the administrator's address first) into the administrator, ending its sessions, which were opened
 * without a password. Answers what happened, for the CLI and the start-up log: `not_admin` when the address
 * belongs to an ordinary account that was left as it is.
 */
export async function upsertAdmin(
  db: Db,
  input: { email: string; password: string; reset: 'never' | 'admin' | 'any' },
): Promise<'created' | 'reset' | 'unchanged' | 'not_admin'> {
  if (input.password.length < MIN_PASSWORD_LENGTH) {
    throw new AppError('bad_request', errorText('auth.passwordTooShort', { min: MIN_PASSWORD_LENGTH }));
  }
  const email = input.email.trim().toLowerCase();
  const existing = await findUserByEmail(db, email);
  if (existing && existing.role !== 'admin' && input.reset !== 'any') return 'not_admin';
  if (existing && input.reset === 'never') return 'unchanged';
  const passwordHash = await hashPassword(input.password);
  if (existing) {
    await setUserPassword(db, existing.id, passwordHash, 'admin');
    // The way back for an administrator who lost their second factor (someone with the server's shell): the
    // factors go too, the next sign-in enrols a new one, and every session opened with the old ones ends.
    await removeSecondFactors(db, existing.id);
    const revoked = await revokeSessionsOfUser(db, existing.id, new Date());
    await recordAudit(db, {
      action: 'auth.admin_reset',
      outcome: 'success',
      actorEmail: email,
      target: existing.id,
      details: { was: existing.role, sessions_revoked: revoked },
    });
    return 'reset';
  }
  const user = await insertAdminUser(db, { email, name: 'Administrator', passwordHash });
  await recordAudit(db, { action: 'auth.admin_created', outcome: 'success', actorEmail: email, target: user?.id ?? null });
  return 'created';
}

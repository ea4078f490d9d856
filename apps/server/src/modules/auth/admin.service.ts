import type { Db } from '../../db/client';
import { AppError } from '../../errors';
import { recordAudit } from '../audit/audit.repository';
import { findUserByEmail, insertAdminUser, setUserPassword } from './auth.repository';
import { hashPassword, MIN_PASSWORD_LENGTH } from './passwords';

/**
 * Creates a platform administrator, or (with `reset`) gives an existing account the admin role and a new
 * password. Answers what happened, for the CLI and the start-up log.
 */
export async function upsertAdmin(
  db: Db,
  input: { email: string; password: string; reset: boolean },
): Promise<'created' | 'reset' | 'unchanged'> {
  if (input.password.length < MIN_PASSWORD_LENGTH) {
    throw new AppError('bad_request', `The password must be at least ${MIN_PASSWORD_LENGTH} characters long`);
  }
  const email = input.email.trim().toLowerCase();
  const existing = await findUserByEmail(db, email);
  if (existing && !input.reset) return 'unchanged';
  const passwordHash = await hashPassword(input.password);
  if (existing) {
    await setUserPassword(db, existing.id, passwordHash, 'admin');
    await recordAudit(db, { action: 'auth.admin_reset', outcome: 'success', actorEmail: email, target: existing.id });
    return 'reset';
  }
  const user = await insertAdminUser(db, { email, name: 'Administrator', passwordHash });
  await recordAudit(db, { action: 'auth.admin_created', outcome: 'success', actorEmail: email, target: user?.id ?? null });
  return 'created';
}

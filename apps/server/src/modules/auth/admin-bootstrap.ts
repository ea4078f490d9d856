import type { FastifyInstance } from 'fastify';
import { upsertAdmin } from './admin.service';

/**
 * Creates the first administrator from PROXAI_ADMIN_EMAIL/PROXAI_ADMIN_PASSWORD at start. An existing account
 * is left as it is (a changed password in the environment does not silently reset it: use `npm run admin:create`).
 */
export async function bootstrapAdmin(app: FastifyInstance): Promise<void> {
  const { PROXAI_ADMIN_EMAIL: email, PROXAI_ADMIN_PASSWORD: password } = app.config;
  if (!email || !password) return;
  const outcome = await upsertAdmin(app.db, { email, password, reset: 'never' });
  if (outcome === 'created') app.log.info({ email }, 'administrator created from PROXAI_ADMIN_EMAIL');
  else if (outcome === 'not_admin')
    app.log.warn(
      { email },
      `PROXAI_ADMIN_EMAIL ${email} belongs to an ordinary account (not an administrator), which was left unchanged: run "npm run admin:create -- --email ${email} --reset" to make it the administrator (its sessions end)`,
    );
  else app.log.info({ email }, 'administrator from PROXAI_ADMIN_EMAIL already exists; left unchanged');
}

import type { Db } from '../../db/client';
import { newsletterSubscribers } from '../../db/schema';

/**
 * Inserts the address; answers false when it is already there. The unique index on lower(email) makes
 * the check race-free (two simultaneous sign-ups of the same address store one row).
 */
export async function insertSubscriber(db: Db, email: string, language: string | undefined): Promise<boolean> {
  const rows = await db
    .insert(newsletterSubscribers)
    .values({ email, language: language ?? null })
    .onConflictDoNothing()
    .returning({ id: newsletterSubscribers.id });
  return rows.length === 1;
}

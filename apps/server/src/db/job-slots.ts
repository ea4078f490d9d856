import { sql } from 'drizzle-orm';
import type { Db } from './client';
import { jobSlots } from './schema';

/**
 * Claims this interval's run of job `name` for `replicaId`. Returns true for exactly one caller per interval,
 * whichever replica asks first: the claim is one conditional UPDATE, atomic in PostgreSQL. A margin of 10 % lets
 * a replica whose timer fires slightly early still claim the next interval.
 */
export async function claimJobSlot(db: Db, name: string, intervalMs: number, replicaId: string): Promise<boolean> {
  const minAgeMs = Math.floor(intervalMs * 0.9);
  await db
    .insert(jobSlots)
    .values({ name, claimedAt: new Date(0), claimedBy: '' })
    .onConflictDoNothing({ target: jobSlots.name });
  const claimed = await db
    .update(jobSlots)
    .set({ claimedAt: sql`now()`, claimedBy: replicaId })
    .where(sql`${jobSlots.name} = ${name} and ${jobSlots.claimedAt} <= now() - make_interval(secs => ${minAgeMs / 1000})`)
    .returning({ name: jobSlots.name });
  return claimed.length === 1;
}

import { pgTable, text, timestamp } from 'drizzle-orm/pg-core';

/**
 * One row per scheduled job: the replica that moves `claimed_at` forward runs that interval's pass, so with
 * several replicas on one database each job runs once per interval, not once per replica.
 */
export const jobSlots = pgTable('job_slots', {
  name: text('name').primaryKey(),
  claimedAt: timestamp('claimed_at', { withTimezone: true }).notNull(),
  claimedBy: text('claimed_by').notNull(),
});

import { and, asc, desc, eq, inArray, isNotNull, isNull, lt, lte, or, sql } from 'drizzle-orm';
import { isLanguage, type Language } from '@proxai/contract';
import type { Db } from '../../db/client';
import { FALLBACK_LANGUAGE } from '../../i18n/messages';
import {
  guests,
  memberships,
  notificationChannels,
  notificationDeliveries,
  notificationPreferences,
  tasks,
  users,
} from '../../db/schema';

export type ChannelRow = typeof notificationChannels.$inferSelect;
export type ChannelValues = typeof notificationChannels.$inferInsert;
export type DeliveryRow = typeof notificationDeliveries.$inferSelect;
export type DeliveryValues = typeof notificationDeliveries.$inferInsert;
export type PreferencesRow = typeof notificationPreferences.$inferSelect;

// Channels

export async function insertChannel(db: Db, values: ChannelValues): Promise<ChannelRow> {
  const [row] = await db.insert(notificationChannels).values(values).returning();
  return row!;
}

export async function findChannel(db: Db, organisationId: string, id: string): Promise<ChannelRow | undefined> {
  const [row] = await db
    .select()
    .from(notificationChannels)
    .where(and(eq(notificationChannels.organisationId, organisationId), eq(notificationChannels.id, id)));
  return row;
}

export async function findChannelById(db: Db, id: string): Promise<ChannelRow | undefined> {
  const [row] = await db.select().from(notificationChannels).where(eq(notificationChannels.id, id));
  return row;
}

/** Every channel of the organisation, shared and personal (routing). */
export async function listChannels(db: Db, organisationId: string): Promise<ChannelRow[]> {
  return db
    .select()
    .from(notificationChannels)
    .where(eq(notificationChannels.organisationId, organisationId))
    .orderBy(asc(notificationChannels.name), asc(notificationChannels.id));
}

/** The organisation's shared channels (`userId` null) or one person's own, by name. */
export async function listOwnedChannels(db: Db, organisationId: string, userId: string | null): Promise<ChannelRow[]> {
  const c = notificationChannels;
  return db
    .select()
    .from(c)
    .where(and(eq(c.organisationId, organisationId), userId ? eq(c.userId, userId) : isNull(c.userId)))
    .orderBy(asc(c.name), asc(c.id));
}

export async function updateChannel(db: Db, id: string, values: Partial<ChannelValues>): Promise<ChannelRow> {
  const [row] = await db.update(notificationChannels).set(values).where(eq(notificationChannels.id, id)).returning();
  return row!;
}

export async function deleteChannel(db: Db, organisationId: string, id: string): Promise<boolean> {
  const rows = await db
    .delete(notificationChannels)
    .where(and(eq(notificationChannels.organisationId, organisationId), eq(notificationChannels.id, id)))
    .returning({ id: notificationChannels.id });
  return rows.length > 0;
}

/** The newest delivery of each channel (for the channel list). */
export async function lastDeliveries(db: Db, channelIds: string[]): Promise<Map<string, DeliveryRow>> {
  if (channelIds.length === 0) return new Map();
  const rows = await db
    .selectDistinctOn([notificationDeliveries.channelId])
    .from(notificationDeliveries)
    .where(inArray(notificationDeliveries.channelId, channelIds))
    .orderBy(notificationDeliveries.channelId, desc(notificationDeliveries.createdAt));
  return new Map(rows.map((r) => [r.channelId!, r]));
}

// Preferences

export async function findPreferences(db: Db, userId: string): Promise<PreferencesRow | undefined> {
  const [row] = await db.select().from(notificationPreferences).where(eq(notificationPreferences.userId, userId));
  return row;
}

export async function upsertPreferences(db: Db, values: typeof notificationPreferences.$inferInsert): Promise<PreferencesRow> {
  const { userId: _user, ...set } = values;
  const [row] = await db
    .insert(notificationPreferences)
    .values(values)
    .onConflictDoUpdate({ target: notificationPreferences.userId, set })
    .returning();
  return row!;
}

/** The organisation's members with their preferences (null: defaults). */
export async function membersWithPreferences(db: Db, organisationId: string) {
  return db
    .select({ id: users.id, email: users.email, createdAt: users.createdAt, prefs: notificationPreferences })
    .from(memberships)
    .innerJoin(users, eq(users.id, memberships.userId))
    .leftJoin(notificationPreferences, eq(notificationPreferences.userId, users.id))
    .where(eq(memberships.organisationId, organisationId));
}

/** A person's address and the language they read the app in (their e-mails are written in it). */
export async function userContact(db: Db, userId: string): Promise<{ email: string; language: Language } | undefined> {
  const [row] = await db.select({ email: users.email, language: users.language }).from(users).where(eq(users.id, userId));
  return row && { email: row.email, language: isLanguage(row.language) ? row.language : FALLBACK_LANGUAGE };
}

/**
 * The organisation webhooks of these organisations that subscribe to domain events (enabled, not personal): what
 * the domain-event subscriber routes to.
 */
export async function subscribedWebhooks(db: Db, organisationIds: string[]): Promise<ChannelRow[]> {
  if (organisationIds.length === 0) return [];
  const c = notificationChannels;
  return db
    .select()
    .from(c)
    .where(
      and(
        inArray(c.organisationId, organisationIds),
        eq(c.type, 'webhook'),
        isNull(c.userId),
        eq(c.enabled, true),
        sql`cardinality(${c.events}) > 0`,
      ),
    )
    .orderBy(asc(c.createdAt), asc(c.id));
}

/** A guest's host and tags, by id (channel scope of a domain event naming a guest). */
export async function guestPlace(db: Db, guestId: string): Promise<{ hostId: string; tags: string[] } | undefined> {
  const [row] = await db.select({ hostId: guests.hostId, tags: guests.tags }).from(guests).where(eq(guests.id, guestId));
  return row;
}

/** A guest's tags by host and vmid: the live guest, else the last one gone (an event about a guest that just went). */
export async function guestTagsByVmid(db: Db, hostId: string, vmid: number): Promise<string[] | undefined> {
  const [row] = await db
    .select({ tags: guests.tags })
    .from(guests)
    .where(and(eq(guests.hostId, hostId), eq(guests.vmid, vmid)))
    .orderBy(sql`${guests.goneAt} desc nulls first`)
    .limit(1);
  return row?.tags;
}

/** What a task acts on (a task.progress event names only the task). */
export async function taskTarget(db: Db, taskId: string): Promise<{ hostId: string | null; guestId: string | null } | undefined> {
  const [row] = await db.select({ hostId: tasks.hostId, guestId: tasks.guestId }).from(tasks).where(eq(tasks.id, taskId));
  return row;
}

/** Tags of a guest (channel scope by tags). */
export async function guestTags(db: Db, guestId: string): Promise<string[]> {
  const [row] = await db.select({ tags: guests.tags }).from(guests).where(eq(guests.id, guestId));
  return row?.tags ?? [];
}

// Deliveries

/** Inserts deliveries; one already made for the same event and recipient is skipped (at-least-once events). */
export async function insertDeliveries(db: Db, values: DeliveryValues[]): Promise<DeliveryRow[]> {
  if (values.length === 0) return [];
  return db.insert(notificationDeliveries).values(values).onConflictDoNothing().returning();
}

export async function findDelivery(db: Db, organisationId: string, id: string): Promise<DeliveryRow | undefined> {
  const [row] = await db
    .select()
    .from(notificationDeliveries)
    .where(and(eq(notificationDeliveries.organisationId, organisationId), eq(notificationDeliveries.id, id)));
  return row;
}

export async function findDeliveryById(db: Db, id: string): Promise<DeliveryRow | undefined> {
  const [row] = await db.select().from(notificationDeliveries).where(eq(notificationDeliveries.id, id));
  return row;
}

export async function updateDelivery(db: Db, id: string, values: Partial<DeliveryValues>): Promise<DeliveryRow> {
  const [row] = await db.update(notificationDeliveries).set(values).where(eq(notificationDeliveries.id, id)).returning();
  return row!;
}

/** A channel's deliveries, newest first, after the (created_at, id) cursor. */
export async function listDeliveries(
  db: Db,
  organisationId: string,
  channelId: string,
  opts: { statuses?: string[]; limit: number; after?: { at: Date; id: string } },
): Promise<DeliveryRow[]> {
  const d = notificationDeliveries;
  return db
    .select()
    .from(d)
    .where(
      and(
        eq(d.organisationId, organisationId),
        eq(d.channelId, channelId),
        opts.statuses ? inArray(d.status, opts.statuses) : undefined,
        opts.after ? or(lt(d.createdAt, opts.after.at), and(eq(d.createdAt, opts.after.at), lt(d.id, opts.after.id))) : undefined,
      ),
    )
    .orderBy(desc(d.createdAt), desc(d.id))
    .limit(opts.limit);
}

/**
 * Takes up to `limit` deliveries due for an attempt (pending or retrying, next_attempt_at reached, not leased or
 * lease lapsed), leasing them at `now`. SKIP LOCKED: two replicas never take the same row.
 */
export async function claimDue(db: Db, now: Date, leaseMs: number, limit: number): Promise<string[]> {
  const d = notificationDeliveries;
  const due = db
    .select({ id: d.id })
    .from(d)
    .where(
      and(
        inArray(d.status, ['pending', 'retrying']),
        lte(d.nextAttemptAt, now),
        or(isNull(d.claimedAt), lt(d.claimedAt, new Date(now.getTime() - leaseMs))),
      ),
    )
    .orderBy(asc(d.nextAttemptAt))
    .limit(limit)
    .for('update', { skipLocked: true });
  const rows = await db
    .update(d)
    .set({ claimedAt: now })
    .where(inArray(d.id, sql`(${due})`))
    .returning({ id: d.id });
  return rows.map((r) => r.id);
}

/** Held messages whose quiet hours ended by `now`, oldest first. */
export async function heldDue(db: Db, now: Date, limit: number): Promise<DeliveryRow[]> {
  const d = notificationDeliveries;
  return db
    .select()
    .from(d)
    .where(and(eq(d.status, 'held'), isNotNull(d.nextAttemptAt), lte(d.nextAttemptAt, now)))
    .orderBy(asc(d.occurredAt), asc(d.id))
    .limit(limit)
    .for('update', { skipLocked: true });
}

export async function markDigested(db: Db, ids: string[], digestId: string): Promise<void> {
  if (ids.length === 0) return;
  await db
    .update(notificationDeliveries)
    .set({ status: 'digested', digestId, nextAttemptAt: null })
    .where(and(inArray(notificationDeliveries.id, ids), eq(notificationDeliveries.status, 'held')));
}

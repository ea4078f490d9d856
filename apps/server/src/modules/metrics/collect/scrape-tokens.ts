import { createHash, randomBytes } from 'node:crypto';
import { eq } from 'drizzle-orm';
import type { ScrapeToken, ScrapeTokenInfo } from '@proxai/contract';
import type { Db } from '../../../db/client';
import { metricScrapeTokens } from '../../../db/schema';
import { notFound } from '../../../errors';

/**
 * Prometheus scrape tokens (ADR 012): one per organisation, sent as `Authorization: Bearer pxs_…` by a scraper
 * that cannot sign in. Only its SHA-256 is stored; the token is shown once; creating one replaces (revokes) the last.
 */
export const SCRAPE_TOKEN_PREFIX = 'pxs_';

const hashOf = (token: string) => createHash('sha256').update(token).digest('hex');

export async function rotateScrapeToken(
  db: Db,
  organisationId: string,
  userId: string | null,
  now = new Date(),
): Promise<ScrapeToken> {
  const token = `${SCRAPE_TOKEN_PREFIX}${randomBytes(32).toString('base64url')}`;
  const values = { organisationId, tokenHash: hashOf(token), prefix: token.slice(0, 10), createdBy: userId, createdAt: now };
  await db
    .insert(metricScrapeTokens)
    .values(values)
    .onConflictDoUpdate({
      target: metricScrapeTokens.organisationId,
      set: { tokenHash: values.tokenHash, prefix: values.prefix, createdBy: userId, createdAt: now },
    });
  return { token, prefix: values.prefix, created_at: now.toISOString() };
}

export async function revokeScrapeToken(db: Db, organisationId: string): Promise<void> {
  const rows = await db
    .delete(metricScrapeTokens)
    .where(eq(metricScrapeTokens.organisationId, organisationId))
    .returning({ id: metricScrapeTokens.organisationId });
  if (rows.length === 0) throw notFound('scrapeToken');
}

export async function scrapeTokenInfo(db: Db, organisationId: string): Promise<ScrapeTokenInfo> {
  const [row] = await db.select().from(metricScrapeTokens).where(eq(metricScrapeTokens.organisationId, organisationId));
  return { exists: Boolean(row), prefix: row?.prefix ?? null, created_at: row?.createdAt.toISOString() ?? null };
}

/** The organisation a scrape token belongs to, or null. */
export async function organisationOfToken(db: Db, token: string): Promise<string | null> {
  const [row] = await db
    .select({ organisationId: metricScrapeTokens.organisationId })
    .from(metricScrapeTokens)
    .where(eq(metricScrapeTokens.tokenHash, hashOf(token)));
  return row?.organisationId ?? null;
}

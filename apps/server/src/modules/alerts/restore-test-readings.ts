import { and, desc, inArray, isNotNull, sql } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { restoreTests } from '../../db/schema';
import type { Fleet, RuleForReading, SubjectReading } from './readings';
import { inScope } from './readings';
import { criticalGuests } from '../backups/critical.repository';
import { lastPassedAt } from '../restore-tests/restore-tests.repository';

/**
 * The alert rules restore tests feed (read by the alert evaluator, alerts/evaluator.ts), per guest:
 * - `restore_test_missing`: a critical guest (portal flag or Proxmox tag `critical`) without a passing restore test
 *   in the last `trigger` days (default 30);
 * - `restore_test_failed`: the guest's last ended restore test failed, its copy left behind or not (the summary
 *   says so); it closes when a later test passes.
 */

export const RESTORE_TEST_RULE_KINDS = ['restore_test_missing', 'restore_test_failed'] as const;
export const isRestoreTestRuleKind = (kind: string): boolean => (RESTORE_TEST_RULE_KINDS as readonly string[]).includes(kind);

export interface RestoreTestFacts {
  critical: Set<string>;
  lastPassed: Map<string, Date>;
  /** The newest passed or failed test of each guest. */
  last: Map<string, { status: string; reason: string | null; leftover: boolean; endedAt: Date }>;
}

const DAY_MS = 86_400_000;

/** What the rules read, for the organisation's guests. */
export async function restoreTestFacts(db: Db, organisationId: string): Promise<RestoreTestFacts> {
  const critical = new Set((await criticalGuests(db, organisationId)).map((g) => g.id));
  const rows = await db
    .selectDistinctOn([restoreTests.guestId], {
      guestId: restoreTests.guestId,
      status: restoreTests.status,
      reason: restoreTests.reason,
      endedAt: restoreTests.endedAt,
      leftover: sql<boolean>`coalesce((${restoreTests.evidence}->'cleanup'->>'vmid_gone') = 'false'
        or jsonb_array_length(coalesce(${restoreTests.evidence}->'cleanup'->'leftover_volumes', '[]'::jsonb)) > 0, false)`,
    })
    .from(restoreTests)
    .where(
      and(
        sql`${restoreTests.organisationId} = ${organisationId}`,
        isNotNull(restoreTests.guestId),
        isNotNull(restoreTests.endedAt),
        inArray(restoreTests.status, ['passed', 'failed']),
      ),
    )
    .orderBy(restoreTests.guestId, desc(restoreTests.endedAt));
  const last = new Map(
    rows.map((r) => [r.guestId!, { status: r.status, reason: r.reason, leftover: r.leftover, endedAt: r.endedAt! }]),
  );
  return { critical, lastPassed: await lastPassedAt(db, [...critical]), last };
}

/** The readings of one restore-test rule over the fleet's guests in its scope (`db`: the evaluator's transaction). */
export async function restoreTestReadings(
  db: Db,
  organisationId: string,
  rule: RuleForReading,
  fleet: Fleet,
  now: Date,
): Promise<SubjectReading[]> {
  return readingsFrom(rule, fleet, await restoreTestFacts(db, organisationId), now);
}

/** The readings of one restore-test rule, from the facts (pure). */
export function readingsFrom(rule: RuleForReading, fleet: Fleet, facts: RestoreTestFacts, now: Date): SubjectReading[] {
  const out: SubjectReading[] = [];
  for (const g of fleet.guests) {
    if (!inScope(rule.scope, g.hostId, g.tags)) continue;
    const name = g.name || String(g.vmid);
    const base = {
      subjectKey: `guest:${g.id}`,
      subject: { kind: 'guest' as const, id: g.id, name },
      hostId: g.hostId,
      durationSeconds: rule.durationSeconds,
    };
    if (rule.kind === 'restore_test_missing') {
      if (!facts.critical.has(g.id)) continue;
      const passed = facts.lastPassed.get(g.id);
      const days = passed ? Math.round(((now.getTime() - passed.getTime()) / DAY_MS) * 10) / 10 : null;
      const limit = rule.trigger ?? 30;
      out.push({
        ...base,
        reading: { level: days === null || days > limit ? 'high' : 'low', value: days },
        summary: `${name} (${g.vmid}) is critical and has no passing restore test in the last ${limit} days (last pass: ${passed ? passed.toISOString().slice(0, 10) : 'never'})`,
      });
    } else if (rule.kind === 'restore_test_failed') {
      const last = facts.last.get(g.id);
      if (!last) continue;
      const failed = last.status === 'failed';
      out.push({
        ...base,
        reading: { level: failed ? 'high' : 'low', value: null },
        summary: `The restore test of ${name} (${g.vmid}) failed${last.leftover ? ' and left its copy behind' : ''}: ${last.reason ?? 'no reason recorded'}`,
      });
    }
  }
  return out;
}

import type { AlertRuleKind } from '@proxai/contract';
import type { Db } from '../../db/client';
import { inScope, type RuleForReading, type SubjectReading } from './readings';
import { guestBackupStates, type GuestBackupState } from '../backups/backup-alerts.repository';

/**
 * The backup alert rules (issue 19), read by the alert evaluator like any rule, one reading per guest in scope:
 * - `backup_failed`: the guest's newest backup task failed, and no backup newer than that failure is in the
 *   inventory (a PVE job or a retry that succeeded since closes it);
 * - `backup_missing`: no backup in the inventory for `trigger` hours (26 by default: a nightly job plus slack). A
 *   guest whose host's inventory was never read gives no reading (not known yet).
 */

export const BACKUP_RULE_KINDS = ['backup_failed', 'backup_missing'] as const satisfies readonly AlertRuleKind[];

export const isBackupRuleKind = (kind: string): kind is (typeof BACKUP_RULE_KINDS)[number] =>
  (BACKUP_RULE_KINDS as readonly string[]).includes(kind);

/** The default hours of `backup_missing`. */
export const DEFAULT_MISSING_HOURS = 26;

export async function backupReadings(db: Db, organisationId: string, rule: RuleForReading, now: Date): Promise<SubjectReading[]> {
  return readingsOfStates(rule, await guestBackupStates(db, organisationId), now);
}

/** The readings from the guests' states (pure). */
export function readingsOfStates(rule: RuleForReading, states: readonly GuestBackupState[], now: Date): SubjectReading[] {
  const out: SubjectReading[] = [];
  for (const g of states) {
    if (!inScope(rule.scope, g.hostId, g.tags)) continue;
    const name = g.name || String(g.vmid);
    const base = { subjectKey: `guest:${g.id}`, subject: { kind: 'guest' as const, id: g.id, name }, hostId: g.hostId };
    if (rule.kind === 'backup_failed') {
      if (!g.lastTask) continue;
      const failed = g.lastTask.status === 'failed' && !(g.lastBackupAt && g.lastBackupAt > g.lastTask.endedAt);
      out.push({
        ...base,
        reading: { level: failed ? 'high' : 'low', value: null, ...(failed ? { since: g.lastTask.endedAt.getTime() } : {}) },
        durationSeconds: rule.durationSeconds,
        summary: `Backup of ${name} (${g.vmid}) failed: ${g.lastTask.error ?? 'no reason given'}`,
      });
      continue;
    }
    if (!g.inventoryRead) continue;
    const hours = rule.trigger ?? DEFAULT_MISSING_HOURS;
    const age = g.lastBackupAt ? Math.round(((now.getTime() - g.lastBackupAt.getTime()) / 3600_000) * 10) / 10 : null;
    out.push({
      ...base,
      reading: { level: age === null || age >= hours ? 'high' : 'low', value: age },
      durationSeconds: rule.durationSeconds,
      summary:
        age === null
          ? `${name} (${g.vmid}) has no backup in the inventory`
          : `${name} (${g.vmid}): last backup ${age} hours ago (trigger ${hours} hours)`,
    });
  }
  return out;
}

import type { AlertRuleInput, AlertRuleKind } from '@proxai/contract';
import type { Level } from './engine';

/**
 * What each rule kind means (pure): the defaults an organisation starts with, and how a figure becomes a reading
 * of the engine. The checks a rule must pass are the contract's (alertRuleProblem in packages/contract/src/alerts.ts).
 */

export type RuleValues = Omit<AlertRuleInput, 'id'>;

const common = { enabled: true, cooldown_seconds: 300, max_per_hour: 4, scope: { all: true as const } };

/** An organisation's rules until someone changes them (made on the first read of its rules). */
export const DEFAULT_RULES: readonly RuleValues[] = [
  { ...common, kind: 'host_offline', name: 'Host offline', severity: 'critical', trigger: 120, clear: null, duration_seconds: 0 },
  { ...common, kind: 'guest_down', name: 'Guest down', severity: 'warning', trigger: null, clear: null, duration_seconds: 0 },
  { ...common, kind: 'cpu', name: 'CPU usage', severity: 'warning', trigger: 90, clear: 80, duration_seconds: 300 },
  { ...common, kind: 'memory', name: 'Memory usage', severity: 'warning', trigger: 90, clear: 80, duration_seconds: 300 },
  { ...common, kind: 'disk', name: 'Disk usage', severity: 'warning', trigger: 90, clear: 85, duration_seconds: 0 },
  { ...common, kind: 'storage', name: 'Storage usage', severity: 'warning', trigger: 85, clear: 80, duration_seconds: 0 },
  {
    ...common,
    kind: 'collector_stale',
    name: 'Collector stale',
    severity: 'warning',
    trigger: 2,
    clear: null,
    duration_seconds: 0,
  },
  // Backups (backup-readings.ts): the newest backup task of a guest failed. "No backup for N hours"
  // is not a default: guests nobody backs up on purpose (templates, scratch VMs) would each raise one.
  {
    ...common,
    kind: 'backup_failed',
    name: 'Backup failed',
    severity: 'warning',
    trigger: null,
    clear: null,
    duration_seconds: 0,
  },
  // Restore tests (restore-test-readings.ts): trigger in days.
  {
    ...common,
    kind: 'restore_test_missing',
    name: 'Critical guest without a passing restore test',
    severity: 'warning',
    trigger: 30,
    clear: null,
    duration_seconds: 0,
  },
  {
    ...common,
    kind: 'restore_test_failed',
    name: 'Restore test failed',
    severity: 'critical',
    trigger: null,
    clear: null,
    duration_seconds: 0,
  },
];

/**
 * A figure as the engine reads it: past the trigger is 'high', on the safe side of the clear threshold 'low',
 * between them 'between' (an open alert stays open). Percent kinds compare percent used; collector_stale compares
 * poll intervals since the last poll (no hysteresis: one poll makes it fresh).
 */
export function levelOf(
  rule: { kind: AlertRuleKind; trigger: number | null; clear: number | null },
  value: number | null,
): Level {
  if (value === null || !Number.isFinite(value) || rule.trigger === null) return 'unknown';
  if (rule.kind === 'collector_stale') return value > rule.trigger ? 'high' : 'low';
  if (value >= rule.trigger) return 'high';
  if (value <= (rule.clear ?? rule.trigger)) return 'low';
  return 'between';
}

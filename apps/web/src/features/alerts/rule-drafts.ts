import type { AlertRule, AlertRuleInput, AlertRuleKind } from '@proxai/contract';
import { ALL_SCOPE, scopeDraftOf, scopeOf, scopeProblem, type ScopeDraft } from './scope-draft';

// The rules editor's state: the organisation's rule set as editable drafts, checked here for what a person can
// fix before saving (the server checks again and names the rule it refuses).

/** The contract's kinds (not imported at runtime: the contract carries zod). */
export const RULE_KINDS = [
  'host_offline',
  'guest_down',
  'cpu',
  'memory',
  'disk',
  'storage',
  'collector_stale',
  'backup_failed',
  'backup_missing',
  'restore_test_failed',
  'restore_test_missing',
] as const satisfies readonly AlertRuleKind[];

const PERCENT_KINDS: readonly AlertRuleKind[] = ['cpu', 'memory', 'disk', 'storage'];
export const isPercentKind = (kind: AlertRuleKind) => PERCENT_KINDS.includes(kind);
/** Kinds with no threshold at all: they open on an event (a stop that no task explains, a failed backup or test). */
const EVENT_KINDS: readonly AlertRuleKind[] = ['guest_down', 'backup_failed', 'restore_test_failed'];
export const hasTrigger = (kind: AlertRuleKind) => !EVENT_KINDS.includes(kind);

/** The trigger's unit for a kind that has one (host_offline: seconds, typed as minutes). */
export type TriggerUnit = 'percent' | 'offline' | 'intervals' | 'hours' | 'days';
export function triggerUnit(kind: AlertRuleKind): TriggerUnit | null {
  if (!hasTrigger(kind)) return null;
  if (isPercentKind(kind)) return 'percent';
  if (kind === 'host_offline') return 'offline';
  if (kind === 'backup_missing') return 'hours';
  if (kind === 'restore_test_missing') return 'days';
  return 'intervals';
}

/** The bounds of the trigger field per unit; hours and days are whole numbers (the contract's alertRuleProblem). */
export const TRIGGER_RANGE: Record<TriggerUnit, { min: number; max?: number }> = {
  percent: { min: 0, max: 100 },
  offline: { min: 0 },
  intervals: { min: 0 },
  hours: { min: 1, max: 2160 },
  days: { min: 1, max: 365 },
};

/** A new rule's trigger (the server's defaults: a nightly backup plus slack, a monthly restore test). */
const DEFAULT_TRIGGER: Record<TriggerUnit, number> = { percent: 90, offline: 120, intervals: 2, hours: 26, days: 30 };

export interface RuleDraft extends Omit<AlertRuleInput, 'scope'>, ScopeDraft {
  /** React key: the rule's id, or a local one for a new rule. */
  key: string;
}

let counter = 0;

export function toDraft(rule: AlertRule): RuleDraft {
  return {
    key: rule.id,
    id: rule.id,
    kind: rule.kind,
    name: rule.name,
    enabled: rule.enabled,
    severity: rule.severity,
    trigger: rule.trigger,
    clear: rule.clear,
    duration_seconds: rule.duration_seconds,
    cooldown_seconds: rule.cooldown_seconds,
    max_per_hour: rule.max_per_hour,
    ...scopeDraftOf(rule.scope),
  };
}

/** A new rule of `kind` with the usual values (the server's defaults' shape). */
export function newDraft(kind: AlertRuleKind, name: string): RuleDraft {
  counter += 1;
  const percent = isPercentKind(kind);
  const unit = triggerUnit(kind);
  return {
    key: `new-${counter}`,
    kind,
    name,
    enabled: true,
    severity: kind === 'host_offline' || kind === 'backup_failed' || kind === 'restore_test_failed' ? 'critical' : 'warning',
    trigger: unit ? DEFAULT_TRIGGER[unit] : null,
    clear: percent ? 80 : null,
    duration_seconds: percent ? 300 : 0,
    cooldown_seconds: 1800,
    max_per_hour: 4,
    ...ALL_SCOPE,
  };
}

/** The first problem of a draft, as a key of the alerts namespace, or null. */
export function draftProblem(draft: RuleDraft): string | null {
  if (!draft.name.trim()) return 'rules.problem.name';
  if (hasTrigger(draft.kind) && (draft.trigger === null || !Number.isFinite(draft.trigger))) return 'rules.problem.trigger';
  if (isPercentKind(draft.kind)) {
    if (draft.trigger! > 100) return 'rules.problem.percent';
    if (draft.clear === null || draft.clear >= draft.trigger!) return 'rules.problem.clear';
  }
  const unit = triggerUnit(draft.kind);
  if (unit === 'hours' || unit === 'days') {
    const { min, max = Infinity } = TRIGGER_RANGE[unit];
    if (!Number.isInteger(draft.trigger) || draft.trigger! < min || draft.trigger! > max) return `rules.problem.${unit}`;
  }
  return scopeProblem(draft);
}

export function toInput(draft: RuleDraft): AlertRuleInput {
  return {
    ...(draft.id ? { id: draft.id } : {}),
    kind: draft.kind,
    name: draft.name.trim(),
    enabled: draft.enabled,
    severity: draft.severity,
    trigger: hasTrigger(draft.kind) ? draft.trigger : null,
    clear: isPercentKind(draft.kind) ? draft.clear : null,
    duration_seconds: draft.duration_seconds,
    cooldown_seconds: draft.cooldown_seconds,
    max_per_hour: draft.max_per_hour,
    scope: scopeOf(draft),
  };
}

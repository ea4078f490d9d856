import type { AlertRule, AlertRuleInput, AlertRuleKind, AlertScope } from '@proxai/contract';

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
] as const satisfies readonly AlertRuleKind[];

const PERCENT_KINDS: readonly AlertRuleKind[] = ['cpu', 'memory', 'disk', 'storage'];
export const isPercentKind = (kind: AlertRuleKind) => PERCENT_KINDS.includes(kind);
/** Kinds with no threshold at all (a stop that no task explains). */
export const hasTrigger = (kind: AlertRuleKind) => kind !== 'guest_down';

export type ScopeMode = 'all' | 'host_ids' | 'tags';

export interface RuleDraft extends Omit<AlertRuleInput, 'scope'> {
  /** React key: the rule's id, or a local one for a new rule. */
  key: string;
  scopeMode: ScopeMode;
  hostIds: string[];
  /** Tags as typed, comma separated. */
  tags: string;
}

let counter = 0;

function scopeFields(scope: AlertScope): Pick<RuleDraft, 'scopeMode' | 'hostIds' | 'tags'> {
  if ('host_ids' in scope) return { scopeMode: 'host_ids', hostIds: scope.host_ids, tags: '' };
  if ('tags' in scope) return { scopeMode: 'tags', hostIds: [], tags: scope.tags.join(', ') };
  return { scopeMode: 'all', hostIds: [], tags: '' };
}

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
    ...scopeFields(rule.scope),
  };
}

/** A new rule of `kind` with the usual values (the server's defaults' shape). */
export function newDraft(kind: AlertRuleKind, name: string): RuleDraft {
  counter += 1;
  const percent = isPercentKind(kind);
  return {
    key: `new-${counter}`,
    kind,
    name,
    enabled: true,
    severity: kind === 'host_offline' ? 'critical' : 'warning',
    trigger: percent ? 90 : kind === 'host_offline' ? 120 : kind === 'collector_stale' ? 2 : null,
    clear: percent ? 80 : null,
    duration_seconds: percent ? 300 : 0,
    cooldown_seconds: 1800,
    max_per_hour: 4,
    scopeMode: 'all',
    hostIds: [],
    tags: '',
  };
}

export const splitTags = (tags: string) =>
  tags
    .split(',')
    .map((t) => t.trim())
    .filter(Boolean);

/** The first problem of a draft, as a key of the alerts namespace, or null. */
export function draftProblem(draft: RuleDraft): string | null {
  if (!draft.name.trim()) return 'rules.problem.name';
  if (hasTrigger(draft.kind) && (draft.trigger === null || !Number.isFinite(draft.trigger))) return 'rules.problem.trigger';
  if (isPercentKind(draft.kind)) {
    if (draft.trigger! > 100) return 'rules.problem.percent';
    if (draft.clear === null || draft.clear >= draft.trigger!) return 'rules.problem.clear';
  }
  if (draft.scopeMode === 'host_ids' && draft.hostIds.length === 0) return 'rules.problem.hosts';
  if (draft.scopeMode === 'tags' && splitTags(draft.tags).length === 0) return 'rules.problem.tags';
  return null;
}

export function toInput(draft: RuleDraft): AlertRuleInput {
  const scope: AlertScope =
    draft.scopeMode === 'host_ids'
      ? { host_ids: draft.hostIds }
      : draft.scopeMode === 'tags'
        ? { tags: splitTags(draft.tags) }
        : { all: true };
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
    scope,
  };
}

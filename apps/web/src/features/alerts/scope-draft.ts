import type { AlertScope, NotificationScope } from '@proxai/contract';

// What an alert rule or a notification channel covers, as a form edits it: everything, some hosts, or guests with
// some Proxmox tags (typed comma separated). Rules and channels share the shape.

export type ScopeMode = 'all' | 'host_ids' | 'tags';
export const SCOPE_MODES: readonly ScopeMode[] = ['all', 'host_ids', 'tags'];

export interface ScopeDraft {
  scopeMode: ScopeMode;
  hostIds: string[];
  /** Tags as typed, comma separated. */
  tags: string;
}

export const ALL_SCOPE: ScopeDraft = { scopeMode: 'all', hostIds: [], tags: '' };

export const splitTags = (tags: string) =>
  tags
    .split(',')
    .map((t) => t.trim())
    .filter(Boolean);

export function scopeDraftOf(scope: AlertScope | NotificationScope): ScopeDraft {
  if ('host_ids' in scope) return { scopeMode: 'host_ids', hostIds: scope.host_ids, tags: '' };
  if ('tags' in scope) return { scopeMode: 'tags', hostIds: [], tags: scope.tags.join(', ') };
  return ALL_SCOPE;
}

/** The scope to send; the draft is complete (scopeProblem answered null). */
export function scopeOf(draft: ScopeDraft): AlertScope & NotificationScope {
  if (draft.scopeMode === 'host_ids') return { host_ids: draft.hostIds };
  if (draft.scopeMode === 'tags') return { tags: splitTags(draft.tags) };
  return { all: true };
}

/** What is missing from a scope, as a key of the alerts namespace, or null. */
export function scopeProblem(draft: ScopeDraft): string | null {
  if (draft.scopeMode === 'host_ids' && draft.hostIds.length === 0) return 'rules.problem.hosts';
  if (draft.scopeMode === 'tags' && splitTags(draft.tags).length === 0) return 'rules.problem.tags';
  return null;
}

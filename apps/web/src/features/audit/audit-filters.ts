// The audit trail's filters as the page keeps them (in the address: a reload or a shared link keeps them) and as
// GET /audit and GET /audit/export read them. Dates are whole days in the browser's zone, sent as instants.

import type { AuditActorType } from '@proxai/contract';
import type { ApiQuery } from '@/lib/api-client';

/**
 * What the filter bar holds: texts as typed, the actor's kind ('' for any), days as `<input type="date">` gives
 * them (YYYY-MM-DD or '').
 */
export interface AuditFilters {
  actor: string;
  actor_type: AuditActorType | '';
  action: string;
  target: string;
  from: string;
  to: string;
}

export const NO_FILTERS: AuditFilters = { actor: '', actor_type: '', action: '', target: '', from: '', to: '' };

const KEYS = ['actor', 'actor_type', 'action', 'target', 'from', 'to'] as const satisfies readonly (keyof AuditFilters)[];

/** The kinds of actor, in the order the filter offers them. */
export const ACTOR_TYPES = ['user', 'api_key', 'schedule', 'system'] as const satisfies readonly AuditActorType[];
const isActorType = (value: string): value is AuditActorType => (ACTOR_TYPES as readonly string[]).includes(value);

/** The action prefixes the action field suggests (an exact action, or a prefix ending in a dot). */
export const ACTION_PREFIXES = ['member.', 'auth.', 'host.', 'licence.', 'approval.', 'mfa.', 'schedule.', 'task.'] as const;

/** The longest texts the server accepts (AuditQuerySchema). */
export const MAX_LENGTH = { actor: 320, action: 100, target: 200 } as const;

/** The records a page of GET /audit asks for. */
export const PAGE_SIZE = 100;

const DAY = /^\d{4}-\d{2}-\d{2}$/;

export function filtersFromParams(params: URLSearchParams): AuditFilters {
  const filters = { ...NO_FILTERS };
  for (const key of KEYS) if (key !== 'actor_type') filters[key] = params.get(key)?.trim() ?? '';
  const kind = params.get('actor_type')?.trim() ?? '';
  filters.actor_type = isActorType(kind) ? kind : '';
  if (!DAY.test(filters.from)) filters.from = '';
  if (!DAY.test(filters.to)) filters.to = '';
  return filters;
}

/** The filters in the page's address: only those given, trimmed. */
export function filtersToParams(filters: AuditFilters): URLSearchParams {
  const params = new URLSearchParams();
  for (const key of KEYS) {
    const value = filters[key].trim();
    if (value) params.set(key, value);
  }
  return params;
}

/** The first instant of a day in the browser's zone, as ISO (null for no day). */
export function dayStart(day: string): string | null {
  if (!DAY.test(day)) return null;
  const date = new Date(`${day}T00:00:00`);
  return Number.isNaN(date.getTime()) ? null : date.toISOString();
}

/** The last instant of a day in the browser's zone (the server's `to` is inclusive), as ISO (null for no day). */
export function dayEnd(day: string): string | null {
  if (!DAY.test(day)) return null;
  const date = new Date(`${day}T00:00:00`);
  if (Number.isNaN(date.getTime())) return null;
  date.setDate(date.getDate() + 1);
  return new Date(date.getTime() - 1).toISOString();
}

/** Whether the days are in order (either may be missing). */
export function isRangeValid(filters: Pick<AuditFilters, 'from' | 'to'>): boolean {
  return !filters.from || !filters.to || filters.from <= filters.to;
}

/** The period, for both the list and the export. */
function period(filters: AuditFilters): { from?: string; to?: string } {
  const from = dayStart(filters.from);
  const to = dayEnd(filters.to);
  return { ...(from ? { from } : {}), ...(to ? { to } : {}) };
}

/** GET /audit's query: the filters given, `before` for an older page, and the page size. */
export function auditListParams(filters: AuditFilters, before: number | null): ApiQuery<'/audit', 'GET'> {
  const text = (value: string) => value.trim() || undefined;
  const params: ApiQuery<'/audit', 'GET'> = {
    actor: text(filters.actor),
    actor_type: filters.actor_type || undefined,
    action: text(filters.action),
    target: text(filters.target),
    ...period(filters),
    before: before ?? undefined,
    limit: PAGE_SIZE,
  };
  return Object.fromEntries(Object.entries(params).filter(([, v]) => v !== undefined));
}

/** The same query as its URL text. */
export function auditListQuery(filters: AuditFilters, before: number | null): string {
  return new URLSearchParams(Object.entries(auditListParams(filters, before)).map(([k, v]) => [k, String(v)])).toString();
}

/** GET /audit/export's query: only the period (the export is the whole chain over it, to be verifiable). */
export function auditExportQuery(filters: AuditFilters): string {
  return new URLSearchParams(period(filters)).toString();
}

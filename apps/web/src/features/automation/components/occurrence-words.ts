import type { PlanOccurrence } from '@proxai/contract';
import type { TFunction } from 'i18next';
import type { AutomationText } from '../automation-text';
import { NO_HOST } from '../week';

/** What the planner needs to put an occurrence in words. */
export interface OccurrenceContext {
  t: TFunction<'automation'>;
  text: AutomationText;
  zone: string;
  hostNames: ReadonlyMap<string, string>;
}

export const hostName = (id: string, ctx: Pick<OccurrenceContext, 't' | 'hostNames'>) =>
  id === NO_HOST ? ctx.t('planner.noHost') : (ctx.hostNames.get(id) ?? ctx.t('planner.unknownHost'));

/** "02:00–02:15" in the zone. */
export const occurrenceSpan = (o: PlanOccurrence, ctx: OccurrenceContext) =>
  `${ctx.text.time(o.at, ctx.zone)}–${ctx.text.time(o.ends_at, ctx.zone)}`;

/** The names of the schedules an occurrence conflicts with, once each. */
export const conflictNames = (o: PlanOccurrence) => [...new Set(o.conflicts.map((c) => c.schedule_name))];

/**
 * An occurrence in one sentence, for screen readers (each block's label) and the list view: "Nightly snapshots,
 * snapshot policy, Monday 12 January 02:00–02:15, on pve-a. Conflicts with Weekly restart. Will be skipped: outside
 * its window."
 */
export function describeOccurrence(o: PlanOccurrence, ctx: OccurrenceContext, hostId?: string): string {
  const { t, text, zone } = ctx;
  const hosts = hostId !== undefined ? [hostId] : o.host_ids.length > 0 ? o.host_ids : [NO_HOST];
  const parts = [
    t('planner.describe', {
      name: text.isolate(o.schedule_name),
      kind: t(`kinds.${o.kind}`),
      day: text.day(new Date(o.at), zone),
      span: occurrenceSpan(o, ctx),
      hosts: hosts.map((h) => text.isolate(hostName(h, ctx))).join(', '),
    }),
  ];
  const conflicts = conflictNames(o);
  if (conflicts.length > 0) parts.push(t('planner.conflictsWith', { names: conflicts.map((n) => text.isolate(n)).join(', ') }));
  if (!o.in_window) parts.push(t('planner.willSkip'));
  return parts.join(' ');
}

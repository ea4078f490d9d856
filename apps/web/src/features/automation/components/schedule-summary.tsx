import type { Schedule } from '@proxai/contract';
import { useTranslation } from 'react-i18next';

const KEEPS = ['keep_last', 'keep_hourly', 'keep_daily', 'keep_weekly', 'keep_monthly'] as const;

/** "Snapshot policy auto- · keep daily 7, weekly 4 · All guests": what a schedule does and to which guests. */
export function ScheduleSummary({ schedule, hostNames }: { schedule: Schedule; hostNames: ReadonlyMap<string, string> }) {
  const { t } = useTranslation('automation');
  const p = schedule.params;
  const parts: string[] = [];
  const keeps = KEEPS.filter((k) => typeof p[k] === 'number' && p[k] > 0).map((k) => t(`summary.${k}`, { n: p[k] as number }));
  if (schedule.kind === 'snapshot') {
    parts.push(t('summary.snapshot', { prefix: typeof p.prefix === 'string' ? p.prefix : 'auto' }));
    if (keeps.length > 0) parts.push(t('summary.keep', { list: keeps.join(', ') }));
    if (p.vmstate === true) parts.push(t('summary.withRam'));
  } else if (schedule.kind === 'backup') {
    parts.push(t('summary.backup', { storage: String(p.storage), mode: t(`form.backup.modes.${String(p.mode)}`) }));
    parts.push(keeps.length > 0 ? t('summary.keep', { list: keeps.join(', ') }) : t('summary.storageRetention'));
    if (p.protected === true) parts.push(t('summary.protected'));
  } else if (schedule.kind === 'restore-test') {
    const probes = Array.isArray(p.probes) ? (p.probes as { type: string }[]) : [];
    parts.push(t('summary.probes', { list: probes.map((probe) => t(`form.restoreTest.probeTypes.${probe.type}`)).join(', ') }));
    if (typeof p.max_guests_per_run === 'number') parts.push(t('summary.maxGuests', { n: p.max_guests_per_run }));
  } else {
    parts.push(t(`actions.${typeof p.action === 'string' ? p.action : 'stop'}`, { defaultValue: String(p.action) }));
  }
  const s = schedule.selector;
  if (s.all) parts.push(t('summary.allGuests'));
  if (s.host_ids) parts.push(t('summary.hosts', { list: s.host_ids.map((id) => hostNames.get(id) ?? '…').join(', ') }));
  if (s.guest_ids) parts.push(t('summary.guests', { n: s.guest_ids.length }));
  if (s.vmids) parts.push(t('summary.vmids', { list: s.vmids.join(', ') }));
  if (s.tags) parts.push(t('summary.tags', { list: s.tags.join(', ') }));
  if (s.pools) parts.push(t('summary.pools', { list: s.pools.join(', ') }));
  return (
    <p className="text-xs text-slate-500 dark:text-slate-400" data-testid="schedule-summary">
      <span className="me-1 rounded-full bg-slate-100 px-2 py-0.5 font-medium text-slate-700 dark:bg-slate-800 dark:text-slate-300">
        {t(`kinds.${schedule.kind}`)}
      </span>
      {parts.join(' · ')}
    </p>
  );
}

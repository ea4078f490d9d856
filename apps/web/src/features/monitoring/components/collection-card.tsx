import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { Card } from '@/components/ui/card';
import { useHostCollection } from '../api/collection';
import { Facts } from './facts';

/**
 * How the host is collected: its guest-agent budget and how far it reaches (memory without page cache comes from
 * the agents), and its history backfill. Nothing while unknown (an older server, a read error).
 */
export function CollectionCard({ hostId }: { hostId: string }) {
  const { t, i18n } = useTranslation('monitoring');
  const language = i18n.resolvedLanguage ?? i18n.language;
  const collection = useHostCollection(hostId);
  const c = collection.data;
  if (!c) return null;
  const backfill = c.backfill;
  return (
    <Card className="space-y-3" data-testid="collection">
      <div className="flex flex-wrap items-center justify-between gap-2">
        <h2 className="text-lg font-semibold">{t('collection.title')}</h2>
        <Link to="/settings/metrics" className="text-sm text-brand-700 underline dark:text-brand-500">
          {t('settings.link')}
        </Link>
      </div>
      <Facts
        testId="collection-facts"
        items={[
          {
            term: t('collection.agentReads'),
            value: t('collection.perMinute', { reads: c.agent_reads_last_minute, budget: c.agent_budget_per_minute }),
          },
          { term: t('collection.cycle'), value: t('collection.minutes', { minutes: c.full_cycle_minutes }) },
          { term: t('collection.withAgent'), value: c.vms_with_agent },
          { term: t('collection.withoutAgent'), value: c.vms_without_agent },
          { term: t('collection.agentNotRunning'), value: c.vms_agent_not_running },
          {
            term: t('collection.backfill'),
            value: !backfill
              ? '—'
              : backfill.state === 'done' && backfill.finished_at
                ? t('collection.backfillDone', { time: new Date(backfill.finished_at).toLocaleString(language) })
                : backfill.state === 'running'
                  ? t('collection.backfillProgress', { done: backfill.done, total: backfill.total })
                  : t(`collection.backfillState.${backfill.state}`),
          },
        ]}
      />
      {backfill?.state === 'failed' && backfill.error ? (
        <p className="text-sm text-red-700 dark:text-red-300">{backfill.error}</p>
      ) : null}
    </Card>
  );
}

import type { AlertSeverity, AlertStatus } from '@proxai/contract';
import { BellRing, CheckCircle2 } from 'lucide-react';
import { useId, useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Button } from '@/components/ui/button';
import { Card } from '@/components/ui/card';
import { Input, Select } from '@/components/ui/input';
import { LoadError, LoadingRows } from '@/components/ui/load-states';
import { alertKindLabel, alertLine } from '../alert-line';
import { useAlertList } from '../api/alerts';
import { AlertRow } from './alert-row';
import { SeverityOptions } from './severity-options';

type SeverityFilter = AlertSeverity | 'all';

/** The active alerts, or the history of resolved ones, with a filter by severity and by words. */
export function AlertList({ status, canAct }: { status: AlertStatus; canAct: boolean }) {
  const { t, i18n } = useTranslation('alerts');
  const language = i18n.resolvedLanguage ?? i18n.language;
  const list = useAlertList(status);
  const [severity, setSeverity] = useState<SeverityFilter>('all');
  const [search, setSearch] = useState('');
  const severityId = useId();
  const searchId = useId();
  const alerts = useMemo(() => list.data?.pages.flatMap((p) => p.items) ?? [], [list.data]);
  const words = search.trim().toLowerCase();
  const shown = alerts.filter(
    (a) =>
      (severity === 'all' || a.severity === severity) &&
      (!words || `${a.subject.name} ${alertLine(a, t, language)} ${alertKindLabel(a.kind, t)}`.toLowerCase().includes(words)),
  );
  // The time the durations are counted to: when the list was read.
  const now = list.dataUpdatedAt || Date.now();

  if (list.isPending) return <LoadingRows label={t('loading')} rows={3} testId="alerts" />;
  if (list.isError)
    return (
      <LoadError
        message={t('loadError')}
        error={list.error}
        retryLabel={t('retry')}
        onRetry={() => void list.refetch()}
        testId="alerts"
      />
    );
  if (alerts.length === 0) {
    const Icon = status === 'active' ? CheckCircle2 : BellRing;
    return (
      <div
        className="flex flex-col items-center gap-2 rounded-xl border border-dashed border-slate-300 p-10 text-center dark:border-slate-700"
        data-testid={`alerts-empty-${status}`}
      >
        <Icon className="h-8 w-8 text-emerald-500" aria-hidden="true" />
        <p className="font-medium">{t(`empty.${status}.title`)}</p>
        <p className="max-w-md text-sm text-slate-600 dark:text-slate-400">{t(`empty.${status}.text`)}</p>
      </div>
    );
  }
  return (
    <div className="space-y-3">
      <div className="flex flex-wrap items-end gap-3" role="search">
        <div>
          <label htmlFor={severityId} className="mb-1 block text-xs font-medium text-slate-600 dark:text-slate-400">
            {t('filter.severity')}
          </label>
          <Select
            id={severityId}
            value={severity}
            onChange={(e) => setSeverity(e.target.value as SeverityFilter)}
            className="w-44"
            data-testid="alerts-filter-severity"
          >
            <option value="all">{t('filter.all')}</option>
            <SeverityOptions order="desc" />
          </Select>
        </div>
        <div className="min-w-48 flex-1">
          <label htmlFor={searchId} className="mb-1 block text-xs font-medium text-slate-600 dark:text-slate-400">
            {t('filter.search')}
          </label>
          <Input
            id={searchId}
            type="search"
            value={search}
            onChange={(e) => setSearch(e.target.value)}
            placeholder={t('filter.searchPlaceholder')}
            data-testid="alerts-filter-search"
          />
        </div>
      </div>
      <p className="sr-only" aria-live="polite">
        {t('filter.count', { shown: shown.length, total: alerts.length })}
      </p>
      <Card className="p-0">
        {shown.length === 0 ? (
          <p className="p-4 text-sm text-slate-600 dark:text-slate-400" data-testid="alerts-filtered-empty">
            {t('filter.none')}
          </p>
        ) : (
          <ul aria-label={t(`tabs.${status === 'active' ? 'active' : 'history'}`)}>
            {shown.map((alert) => (
              <AlertRow key={alert.id} alert={alert} canAct={canAct} now={now} />
            ))}
          </ul>
        )}
      </Card>
      {list.hasNextPage ? (
        <Button
          variant="outline"
          size="sm"
          onClick={() => void list.fetchNextPage()}
          isLoading={list.isFetchingNextPage}
          data-testid="alerts-more"
        >
          {t('more')}
        </Button>
      ) : null}
    </div>
  );
}

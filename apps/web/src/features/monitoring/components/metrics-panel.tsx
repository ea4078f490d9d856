import type { MetricsCf, MetricsRange, MetricsSubject } from '@proxai/contract';
import { Download } from 'lucide-react';
import { useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { useSearchParams } from 'react-router';
import { Button } from '@/components/ui/button';
import { Card } from '@/components/ui/card';
import { LoadError, LoadingRows } from '@/components/ui/load-states';
import { useMetrics } from '../api/metrics';
import { chartModels, toCsv, type ChartModel } from '../chart-groups';
import { CollectionNotice } from './collection-notice';
import { MemorySourceBadge } from './memory-source-badge';
import { MetricChart } from './metric-chart';
import { MetricTable } from './metric-table';
import { Segmented } from './segmented';
import { saveFile } from '@/lib/save-file';

// The contract's values, not its zod schemas: a runtime import of the contract would load zod with the page.
const RANGES = ['1h', '24h', '7d', '30d', '1y'] as const satisfies readonly MetricsRange[];
const CFS = ['avg', 'max'] as const satisfies readonly MetricsCf[];
const isOneOf = <T extends string>(values: readonly T[], value: string | null): value is T =>
  value !== null && (values as readonly string[]).includes(value);
type View = 'chart' | 'table';

/** The range, consolidation and view, kept in the address (?range=7d&cf=max&view=table): a reload or a link keeps them. */
function useChartParams() {
  const [params, setParams] = useSearchParams();
  const rangeParam = params.get('range');
  const cfParam = params.get('cf');
  const range: MetricsRange = isOneOf(RANGES, rangeParam) ? rangeParam : '24h';
  const cf: MetricsCf = isOneOf(CFS, cfParam) ? cfParam : 'avg';
  const view: View = params.get('view') === 'table' ? 'table' : 'chart';
  const set = (key: string, value: string) =>
    setParams(
      (p) => {
        const copy = new URLSearchParams(p);
        copy.set(key, value);
        return copy;
      },
      { replace: true },
    );
  return { range, cf, view, set };
}

/** Saves `text` as a file through the browser's download. */
function download(filename: string, text: string) {
  saveFile(filename, new Blob([text], { type: 'text/csv;charset=utf-8' }));
}

/**
 * A subject's history: range and avg/max pickers, the charts (or the same data as tables), CSV export, and the
 * loading, empty and error states. `name` names the CSV file.
 */
export function MetricsPanel({
  subject,
  id,
  name,
  hostId,
}: {
  subject: MetricsSubject;
  id: string;
  name: string;
  /** The subject's host, whose history backfill the empty state reports. */
  hostId?: string;
}) {
  const { t, i18n } = useTranslation('monitoring');
  const language = i18n.resolvedLanguage ?? i18n.language;
  const { range, cf, view, set } = useChartParams();
  const query = useMetrics(subject, id, range, cf);
  const data = query.data;
  const models = useMemo(() => (data ? chartModels(data) : []), [data]);
  const rangeLabel = t(`range.${range}`);
  const cfLabel = t(`cf.${cf}`);

  return (
    <section aria-labelledby={`${id}-history`} className="space-y-4" data-testid="metrics-panel">
      <div className="flex flex-wrap items-center justify-between gap-3">
        <h2 id={`${id}-history`} className="flex items-center gap-2 text-lg font-semibold">
          {t('history')}
          {data?.memory_source ? <MemorySourceBadge source={data.memory_source} /> : null}
        </h2>
        <div className="flex flex-wrap items-center gap-3">
          <Segmented<MetricsRange>
            legend={t('rangeLegend')}
            name={`${id}-range`}
            options={RANGES.map((r) => ({ value: r, label: t(`rangeShort.${r}`) }))}
            value={range}
            onChange={(r) => set('range', r)}
            testId="range"
          />
          <Segmented<MetricsCf>
            legend={t('cfLegend')}
            name={`${id}-cf`}
            options={CFS.map((c) => ({ value: c, label: t(`cf.${c}`) }))}
            value={cf}
            onChange={(c) => set('cf', c)}
            testId="cf"
          />
          <Segmented<View>
            legend={t('viewLegend')}
            name={`${id}-view`}
            options={[
              { value: 'chart', label: t('view.chart') },
              { value: 'table', label: t('view.table') },
            ]}
            value={view}
            onChange={(v) => set('view', v)}
            testId="view"
          />
          <Button
            variant="outline"
            size="sm"
            disabled={!data || models.length === 0}
            onClick={() => data && download(`${name}-${range}-${cf}.csv`, toCsv(data))}
            data-testid="csv-export"
          >
            <Download className="h-4 w-4" aria-hidden="true" />
            {t('csv')}
          </Button>
        </div>
      </div>
      {query.isPending ? (
        <LoadingRows label={t('loading')} rows={3} className="h-56" testId="metrics" />
      ) : query.isError && !data ? (
        <LoadError
          message={t('loadError')}
          error={query.error}
          retryLabel={t('retry')}
          onRetry={() => void query.refetch()}
          testId="metrics"
        />
      ) : models.length === 0 ? (
        <CollectionNotice hostId={hostId} />
      ) : (
        <div className="grid gap-4 lg:grid-cols-2" aria-busy={query.isPlaceholderData || undefined}>
          {models.map((model) => (
            <ChartCard
              key={model.id}
              model={model}
              t={data!.t}
              view={view}
              title={t(`chart.${model.id}`)}
              caption={t('table.caption', { chart: t(`chart.${model.id}`), range: rangeLabel, cf: cfLabel })}
              language={language}
              withSeconds={range === '1h'}
            />
          ))}
        </div>
      )}
      {view === 'chart' && models.length > 0 ? (
        <p className="text-xs text-slate-500 dark:text-slate-400">{t('gapsNote')}</p>
      ) : null}
    </section>
  );
}

function ChartCard({
  model,
  t: times,
  view,
  title,
  caption,
  language,
  withSeconds,
}: {
  model: ChartModel;
  t: number[];
  view: View;
  title: string;
  caption: string;
  language: string;
  withSeconds: boolean;
}) {
  const { t } = useTranslation('monitoring');
  // Stable while the data and language are: the chart is only redrawn when they (or the theme) change.
  const labels = useMemo(() => model.series.map((s) => t(s.labelKey)), [model, t]);
  return (
    <Card className="min-w-0 p-4">
      {view === 'chart' ? (
        <MetricChart
          model={model}
          t={times}
          title={title}
          labels={labels}
          hint={t('chartHint')}
          language={language}
          withSeconds={withSeconds}
        />
      ) : (
        <MetricTable model={model} t={times} caption={caption} labels={labels} language={language} withSeconds={withSeconds} />
      )}
    </Card>
  );
}

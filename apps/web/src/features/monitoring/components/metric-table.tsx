import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Button } from '@/components/ui/button';
import type { ChartModel } from '../chart-groups';
import { formatTime, formatValue } from '../format';

/** Rows shown at first (newest first): a year holds 8,760 steps, too many to read or to render at once. */
export const TABLE_ROWS = 200;

/** The same data as a chart, as a table for screen readers and for reading exact values. */
export function MetricTable({
  model,
  t,
  caption,
  labels,
  language,
  withSeconds,
}: {
  model: ChartModel;
  t: number[];
  caption: string;
  labels: string[];
  language: string;
  withSeconds: boolean;
}) {
  const { t: tr } = useTranslation('monitoring');
  const [limit, setLimit] = useState(TABLE_ROWS);
  const shown = Math.min(limit, t.length);
  const rows = Array.from({ length: shown }, (_, i) => t.length - 1 - i);
  return (
    <div className="space-y-2" data-testid={`table-${model.id}`}>
      <div className="max-h-96 overflow-auto rounded-md border border-slate-200 dark:border-slate-800">
        <table className="w-full text-sm tabular-nums">
          <caption className="p-2 text-start text-sm font-semibold">{caption}</caption>
          <thead className="sticky top-0 bg-slate-100 dark:bg-slate-800">
            <tr>
              <th scope="col" className="px-3 py-1.5 text-start font-medium">
                {tr('table.time')}
              </th>
              {model.series.map((s, i) => (
                <th key={s.name} scope="col" className="px-3 py-1.5 text-end font-medium">
                  {labels[i] ?? s.name}
                </th>
              ))}
            </tr>
          </thead>
          <tbody>
            {rows.map((idx) => (
              <tr key={t[idx]} className="border-t border-slate-100 dark:border-slate-800">
                <th scope="row" className="px-3 py-1 text-start font-normal whitespace-nowrap">
                  {formatTime(t[idx]!, language, withSeconds)}
                </th>
                {model.series.map((s) => (
                  <td key={s.name} className="px-3 py-1 text-end whitespace-nowrap">
                    {formatValue(model.unit, s.values[idx], language)}
                  </td>
                ))}
              </tr>
            ))}
          </tbody>
        </table>
      </div>
      {shown < t.length ? (
        <Button variant="outline" size="sm" onClick={() => setLimit((l) => l * 4)} data-testid="table-more">
          {tr('table.more', { shown, total: t.length })}
        </Button>
      ) : null}
    </div>
  );
}

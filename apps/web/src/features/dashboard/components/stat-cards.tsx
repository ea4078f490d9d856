import type { Stats } from '@proxai/contract';
import { Play, Server, Square, Boxes } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { Card, Skeleton } from '@/components/ui/card';

const CARDS = [
  { key: 'hosts', field: 'hosts', icon: Server, tone: 'text-brand-600 dark:text-brand-400' },
  { key: 'vms', field: 'vms', icon: Boxes, tone: 'text-indigo-600 dark:text-indigo-400' },
  { key: 'running', field: 'running_vms', icon: Play, tone: 'text-emerald-600 dark:text-emerald-400' },
  { key: 'stopped', field: 'stopped_vms', icon: Square, tone: 'text-rose-600 dark:text-rose-400' },
] as const;

export function StatCards({ stats, isLoading }: { stats?: Stats; isLoading: boolean }) {
  const { t } = useTranslation('dashboard');
  return (
    <section aria-label={t('stats.label')} className="grid grid-cols-2 gap-4 lg:grid-cols-4">
      {CARDS.map(({ key, field, icon: Icon, tone }) => (
        <Card key={key} className="flex items-center gap-4" data-testid={`stat-${key}`}>
          <Icon className={`h-8 w-8 shrink-0 ${tone}`} aria-hidden="true" />
          <div className="min-w-0">
            <p className="truncate text-sm text-slate-500 dark:text-slate-400">{t(`stats.${key}`)}</p>
            {isLoading || !stats ? (
              <Skeleton className="mt-1 h-7 w-12" />
            ) : (
              <p className="text-2xl font-semibold tabular-nums" data-testid={`stat-${key}-value`}>
                {stats[field]}
              </p>
            )}
          </div>
        </Card>
      ))}
    </section>
  );
}

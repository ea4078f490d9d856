import { Bell } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { cn } from '@/components/ui/cn';
import { useAlertCount, useAlertEvents } from '../api/alerts';

/**
 * A bell on every signed-in page with the number of active alerts nobody acknowledged yet; it opens /alerts.
 * Docked at the end corner above the task panel's button (the signed-in pages each draw their own header). The
 * count is read every minute, and again when the event stream reports a change.
 */
export function AlertsBell() {
  const { t } = useTranslation('alerts');
  const count = useAlertCount();
  useAlertEvents();
  const open = count.data?.active_unacknowledged ?? 0;
  const shown = open > 99 ? '99+' : String(open);
  const label = open > 0 ? t('bell.count', { number: shown }) : t('bell.none');
  return (
    <Link
      to="/alerts"
      aria-label={label}
      title={label}
      className="fixed end-4 bottom-16 z-30 inline-flex h-10 items-center gap-2 rounded-full border border-slate-200 bg-white px-3 text-sm font-medium text-slate-700 shadow-lg hover:bg-slate-50 focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-brand-600 dark:border-slate-700 dark:bg-slate-900 dark:text-slate-200 dark:hover:bg-slate-800"
      data-testid="alerts-bell"
    >
      <Bell className="h-4 w-4" aria-hidden="true" />
      {open > 0 ? (
        <span
          aria-hidden="true"
          className={cn(
            'min-w-5 rounded-full px-1.5 text-center text-xs leading-5 font-semibold text-white tabular-nums',
            count.data?.worst_severity === 'critical'
              ? 'bg-red-600'
              : count.data?.worst_severity === 'warning'
                ? 'bg-amber-600'
                : 'bg-sky-600',
          )}
          data-testid="alerts-bell-count"
        >
          {shown}
        </span>
      ) : null}
    </Link>
  );
}

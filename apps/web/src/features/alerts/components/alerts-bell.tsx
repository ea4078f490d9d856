import { Bell } from 'lucide-react';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { cn } from '@/components/ui/cn';
import { useAlertCount, useAlertEvents } from '../api/alerts';

/**
 * The bell of the signed-in pages' top bar: the number of active alerts nobody acknowledged yet; it opens /alerts.
 * An inline control (h-8, like the navigation's links), placed by whoever draws the bar. Its name says the count; a
 * change of the count is also announced (a polite live region), the first reading is not. The count is read every
 * minute, and again when the event stream reports a change.
 */
export function AlertsBell({ className }: { className?: string }) {
  const { t } = useTranslation('alerts');
  const count = useAlertCount();
  useAlertEvents();
  const open = count.data?.active_unacknowledged ?? 0;
  const shown = open > 99 ? '99+' : String(open);
  const label = open > 0 ? t('bell.count', { number: shown }) : t('bell.none');
  const announcement = useChangeAnnouncement(count.data ? label : null);
  return (
    <>
      <Link
        to="/alerts"
        aria-label={label}
        title={label}
        className={cn(
          'inline-flex h-8 items-center gap-1.5 rounded-md px-2.5 text-sm font-medium text-slate-600 hover:bg-white/70 hover:text-slate-900 focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-brand-600 dark:text-slate-300 dark:hover:bg-slate-800/60 dark:hover:text-white',
          className,
        )}
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
      <span role="status" className="sr-only" data-testid="alerts-bell-status">
        {announcement}
      </span>
    </>
  );
}

/** `text` each time it changes after the first value read (null: nothing read yet), for a live region. */
function useChangeAnnouncement(text: string | null): string {
  const [seen, setSeen] = useState<string | null>(null);
  const [announcement, setAnnouncement] = useState('');
  // Adjusting state while rendering (React's pattern for "what changed since the last render"), not in an effect.
  if (text !== null && text !== seen) {
    if (seen !== null) setAnnouncement(text);
    setSeen(text);
  }
  return announcement;
}

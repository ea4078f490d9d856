import type { AlertSeverity } from '@proxai/contract';
import { AlertOctagon, AlertTriangle, Info } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { cn } from '@/components/ui/cn';

const STYLE: Record<AlertSeverity, { tone: string; icon: typeof Info }> = {
  critical: { tone: 'bg-red-100 text-red-800 dark:bg-red-950 dark:text-red-300', icon: AlertOctagon },
  warning: { tone: 'bg-amber-100 text-amber-800 dark:bg-amber-950 dark:text-amber-300', icon: AlertTriangle },
  info: { tone: 'bg-sky-100 text-sky-800 dark:bg-sky-950 dark:text-sky-300', icon: Info },
};

/** The severity in words with an icon (never by colour alone). */
export function SeverityBadge({ severity }: { severity: AlertSeverity }) {
  const { t } = useTranslation('alerts');
  const { tone, icon: Icon } = STYLE[severity];
  return (
    <span
      className={cn('inline-flex shrink-0 items-center gap-1 rounded-full px-2 py-0.5 text-xs font-medium', tone)}
      data-testid="severity"
      data-severity={severity}
    >
      <Icon className="h-3.5 w-3.5" aria-hidden="true" />
      {t(`severity.${severity}`)}
    </span>
  );
}

import type { AuditRecord } from '@proxai/contract';
import { CheckCircle2, XCircle } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { cn } from '@/components/ui/cn';

const STYLE: Record<AuditRecord['outcome'], { tone: string; icon: typeof CheckCircle2 }> = {
  success: { tone: 'bg-emerald-100 text-emerald-800 dark:bg-emerald-950 dark:text-emerald-300', icon: CheckCircle2 },
  failure: { tone: 'bg-red-100 text-red-800 dark:bg-red-950 dark:text-red-300', icon: XCircle },
};

/** The outcome in words with an icon (never by colour alone). */
export function OutcomeBadge({ outcome }: { outcome: AuditRecord['outcome'] }) {
  const { t } = useTranslation('audit');
  const { tone, icon: Icon } = STYLE[outcome];
  return (
    <span
      className={cn('inline-flex shrink-0 items-center gap-1 rounded-full px-2 py-0.5 text-xs font-medium', tone)}
      data-testid="audit-outcome"
      data-outcome={outcome}
    >
      <Icon className="h-3.5 w-3.5" aria-hidden="true" />
      {t(`outcome.${outcome}`)}
    </span>
  );
}

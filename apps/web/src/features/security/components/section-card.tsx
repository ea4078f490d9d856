import type { LucideIcon } from 'lucide-react';
import type { ReactNode } from 'react';
import { Card } from '@/components/ui/card';
import { cn } from '@/components/ui/cn';

/**
 * One part of the security page: a titled card (`${id}-title`, focusable by script so focus can land on it when
 * the button that opened a dialog is gone), what it is for, its state and its main action, then its content.
 */
export function SectionCard({
  id,
  icon: Icon,
  title,
  text,
  badge,
  action,
  children,
}: {
  id: string;
  icon: LucideIcon;
  title: string;
  text: string;
  badge?: ReactNode;
  action?: ReactNode;
  children?: ReactNode;
}) {
  return (
    <Card className="space-y-4" aria-labelledby={`${id}-title`} role="region" data-testid={`${id}-section`}>
      <div className="flex flex-wrap items-start justify-between gap-3">
        <div className="min-w-0 space-y-1">
          <h2 id={`${id}-title`} tabIndex={-1} className="flex items-center gap-2 text-lg font-semibold focus:outline-none">
            <Icon className="h-5 w-5 text-brand-600" aria-hidden="true" />
            {title}
            {badge}
          </h2>
          <p className="text-sm text-slate-600 dark:text-slate-400">{text}</p>
        </div>
        {action ? <div className="flex shrink-0 flex-wrap gap-2">{action}</div> : null}
      </div>
      {children}
    </Card>
  );
}

/** "On" / "Off" beside a title. */
export function StateBadge({
  isOn,
  onLabel,
  offLabel,
  testId,
}: {
  isOn: boolean;
  onLabel: string;
  offLabel: string;
  testId: string;
}) {
  return (
    <span
      className={cn(
        'rounded-full px-2 py-0.5 text-xs font-medium',
        isOn
          ? 'bg-emerald-100 text-emerald-800 dark:bg-emerald-950 dark:text-emerald-300'
          : 'bg-slate-100 text-slate-700 dark:bg-slate-800 dark:text-slate-300',
      )}
      data-testid={testId}
    >
      {isOn ? onLabel : offLabel}
    </span>
  );
}

/** A failure shown inside a dialog, announced. */
export function InlineError({ message, testId }: { message: string; testId: string }) {
  return (
    <p
      role="alert"
      className="rounded-lg bg-red-50 p-3 text-sm text-red-700 dark:bg-red-950/50 dark:text-red-300"
      data-testid={testId}
    >
      {message}
    </p>
  );
}

import type { RestoreTestStatus } from '@proxai/contract';
import { useTranslation } from 'react-i18next';
import { cn } from '@/components/ui/cn';

const TONE: Record<RestoreTestStatus, string> = {
  passed: 'bg-emerald-100 text-emerald-800 dark:bg-emerald-950 dark:text-emerald-300',
  failed: 'bg-red-100 text-red-800 dark:bg-red-950 dark:text-red-300',
  skipped: 'bg-amber-100 text-amber-900 dark:bg-amber-950 dark:text-amber-300',
  running: 'bg-sky-100 text-sky-800 dark:bg-sky-950 dark:text-sky-300',
  queued: 'bg-slate-100 text-slate-700 dark:bg-slate-800 dark:text-slate-300',
};

/** A restore test's status as a coloured word (the word carries the meaning; the colour only repeats it). */
export function StatusBadge({ status }: { status: RestoreTestStatus }) {
  const { t } = useTranslation('backups');
  return (
    <span
      className={cn('inline-flex rounded-full px-2 py-0.5 text-xs font-medium whitespace-nowrap', TONE[status])}
      data-testid="restore-test-status"
      data-status={status}
    >
      {t(`status.${status}`)}
    </span>
  );
}

const VERIFY_TONE = {
  ok: 'text-emerald-700 dark:text-emerald-400',
  failed: 'font-medium text-red-700 dark:text-red-400',
  none: 'text-slate-500 dark:text-slate-400',
} as const;

/** A backup's PBS verification: verified, failed, never verified; "—" where there is no such thing. */
export function VerifyState({ state }: { state: keyof typeof VERIFY_TONE | null }) {
  const { t } = useTranslation('backups');
  if (state === null) return <span className="text-slate-400">—</span>;
  return (
    <span className={VERIFY_TONE[state]} data-testid="verify-state">
      {t(`verify.${state}`)}
    </span>
  );
}

import type { Approval } from '@proxai/contract';
import { Check, X } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { Button } from '@/components/ui/button';
import { cn } from '@/components/ui/cn';
import { formatDateTime } from '@/lib/format-instant';
import type { Decision } from '../api/approvals';

/** The outcome of a decided request, as a badge: its colour says whether it ran. */
const OUTCOME_TONES: Record<Exclude<Approval['status'], 'pending'>, string> = {
  done: 'bg-emerald-100 text-emerald-800 dark:bg-emerald-950 dark:text-emerald-300',
  failed: 'bg-red-100 text-red-800 dark:bg-red-950 dark:text-red-300',
  denied: 'bg-amber-100 text-amber-900 dark:bg-amber-950 dark:text-amber-200',
  expired: 'bg-slate-100 text-slate-700 dark:bg-slate-800 dark:text-slate-300',
  approved: 'bg-sky-100 text-sky-800 dark:bg-sky-950 dark:text-sky-200',
};

/**
 * One request held for approval: the action in words, who asked and when, until when it waits (pending) or who
 * decided and how it ended (decided), and the request itself (method and path) in small print. Approve and Deny
 * when the reader may decide it (`can_decide`: another member with approvals.decide, while it is pending).
 */
export function ApprovalRow({
  approval,
  busy,
  onDecide,
}: {
  approval: Approval;
  /** The decision being sent for this request, if any. */
  busy: Decision | null;
  onDecide: (decision: Decision) => void;
}) {
  const { t, i18n } = useTranslation('members');
  const language = i18n.resolvedLanguage ?? i18n.language;
  const action = t(`approvals.actions.${approval.action}`);
  const requester = approval.requested_by ?? t('approvals.formerMember');
  const when = (iso: string) => formatDateTime(iso, language);
  const { status } = approval;

  return (
    <li
      className="flex flex-col gap-2 border-b border-slate-100 p-4 last:border-b-0 sm:flex-row sm:items-center sm:justify-between dark:border-slate-800"
      data-testid="approval-row"
      data-status={status}
    >
      <div className="min-w-0 space-y-1">
        <p className="flex flex-wrap items-center gap-2">
          <span className="font-medium" data-testid="approval-action">
            {action}
          </span>
          {status === 'pending' ? null : (
            <span
              className={cn('rounded-full px-2 py-0.5 text-xs font-medium', OUTCOME_TONES[status])}
              data-testid="approval-outcome"
            >
              {status === 'failed'
                ? approval.result_detail
                  ? t('approvals.outcome.failedDetail', { detail: approval.result_detail })
                  : t('approvals.outcome.failed')
                : t(`approvals.outcome.${status}`)}
            </span>
          )}
        </p>
        <p className="text-xs text-slate-600 dark:text-slate-400">
          {t('approvals.askedBy', { email: requester, time: when(approval.requested_at) })}
          {' · '}
          {status === 'pending'
            ? t('approvals.expires', { time: when(approval.expires_at) })
            : approval.decided_by && approval.decided_at
              ? t('approvals.decidedBy', { email: approval.decided_by, time: when(approval.decided_at) })
              : t('approvals.expired', { time: when(approval.expires_at) })}
        </p>
        <p>
          <code
            dir="ltr"
            className="font-mono text-xs break-all text-slate-500 dark:text-slate-400"
            data-testid="approval-request"
          >
            {approval.method} {approval.path}
          </code>
        </p>
      </div>
      {status !== 'pending' ? null : approval.can_decide ? (
        <div className="flex shrink-0 gap-2">
          <Button
            size="sm"
            isLoading={busy === 'approve'}
            disabled={busy !== null}
            onClick={() => onDecide('approve')}
            aria-label={t('approvals.approveNamed', { action, email: requester })}
            data-testid="approval-approve"
          >
            <Check className="h-4 w-4" aria-hidden="true" />
            {t('approvals.approve')}
          </Button>
          <Button
            variant="outline"
            size="sm"
            isLoading={busy === 'deny'}
            disabled={busy !== null}
            onClick={() => onDecide('deny')}
            aria-label={t('approvals.denyNamed', { action, email: requester })}
            data-testid="approval-deny"
          >
            <X className="h-4 w-4" aria-hidden="true" />
            {t('approvals.deny')}
          </Button>
        </div>
      ) : (
        <p className="shrink-0 text-xs text-slate-600 dark:text-slate-400" data-testid="approval-waiting">
          {t('approvals.waiting')}
        </p>
      )}
    </li>
  );
}

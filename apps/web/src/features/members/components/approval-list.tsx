import type { Approval } from '@proxai/contract';
import { useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Card } from '@/components/ui/card';
import { LoadError, LoadingRows } from '@/components/ui/load-states';
import { toast } from '@/lib/toast';
import { useApprovals, useDecideApproval, type Decision } from '../api/approvals';
import { failureMessage } from '../failure';
import { ApprovalRow } from './approval-row';
import { FailureAlert } from '@/components/failure-alert';

/**
 * The organisation's requests held for a second member's approval (four-eyes), over the last 7 days: those still
 * waiting first, with Approve and Deny for who may decide them, then the decided ones with how they ended. Approving
 * may ask for a second factor (the api client's prompt); the request then runs at once, as the member who asked.
 */
export function ApprovalList() {
  const { t } = useTranslation('members');
  const approvals = useApprovals();
  const decide = useDecideApproval();
  const [failure, setFailure] = useState<string | null>(null);
  // A decided request leaves the waiting list with its buttons: the focus waits on the section's heading.
  const headingRef = useRef<HTMLHeadingElement>(null);
  const pending = approvals.data?.filter((a) => a.status === 'pending') ?? [];
  const decided = approvals.data?.filter((a) => a.status !== 'pending') ?? [];

  function handleDecide(approval: Approval, decision: Decision) {
    setFailure(null);
    const action = t(`approvals.actions.${approval.action}`);
    decide.mutate(
      { id: approval.id, decision },
      {
        onSuccess: (answer) => {
          if (answer.status === 'failed') {
            toast.error(t('approvals.ranFailed', { action, detail: answer.result_detail ?? t('approvals.outcome.failed') }));
          } else if (decision === 'approve') {
            toast.success(t('approvals.approvedToast', { action }));
          } else {
            toast.success(t('approvals.deniedToast', { action }));
          }
          headingRef.current?.focus();
        },
        onError: (error) => setFailure(failureMessage(error, t('common:errors.network'))),
      },
    );
  }

  const busyFor = (approval: Approval) =>
    decide.isPending && decide.variables.id === approval.id ? decide.variables.decision : null;

  return (
    <section className="space-y-3" aria-labelledby="approvals-title" data-testid="approvals">
      <div className="space-y-1">
        <h2 id="approvals-title" ref={headingRef} tabIndex={-1} className="text-lg font-semibold focus:outline-none">
          {t('approvals.title')}
        </h2>
        <p className="text-sm text-slate-600 dark:text-slate-400">{t('approvals.text')}</p>
      </div>
      <FailureAlert message={failure} onDismiss={() => setFailure(null)} testId="approvals-failure" />
      {approvals.isPending ? (
        <LoadingRows label={t('loading')} rows={2} testId="approvals" />
      ) : approvals.isError ? (
        <LoadError
          message={t('approvals.loadError')}
          error={approvals.error}
          retryLabel={t('retry')}
          onRetry={() => void approvals.refetch()}
          testId="approvals"
        />
      ) : approvals.data.length === 0 ? (
        <p
          className="rounded-xl border border-dashed border-slate-300 p-6 text-center text-sm text-slate-600 dark:border-slate-700 dark:text-slate-400"
          data-testid="approvals-empty"
        >
          {t('approvals.empty')}
        </p>
      ) : (
        <>
          <div className="space-y-2" data-testid="approvals-pending">
            <h3 className="font-semibold">{t('approvals.pendingTitle')}</h3>
            {pending.length === 0 ? (
              <p className="text-sm text-slate-600 dark:text-slate-400" data-testid="approvals-none-pending">
                {t('approvals.nonePending')}
              </p>
            ) : (
              <Card className="p-0">
                <ul>
                  {pending.map((approval) => (
                    <ApprovalRow
                      key={approval.id}
                      approval={approval}
                      busy={busyFor(approval)}
                      onDecide={(decision) => handleDecide(approval, decision)}
                    />
                  ))}
                </ul>
              </Card>
            )}
          </div>
          {decided.length > 0 ? (
            <div className="space-y-2" data-testid="approvals-decided">
              <h3 className="font-semibold">{t('approvals.decidedTitle')}</h3>
              <Card className="p-0">
                <ul>
                  {decided.map((approval) => (
                    <ApprovalRow key={approval.id} approval={approval} busy={null} onDecide={() => undefined} />
                  ))}
                </ul>
              </Card>
            </div>
          ) : null}
        </>
      )}
    </section>
  );
}

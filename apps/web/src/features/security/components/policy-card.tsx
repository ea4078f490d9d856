import type { SecurityPolicy } from '@proxai/contract';
import type { ListedApprovalAction } from '@proxai/contract/permissions';
import { Building2 } from 'lucide-react';
import { useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { cn } from '@/components/ui/cn';
import { LoadError, LoadingRows } from '@/components/ui/load-states';
import { toast } from '@/lib/toast';
import { useSaveSecurityPolicy, useSecurityPolicy } from '../api/organisation-security';
import { problemText } from '../problem-text';
import { ApprovalActionsFieldset } from './approval-actions-fieldset';
import { InlineError, SectionCard } from './section-card';

const NO_ACTIONS: readonly ListedApprovalAction[] = [];

/**
 * The organisation's policy (owners): every member must have a second factor, and which sensitive actions wait for
 * a second member's approval. Each save sends both (PUT /organisation/security) and may ask for a step-up.
 */
export function PolicyCard() {
  const { t } = useTranslation('security');
  const labelId = useId();
  const policy = useSecurityPolicy();
  const save = useSaveSecurityPolicy();
  const [error, setError] = useState<string | null>(null);
  // Which part asked for the save running now: its control shows it.
  const [saving, setSaving] = useState<'mfa' | 'approvals' | null>(null);
  const isOn = policy.data?.require_mfa ?? false;
  const approvalActions = policy.data?.approval_actions ?? NO_ACTIONS;

  async function handleSave(part: 'mfa' | 'approvals', next: SecurityPolicy, success: (saved: SecurityPolicy) => string) {
    setError(null);
    setSaving(part);
    try {
      const saved = await save.mutateAsync(next);
      toast.success(success(saved));
      return true;
    } catch (err) {
      setError(problemText(err, t));
      return false;
    } finally {
      setSaving(null);
    }
  }

  return (
    <SectionCard id="policy" icon={Building2} title={t('policy.title')} text={t('policy.text')}>
      {policy.isPending ? (
        <LoadingRows label={t('loading')} rows={1} testId="policy" />
      ) : policy.isError ? (
        <LoadError
          message={t('policy.loadError')}
          error={policy.error}
          retryLabel={t('retry')}
          onRetry={() => void policy.refetch()}
          testId="policy"
        />
      ) : (
        <>
          <div className="flex items-center gap-3">
            <button
              type="button"
              role="switch"
              aria-checked={isOn}
              aria-labelledby={labelId}
              aria-busy={saving === 'mfa' || undefined}
              disabled={saving !== null}
              onClick={() =>
                void handleSave('mfa', { require_mfa: !isOn, approval_actions: [...approvalActions] }, ({ require_mfa }) =>
                  require_mfa ? t('policy.turnedOn') : t('policy.turnedOff'),
                )
              }
              className={cn(
                'relative inline-flex h-6 w-11 shrink-0 items-center rounded-full transition-colors focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-brand-600 disabled:cursor-not-allowed disabled:opacity-60',
                isOn ? 'bg-brand-600' : 'bg-slate-300 dark:bg-slate-600',
              )}
              data-testid="policy-require-mfa"
            >
              <span
                aria-hidden="true"
                className={cn(
                  'inline-block h-5 w-5 rounded-full bg-white shadow transition-transform',
                  isOn ? 'translate-x-5 rtl:-translate-x-5' : 'translate-x-0.5 rtl:-translate-x-0.5',
                )}
              />
            </button>
            <span id={labelId} className="text-sm font-medium">
              {t('policy.requireMfa')}
            </span>
          </div>
          <ApprovalActionsFieldset
            saved={approvalActions}
            isSaving={saving === 'approvals'}
            disabled={saving === 'mfa'}
            onSave={(actions) =>
              handleSave('approvals', { require_mfa: isOn, approval_actions: actions }, () => t('policy.approvals.saved'))
            }
          />
        </>
      )}
      {error ? <InlineError message={error} testId="policy-error" /> : null}
    </SectionCard>
  );
}

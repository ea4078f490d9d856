import { isOrgRole, roleAllows } from '@proxai/contract/permissions';
import { ShieldCheck } from 'lucide-react';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { PageTitle, SubPageHeader } from '@/components/sub-page-header';
import { LoadError, LoadingRows } from '@/components/ui/load-states';
import { getStoredUser } from '@/lib/auth-storage';
import { useMfaStatus } from './api/mfa';
import { PasskeysCard } from './components/passkeys-card';
import { PolicyCard } from './components/policy-card';
import { RecoveryCodesCard } from './components/recovery-codes-card';
import { RecoveryCodesDialog } from './components/recovery-codes-dialog';
import { SessionsCard } from './components/sessions-card';
import { TotpCard } from './components/totp-card';

/**
 * /settings/security: the signed-in person's second factors (authenticator app, passkeys, recovery codes), where
 * they are signed in, and for owners the organisation's policy requiring a second factor of every member.
 */
export function SecurityPage() {
  const { t } = useTranslation('security');
  const mfa = useMfaStatus();
  const [canSetPolicy] = useState(() => {
    const role = getStoredUser()?.org_role;
    return isOrgRole(role) && roleAllows(role, 'organisation.security');
  });
  // Recovery codes shown once, and the card whose title takes focus when they are put away.
  const [codes, setCodes] = useState<{ list: string[]; from: 'totp' | 'passkeys' | 'recovery' } | null>(null);

  return (
    <div className="min-h-screen bg-slate-50 text-slate-900 dark:bg-slate-950 dark:text-slate-100">
      <SubPageHeader backLabel={t('backToDashboard')} />
      <main id="main" className="mx-auto max-w-6xl space-y-6 px-4 py-6">
        <PageTitle icon={ShieldCheck} title={t('title')} subtitle={t('subtitle')} />
        {mfa.isPending ? (
          <LoadingRows label={t('loading')} rows={3} className="h-28" testId="mfa" />
        ) : mfa.isError ? (
          <LoadError
            message={t('loadError')}
            error={mfa.error}
            retryLabel={t('retry')}
            onRetry={() => void mfa.refetch()}
            testId="mfa"
          />
        ) : (
          <>
            {mfa.data.required_by ? (
              <p
                className="rounded-lg border border-amber-300 bg-amber-50 p-3 text-sm text-amber-900 dark:border-amber-800 dark:bg-amber-950/50 dark:text-amber-200"
                data-testid="mfa-required-by"
              >
                {t(`requiredBy.${mfa.data.required_by}`)}
              </p>
            ) : null}
            <TotpCard status={mfa.data} onCodes={(list) => setCodes({ list, from: 'totp' })} />
            <PasskeysCard passkeys={mfa.data.passkeys} onCodes={(list) => setCodes({ list, from: 'passkeys' })} />
            <RecoveryCodesCard status={mfa.data} onCodes={(list) => setCodes({ list, from: 'recovery' })} />
          </>
        )}
        <SessionsCard />
        {canSetPolicy ? <PolicyCard /> : null}
      </main>
      <RecoveryCodesDialog
        codes={codes?.list ?? null}
        onClose={() => {
          const title = codes ? document.getElementById(`${codes.from}-title`) : null;
          setCodes(null);
          setTimeout(() => title?.focus());
        }}
      />
    </div>
  );
}

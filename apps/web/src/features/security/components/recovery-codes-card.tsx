import type { MfaStatus } from '@proxai/contract';
import { LifeBuoy } from 'lucide-react';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Button } from '@/components/ui/button';
import { ConfirmDialog } from '@/components/ui/confirm-dialog';
import { useNewRecoveryCodes } from '../api/mfa';
import { problemText } from '../problem-text';
import { useFocusReturn } from '../use-focus-return';
import { InlineError, SectionCard } from './section-card';

/** How many recovery codes are left, and a new set (the old ones stop working) once a second factor is on. */
export function RecoveryCodesCard({ status, onCodes }: { status: MfaStatus; onCodes: (codes: string[]) => void }) {
  const { t } = useTranslation('security');
  const renew = useNewRecoveryCodes();
  const focus = useFocusReturn();
  const [isAsking, setIsAsking] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const hasFactor = status.totp || status.passkeys.length > 0;
  const left = status.recovery_codes_left;

  function close() {
    setIsAsking(false);
    setError(null);
    focus.restore();
  }

  return (
    <SectionCard
      id="recovery"
      icon={LifeBuoy}
      title={t('recoveryCodes.title')}
      text={t('recoveryCodes.text')}
      action={
        hasFactor ? (
          <Button
            variant="outline"
            onClick={() => {
              focus.remember();
              setIsAsking(true);
            }}
            data-testid="recovery-codes-new"
          >
            {t('recoveryCodes.new')}
          </Button>
        ) : null
      }
    >
      <p
        className={left <= 2 && hasFactor ? 'text-sm font-medium text-amber-800 dark:text-amber-300' : 'text-sm'}
        data-testid="recovery-codes-left"
      >
        {hasFactor ? t('recoveryCodes.left', { number: left }) : t('recoveryCodes.noFactor')}
        {hasFactor && left <= 2 ? ` ${t('recoveryCodes.low')}` : null}
      </p>
      <ConfirmDialog
        open={isAsking}
        onOpenChange={(open) => !open && close()}
        title={t('recoveryCodes.newTitle')}
        description={t('recoveryCodes.newText')}
        confirmLabel={t('recoveryCodes.new')}
        cancelLabel={t('cancel')}
        closeLabel={t('close')}
        isPending={renew.isPending}
        onConfirm={() =>
          renew.mutate(undefined, {
            onSuccess: ({ recovery_codes }) => {
              setIsAsking(false);
              setError(null);
              onCodes(recovery_codes);
            },
            onError: (err) => setError(problemText(err, t)),
          })
        }
      >
        {error ? <InlineError message={error} testId="recovery-codes-error" /> : null}
      </ConfirmDialog>
    </SectionCard>
  );
}

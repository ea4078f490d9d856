import type { MfaStatus } from '@proxai/contract';
import { Smartphone } from 'lucide-react';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Button } from '@/components/ui/button';
import { ConfirmDialog } from '@/components/ui/confirm-dialog';
import { toast } from '@/lib/toast';
import { useRemoveTotp, useSetUpTotp } from '../api/mfa';
import { problemText } from '../problem-text';
import { useFocusReturn } from '../use-focus-return';
import { InlineError, SectionCard, StateBadge } from './section-card';
import { TotpSetupDialog } from './totp-setup-dialog';

/** The authenticator app (TOTP): set it up (QR code, first code, recovery codes) or remove it. */
export function TotpCard({ status, onCodes }: { status: MfaStatus; onCodes: (codes: string[]) => void }) {
  const { t } = useTranslation('security');
  const setUp = useSetUpTotp();
  const remove = useRemoveTotp();
  const focus = useFocusReturn();
  const [isSettingUp, setIsSettingUp] = useState(false);
  const [isRemoving, setIsRemoving] = useState(false);
  const [removeError, setRemoveError] = useState<string | null>(null);

  function handleStart() {
    focus.remember();
    setIsSettingUp(true);
    setUp.mutate();
  }

  function closeRemove() {
    setIsRemoving(false);
    setRemoveError(null);
    focus.restore();
  }

  return (
    <SectionCard
      id="totp"
      icon={Smartphone}
      title={t('totp.title')}
      text={t('totp.text')}
      badge={<StateBadge isOn={status.totp} onLabel={t('on')} offLabel={t('off')} testId="totp-state" />}
      action={
        status.totp ? (
          <Button
            variant="outline"
            onClick={() => {
              focus.remember();
              setIsRemoving(true);
            }}
            data-testid="totp-remove"
          >
            {t('totp.remove')}
          </Button>
        ) : (
          <Button onClick={handleStart} data-testid="totp-set-up">
            {t('totp.setUp')}
          </Button>
        )
      }
    >
      <TotpSetupDialog
        open={isSettingUp}
        onOpenChange={(open) => {
          setIsSettingUp(open);
          if (!open) focus.restore();
        }}
        setup={{ data: setUp.data, isPending: setUp.isPending, error: setUp.error, retry: () => setUp.mutate() }}
        onConfirmed={(codes) => {
          setIsSettingUp(false);
          setUp.reset();
          toast.success(t('totp.enabled'));
          // A first factor brings recovery codes; added beside a passkey, the person's codes stay as they were.
          if (codes.length > 0) onCodes(codes);
          else focus.restore();
        }}
      />
      <ConfirmDialog
        open={isRemoving}
        onOpenChange={(open) => !open && closeRemove()}
        title={t('totp.removeTitle')}
        description={t('totp.removeText')}
        confirmLabel={t('totp.remove')}
        cancelLabel={t('cancel')}
        closeLabel={t('close')}
        isDestructive
        isPending={remove.isPending}
        onConfirm={() =>
          remove.mutate(undefined, {
            onSuccess: () => {
              toast.success(t('totp.removed'));
              closeRemove();
            },
            onError: (error) => setRemoveError(problemText(error, t)),
          })
        }
      >
        {removeError ? <InlineError message={removeError} testId="totp-remove-error" /> : null}
      </ConfirmDialog>
    </SectionCard>
  );
}

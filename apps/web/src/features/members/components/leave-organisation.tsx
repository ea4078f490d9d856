import { useQueryClient } from '@tanstack/react-query';
import { LogOut } from 'lucide-react';
import { useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { Button } from '@/components/ui/button';
import { Card } from '@/components/ui/card';
import { ConfirmDialog } from '@/components/ui/confirm-dialog';
import { clearSession } from '@/lib/auth-storage';
import { toast } from '@/lib/toast';
import { useLeaveOrganisation } from '../api/members';
import { failureMessage } from '../failure';
import { useReturnFocus } from '@/lib/use-return-focus';
import { FailureAlert } from '@/components/failure-alert';

/**
 * Any member leaves the organisation (after a confirmation); then, as signing out does, the session ends here and the
 * person goes to /auth. The last owner is refused (`last_owner`): the dialog says so in the server's words.
 */
export function LeaveOrganisation() {
  const { t } = useTranslation('members');
  const navigate = useNavigate();
  const client = useQueryClient();
  const leave = useLeaveOrganisation();
  const [isConfirming, setIsConfirming] = useState(false);
  const [failure, setFailure] = useState<string | null>(null);
  const buttonRef = useRef<HTMLButtonElement>(null);
  useReturnFocus(isConfirming, buttonRef);

  function handleLeave() {
    setFailure(null);
    leave.mutate(undefined, {
      onSuccess: ({ message }) => {
        toast.success(message);
        clearSession();
        client.clear();
        void navigate('/auth', { replace: true });
      },
      onError: (error) => setFailure(failureMessage(error, t('common:errors.network'))),
    });
  }

  return (
    <Card className="space-y-3" data-testid="leave">
      <h2 className="text-lg font-semibold">{t('leave.title')}</h2>
      <p className="text-sm text-slate-600 dark:text-slate-400">{t('leave.text')}</p>
      <Button
        ref={buttonRef}
        variant="outline"
        className="text-red-600 dark:text-red-400"
        aria-haspopup="dialog"
        onClick={() => {
          setFailure(null);
          setIsConfirming(true);
        }}
        data-testid="leave-button"
      >
        <LogOut className="h-4 w-4 rtl:rotate-180" aria-hidden="true" />
        {t('leave.button')}
      </Button>
      <ConfirmDialog
        open={isConfirming}
        onOpenChange={setIsConfirming}
        title={t('leave.confirmTitle')}
        description={t('leave.confirmText')}
        confirmLabel={t('leave.button')}
        cancelLabel={t('cancel')}
        closeLabel={t('close')}
        isDestructive
        isPending={leave.isPending}
        onConfirm={handleLeave}
      >
        <FailureAlert message={failure} testId="leave-failure" />
      </ConfirmDialog>
    </Card>
  );
}

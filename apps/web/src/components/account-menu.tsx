import type { LogoutAllResponse } from '@proxai/contract';
import { LogOut, MonitorX, UserRound } from 'lucide-react';
import { lazy, Suspense, useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { api, ApiError } from '@/lib/api-client';
import { clearSession, getStoredUser } from '@/lib/auth-storage';
import { toast } from '@/lib/toast';
import { Button } from './ui/button';
import { cn } from './ui/cn';

// The confirmation (Radix dialog: focus trap, Escape, focus back on the button) is not needed for the first
// render of the screens that show this menu: its code loads when the button is pointed at, focused or pressed.
const loadDialog = () => import('./ui/dialog');
const Dialog = lazy(async () => ({ default: (await loadDialog()).Dialog }));

/**
 * The signed-in user's name (fallback 'User'), a logout button and "sign out everywhere", for the headers of
 * the signed-in screens. Logout revokes the session on the server first; the browser session is cleared even
 * when the server cannot be reached, so the button always signs the user out of this browser. Signing out
 * everywhere revokes every session of the user (after a confirmation); when that call fails for another reason
 * than an already ended session, the user stays signed in here to try again, since the other sessions still run.
 */
export function AccountMenu({ className }: { className?: string }) {
  const { t } = useTranslation('account');
  const navigate = useNavigate();
  const [isLeaving, setIsLeaving] = useState(false);
  const [isConfirming, setIsConfirming] = useState(false);
  // The dialog (and its lazily loaded code) is mounted from the first opening on.
  const [hasOpened, setHasOpened] = useState(false);
  const [isRevoking, setIsRevoking] = useState(false);
  const logoutAllRef = useRef<HTMLButtonElement>(null);
  const user = getStoredUser();
  const name = user?.name?.trim() || t('userFallback');

  // ui/dialog has no trigger to give focus back to: once the dialog is gone (a tick later, after Radix's focus
  // trap), focus returns to the button that opened it.
  useEffect(() => {
    if (isConfirming || !hasOpened) return;
    const timer = setTimeout(() => logoutAllRef.current?.focus());
    return () => clearTimeout(timer);
  }, [isConfirming, hasOpened]);

  const leave = () => {
    clearSession();
    void navigate('/auth', { replace: true });
  };

  async function handleLogout() {
    setIsLeaving(true);
    try {
      await api('/auth/logout', { method: 'POST', skipUnauthorizedHandler: true });
    } catch {
      // Already expired or offline: the local session is cleared below all the same.
    }
    leave();
  }

  async function handleLogoutAll() {
    setIsRevoking(true);
    try {
      const { revoked } = (await api('/auth/logout-all', {
        method: 'POST',
        skipUnauthorizedHandler: true,
      })) as LogoutAllResponse;
      toast.success(t('logoutAllDone', { revoked }));
    } catch (error) {
      if (!(error instanceof ApiError && error.status === 401)) {
        toast.error(t('logoutAllFailed'));
        setIsRevoking(false);
        return;
      }
      toast.info(t('sessionEnded'));
    }
    setIsConfirming(false);
    leave();
  }

  return (
    <div className={cn('flex items-center gap-2', className)}>
      <span
        className="inline-flex max-w-[14rem] items-center gap-1.5 truncate text-sm font-medium text-slate-700 dark:text-slate-200"
        data-testid="account-name"
        title={user?.email}
      >
        <UserRound className="h-4 w-4 shrink-0" aria-hidden="true" />
        <span className="truncate">{name}</span>
      </span>
      <Button variant="outline" size="sm" onClick={() => void handleLogout()} isLoading={isLeaving} data-testid="logout-button">
        <LogOut className="h-4 w-4" aria-hidden="true" />
        {t('logout')}
      </Button>
      <Button
        ref={logoutAllRef}
        variant="ghost"
        size="sm"
        aria-haspopup="dialog"
        onPointerEnter={() => void loadDialog()}
        onFocus={() => void loadDialog()}
        onClick={() => {
          setHasOpened(true);
          setIsConfirming(true);
        }}
        data-testid="logout-all-button"
      >
        <MonitorX className="h-4 w-4" aria-hidden="true" />
        {t('logoutAll')}
      </Button>
      {hasOpened ? (
        <Suspense fallback={null}>
          <Dialog
            open={isConfirming}
            onOpenChange={(open) => {
              if (!isRevoking) setIsConfirming(open);
            }}
            title={t('logoutAllTitle')}
            description={t('logoutAllDescription')}
            closeLabel={t('close')}
          >
            <div className="flex flex-wrap justify-end gap-2">
              <Button
                variant="ghost"
                disabled={isRevoking}
                onClick={() => setIsConfirming(false)}
                data-testid="logout-all-cancel"
              >
                {t('cancel')}
              </Button>
              <Button
                variant="danger"
                isLoading={isRevoking}
                onClick={() => void handleLogoutAll()}
                data-testid="logout-all-confirm"
              >
                {t('logoutAll')}
              </Button>
            </div>
          </Dialog>
        </Suspense>
      ) : null}
    </div>
  );
}

import { LogOut, UserRound } from 'lucide-react';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { api } from '@/lib/api-client';
import { clearSession, getStoredUser } from '@/lib/auth-storage';
import { Button } from './ui/button';
import { cn } from './ui/cn';

/**
 * The signed-in user's name (fallback 'User') and a logout button, for the headers of the signed-in
 * screens. Logout revokes the session on the server first; the browser session is cleared even when the
 * server cannot be reached, so the button always signs the user out of this browser.
 */
export function AccountMenu({ className }: { className?: string }) {
  const { t } = useTranslation('account');
  const navigate = useNavigate();
  const [isLeaving, setIsLeaving] = useState(false);
  const user = getStoredUser();
  const name = user?.name?.trim() || t('userFallback');

  async function handleLogout() {
    setIsLeaving(true);
    try {
      await api('/auth/logout', { method: 'POST', skipUnauthorizedHandler: true });
    } catch {
      // Already expired or offline: the local session is cleared below all the same.
    }
    clearSession();
    void navigate('/auth', { replace: true });
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
    </div>
  );
}

import type { InvitePreview, Me } from '@proxai/contract';
import { useQueryClient } from '@tanstack/react-query';
import { Check, LogIn } from 'lucide-react';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useNavigate } from 'react-router';
import { Button, buttonClasses } from '@/components/ui/button';
import { ApiError } from '@/lib/api-client';
import { clearSession, getStoredUser, getToken, storeUser, type StoredUser } from '@/lib/auth-storage';
import { formatDateTime } from '@/lib/format-instant';
import { meQuery } from '@/lib/me';
import { toast } from '@/lib/toast';
import { useAcceptInvite } from '../api/invite-link';
import { logOut } from '../api/log-out';
import { failureMessage } from '../failure';
import { FailureAlert } from '@/components/failure-alert';

/** The session's user as the browser keeps it, from GET /auth/me. */
const storedFrom = (me: Me): StoredUser => ({
  id: me.id,
  email: me.email,
  name: me.name,
  role: me.role,
  organisation_id: me.organisation_id,
  org_role: me.org_role,
  timezone: me.timezone,
});

const sameAddress = (a: string, b: string) => a.trim().toLowerCase() === b.trim().toLowerCase();

/**
 * The invitation and what to do with it. Signed out: sign in with the invited address (then back here). Signed in:
 * accept, which switches the session to the organisation: the person is read again, the caches emptied, and the
 * dashboard opens. Signed in as another address (known beforehand, or the server's 403): sign out and in again.
 */
export function InviteAnswer({ token, preview }: { token: string; preview: InvitePreview }) {
  const { t, i18n } = useTranslation('members');
  const language = i18n.resolvedLanguage ?? i18n.language;
  const navigate = useNavigate();
  const client = useQueryClient();
  const accept = useAcceptInvite(token);
  const [isSignedIn, setIsSignedIn] = useState(() => getToken() !== null);
  const [isWrongAccount, setIsWrongAccount] = useState(false);
  const [failure, setFailure] = useState<string | null>(null);
  const [isSwitching, setIsSwitching] = useState(false);
  const current = isSignedIn ? getStoredUser()?.email : undefined;
  const signInPath = `/auth?next=/invite/${encodeURIComponent(token)}`;
  const role = t(`roles.${preview.role}`);
  const showWrongAccount = isWrongAccount || (current !== undefined && !sameAddress(current, preview.email));

  function handleAccept() {
    setFailure(null);
    accept.mutate(undefined, {
      onSuccess: ({ accepted, me }) => {
        const stored = getStoredUser();
        if (me) storeUser(storedFrom(me));
        else if (stored) storeUser({ ...stored, organisation_id: accepted.organisation_id, org_role: accepted.role });
        client.clear();
        // The person as the session now is: the account menu need not ask again.
        if (me) client.setQueryData(meQuery.queryKey, me);
        toast.success(t('invitePage.joined', { organisation: preview.organisation_name }));
        void navigate('/dashboard', { replace: true });
      },
      onError: (error) => {
        if (error instanceof ApiError && error.status === 403) setIsWrongAccount(true);
        else if (error instanceof ApiError && error.status === 401) {
          // The stored session has ended: sign in again, with the invited address.
          clearSession();
          setIsSignedIn(false);
          setFailure(t('invitePage.sessionEnded'));
        } else setFailure(failureMessage(error, t('common:errors.network')));
      },
    });
  }

  async function handleSwitch() {
    setIsSwitching(true);
    await logOut();
    clearSession();
    client.clear();
    void navigate(signInPath, { replace: true });
  }

  return (
    <div className="space-y-4" data-testid="invite-answer">
      <h1 className="text-xl font-bold" data-testid="invite-title">
        {t('invitePage.title', { organisation: preview.organisation_name, role })}
      </h1>
      <p className="text-sm text-slate-600 dark:text-slate-400" data-testid="invite-for">
        {t('invitePage.for', { email: preview.email, time: formatDateTime(preview.expires_at, language) })}
      </p>
      <FailureAlert message={failure} testId="invite-failure" />
      {!isSignedIn ? (
        <div className="space-y-3">
          <p className="text-sm">{t('invitePage.signInWith', { email: preview.email })}</p>
          <Link to={signInPath} className={buttonClasses('primary', 'md', 'w-full')} data-testid="invite-sign-in">
            <LogIn className="h-4 w-4 rtl:rotate-180" aria-hidden="true" />
            {t('invitePage.signIn')}
          </Link>
        </div>
      ) : (
        <div className="space-y-3">
          {showWrongAccount ? (
            <div
              role="alert"
              className="space-y-3 rounded-lg border border-amber-200 bg-amber-50 p-3 text-sm text-amber-900 dark:border-amber-900 dark:bg-amber-950/50 dark:text-amber-200"
              data-testid="invite-wrong-account"
            >
              <p>
                {current
                  ? t('invitePage.wrongAccount', { current, email: preview.email })
                  : t('invitePage.wrongAccountUnknown', { email: preview.email })}
              </p>
              <Button
                variant="outline"
                size="sm"
                isLoading={isSwitching}
                onClick={() => void handleSwitch()}
                data-testid="invite-switch"
              >
                <LogIn className="h-4 w-4 rtl:rotate-180" aria-hidden="true" />
                {t('invitePage.switch', { email: preview.email })}
              </Button>
            </div>
          ) : current ? (
            <p className="text-sm text-slate-600 dark:text-slate-400">{t('invitePage.signedInAs', { email: current })}</p>
          ) : null}
          <Button className="w-full" isLoading={accept.isPending} onClick={handleAccept} data-testid="invite-accept">
            <Check className="h-4 w-4" aria-hidden="true" />
            {t('invitePage.accept')}
          </Button>
        </div>
      )}
    </div>
  );
}

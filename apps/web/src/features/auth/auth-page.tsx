import { useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { toast } from '@/lib/toast';
import type { AuthProviders } from '@proxai/contract';
import { ApiError } from '@/lib/api-client';
import { clearSession, getToken, storeSession, storeUser } from '@/lib/auth-storage';
import { completeOAuthSession } from './api/complete-oauth-session';
import { getMe } from './api/get-me';
import { getProviders } from './api/get-providers';
import { AdminView } from './components/admin-view';
import { AuthLayout, FormAlert } from './components/auth-layout';
import { EmailView } from './components/email-view';
import { LoadingView } from './components/loading-view';
import { OptionsView } from './components/options-view';
import { clearAuthHash, hashErrorKey, readAuthHash } from './hash-params';

type View = 'options' | 'email' | 'admin' | 'loading';

/**
 * /auth (SPEC.md §2): options, e-mail (two steps), administrator, and the loading view while an external
 * sign-in (OpenID Connect or the e-mailed link, both ending in `#session_id=`) completes.
 */
export function AuthPage() {
  const { t } = useTranslation('auth');
  const navigate = useNavigate();
  const [view, setView] = useState<View>(() => (readAuthHash(window.location.hash).sessionId ? 'loading' : 'options'));
  const [isChecking, setIsChecking] = useState(() => !readAuthHash(window.location.hash).sessionId && getToken() !== null);
  const [providers, setProviders] = useState<AuthProviders | null>(null);
  const [notice, setNotice] = useState<string | null>(null);
  // The handoff id is single use: run the opening logic once, even under StrictMode's double effects.
  const hasStarted = useRef(false);

  const goToDashboard = () => void navigate('/dashboard', { replace: true });

  useEffect(() => {
    if (hasStarted.current) return;
    hasStarted.current = true;
    const { sessionId, error } = readAuthHash(window.location.hash);
    if (sessionId) {
      completeOAuthSession(sessionId).then(
        ({ session_token: token, user }) => {
          clearAuthHash();
          storeSession(token, user);
          toast.success(t('messages.codeSuccess'));
          goToDashboard();
        },
        () => {
          clearAuthHash();
          toast.error(t('messages.oauthError'));
          setNotice(t('messages.oauthError'));
          setView('options');
        },
      );
      return;
    }
    if (error) {
      clearAuthHash();
      const message = t(hashErrorKey(error));
      toast.error(message);
      setNotice(message);
    }
    if (getToken()) {
      getMe().then(
        (user) => {
          storeUser(user);
          goToDashboard();
        },
        (err: unknown) => {
          // Only a refused session is forgotten; a network failure keeps it for the next try.
          if (err instanceof ApiError && err.status === 401) clearSession();
          setIsChecking(false);
        },
      );
    }
    // Runs once on opening by design (see hasStarted).
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, []);

  useEffect(() => {
    const controller = new AbortController();
    getProviders(controller.signal).then(setProviders, (err: unknown) => {
      if (err instanceof DOMException && err.name === 'AbortError') return;
      setProviders({ oidc: { enabled: false, name: null }, email: true, admin: true });
    });
    return () => controller.abort();
  }, []);

  const backToOptions = () => {
    setNotice(null);
    setView('options');
  };

  return (
    <AuthLayout>
      {view === 'loading' ? (
        <LoadingView label={t('loading')} testId="auth-loading" />
      ) : isChecking ? (
        <LoadingView label={t('checkingSession')} testId="auth-checking" />
      ) : view === 'email' ? (
        <EmailView onBack={backToOptions} onSignedIn={goToDashboard} />
      ) : view === 'admin' ? (
        <AdminView onBack={backToOptions} onSignedIn={goToDashboard} />
      ) : (
        <div className="space-y-4">
          <FormAlert message={notice} />
          <OptionsView providers={providers} onEmail={() => setView('email')} onAdmin={() => setView('admin')} />
        </div>
      )}
    </AuthLayout>
  );
}

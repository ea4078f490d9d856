import { useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { toast } from '@/lib/toast';
import type { AuthProviders, AuthUser } from '@proxai/contract';
import { ApiError } from '@/lib/api-client';
import { clearSession, getToken, storeSession, storeUser } from '@/lib/auth-storage';
import { completeMagicLink } from './api/complete-magic-link';
import { completeOAuthSession } from './api/complete-oauth-session';
import { getMe } from './api/get-me';
import { getProviders } from './api/get-providers';
import { AccountSwitchRequiredError } from './api/sign-in-request';
import { AdminView } from './components/admin-view';
import { AuthLayout, FormAlert } from './components/auth-layout';
import { EmailView } from './components/email-view';
import { failureKey, isAdminPasswordRequired } from './components/error-message';
import { LoadingView } from './components/loading-view';
import { OptionsView } from './components/options-view';
import { SwitchAccountView } from './components/switch-account-view';
import { clearAuthHash, hashErrorKey, readAuthHash } from './hash-params';

type View = 'options' | 'email' | 'admin' | 'loading' | 'switch';

/** A sign-in started elsewhere that the hash hands to this page: OpenID Connect, or the e-mailed link. */
type Handoff = { kind: 'session'; id: string } | { kind: 'magic'; token: string };

function readHandoff(): Handoff | null {
  const { sessionId, magic } = readAuthHash(window.location.hash);
  if (sessionId) return { kind: 'session', id: sessionId };
  if (magic) return { kind: 'magic', token: magic };
  return null;
}

async function completeHandoff(handoff: Handoff, confirmSwitch: boolean): Promise<{ token: string; user: AuthUser }> {
  if (handoff.kind === 'session') {
    const { session_token: token, user } = await completeOAuthSession(handoff.id, confirmSwitch);
    return { token, user };
  }
  const { access_token: token, user } = await completeMagicLink(handoff.token, confirmSwitch);
  return { token, user };
}

/** Why a handoff failed: a used or expired link says so; a refused OpenID Connect handoff keeps SPEC's message. */
function handoffFailureKey(handoff: Handoff, error: unknown): string {
  if (handoff.kind === 'magic' && error instanceof ApiError && error.status === 400) return 'messages.linkExpired';
  return failureKey(error, 'messages.oauthError');
}

/**
 * /auth (SPEC.md §2): options, e-mail (two steps), administrator, and the loading view while an external
 * sign-in (OpenID Connect `#session_id=`, or the e-mailed link `#magic=`) completes. Such a handoff runs before
 * the check of a stored session: when it would replace another account, the person is asked first (`switch`).
 */
export function AuthPage() {
  const { t } = useTranslation('auth');
  const navigate = useNavigate();
  const [view, setView] = useState<View>(() => (readHandoff() ? 'loading' : 'options'));
  const [isChecking, setIsChecking] = useState(() => !readHandoff() && getToken() !== null);
  const [providers, setProviders] = useState<AuthProviders | null>(null);
  const [notice, setNotice] = useState<string | null>(null);
  const [adminEmail, setAdminEmail] = useState('');
  const [pendingSwitch, setPendingSwitch] = useState<{ handoff: Handoff; current: string; next: string } | null>(null);
  const [isSwitching, setIsSwitching] = useState(false);
  // The handoff is single use: run the opening logic once, even under StrictMode's double effects.
  const hasStarted = useRef(false);

  const goToDashboard = () => void navigate('/dashboard', { replace: true });

  const showAdmin = (message: string, email = '') => {
    toast.error(message);
    setNotice(message);
    setAdminEmail(email);
    setView('admin');
  };

  async function finishHandoff(handoff: Handoff, confirmSwitch: boolean) {
    try {
      const { token, user } = await completeHandoff(handoff, confirmSwitch);
      clearAuthHash();
      storeSession(token, user);
      toast.success(t('messages.codeSuccess'));
      goToDashboard();
    } catch (error) {
      // Answered: a reload must not post the same id or token again.
      clearAuthHash();
      setIsSwitching(false);
      if (error instanceof AccountSwitchRequiredError) {
        setPendingSwitch({ handoff, current: error.currentEmail, next: error.newEmail });
        setView('switch');
        return;
      }
      if (isAdminPasswordRequired(error)) {
        showAdmin(t('messages.adminPasswordRequired'));
        return;
      }
      const message = t(handoffFailureKey(handoff, error));
      toast.error(message);
      setNotice(message);
      setView('options');
    }
  }

  useEffect(() => {
    if (hasStarted.current) return;
    hasStarted.current = true;
    const handoff = readHandoff();
    if (handoff) {
      void finishHandoff(handoff, false);
      return;
    }
    const { error } = readAuthHash(window.location.hash);
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

  // The e-mailed link pasted into this very tab changes only the hash: no reload, so no opening logic. Listen.
  const latestFinish = useRef(finishHandoff);
  useEffect(() => {
    latestFinish.current = finishHandoff;
  });
  useEffect(() => {
    const handleHashChange = () => {
      const handoff = readHandoff();
      if (!handoff) return;
      setNotice(null);
      setView('loading');
      void latestFinish.current(handoff, false);
    };
    window.addEventListener('hashchange', handleHashChange);
    return () => window.removeEventListener('hashchange', handleHashChange);
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
      ) : view === 'switch' && pendingSwitch ? (
        <SwitchAccountView
          currentEmail={pendingSwitch.current}
          newEmail={pendingSwitch.next}
          isBusy={isSwitching}
          onContinue={() => {
            setIsSwitching(true);
            void finishHandoff(pendingSwitch.handoff, true);
          }}
          onStay={goToDashboard}
        />
      ) : isChecking ? (
        <LoadingView label={t('checkingSession')} testId="auth-checking" />
      ) : view === 'email' ? (
        <EmailView
          onBack={backToOptions}
          onSignedIn={goToDashboard}
          onStay={goToDashboard}
          onAdminRequired={(email) => showAdmin(t('messages.adminPasswordRequired'), email)}
        />
      ) : view === 'admin' ? (
        <AdminView onBack={backToOptions} onSignedIn={goToDashboard} notice={notice} initialEmail={adminEmail} />
      ) : (
        <div className="space-y-4">
          <FormAlert message={notice} />
          <OptionsView
            providers={providers}
            onEmail={() => setView('email')}
            onAdmin={() => {
              setNotice(null);
              setAdminEmail('');
              setView('admin');
            }}
          />
        </div>
      )}
    </AuthLayout>
  );
}

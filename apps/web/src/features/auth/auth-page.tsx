import { useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate, useSearchParams } from 'react-router';
import { toast } from '@/lib/toast';
import type { AuthProviders, MfaChallenge } from '@proxai/contract';
import { ApiError } from '@/lib/api-client';
import { clearSession, getToken, storeSession, storeUser } from '@/lib/auth-storage';
import { completeMagicLink } from './api/complete-magic-link';
import { completeOAuthSession } from './api/complete-oauth-session';
import { getMe } from './api/get-me';
import { getProviders } from './api/get-providers';
import { isMfaChallenge, type SignInAnswer } from './api/sign-in-answer';
import { AccountSwitchRequiredError } from './api/sign-in-request';
import { AdminView } from './components/admin-view';
import { AuthLayout, FormAlert } from './components/auth-layout';
import { EmailView } from './components/email-view';
import { failureKey, isAdminPasswordRequired } from './components/error-message';
import { LoadingView } from './components/loading-view';
import { MfaEnrolView } from './components/mfa-enrol-view';
import { MfaVerifyView } from './components/mfa-verify-view';
import { OptionsView } from './components/options-view';
import { SwitchAccountView } from './components/switch-account-view';
import { clearAuthHash, hashErrorKey, readAuthHash } from './hash-params';
import { rememberNext, safeNextPath, takeRememberedNext } from './next-path';

type View = 'options' | 'email' | 'admin' | 'loading' | 'switch' | 'mfa';

/** How the first step was made: the administrator's password greets by name (and its second factor is the platform's rule). */
type Via = 'password' | 'other';

/** A sign-in started elsewhere that the hash hands to this page: OpenID Connect, or the e-mailed link. */
type Handoff = { kind: 'session'; id: string } | { kind: 'magic'; token: string };

function readHandoff(): Handoff | null {
  const { sessionId, magic } = readAuthHash(window.location.hash);
  if (sessionId) return { kind: 'session', id: sessionId };
  if (magic) return { kind: 'magic', token: magic };
  return null;
}

async function completeHandoff(handoff: Handoff, confirmSwitch: boolean): Promise<SignInAnswer> {
  if (handoff.kind === 'magic') return completeMagicLink(handoff.token, confirmSwitch);
  const answer = await completeOAuthSession(handoff.id, confirmSwitch);
  return 'session_token' in answer ? { access_token: answer.session_token, user: answer.user } : answer;
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
 * Every sign-in ends in `finishSignIn`: the session, or first the second step (`mfa`: a factor to prove, or one
 * to enrol). Then `?next=/path` (a path of this site only) wins over the dashboard.
 */
export function AuthPage() {
  const { t } = useTranslation('auth');
  const navigate = useNavigate();
  const [searchParams] = useSearchParams();
  const [view, setView] = useState<View>(() => (readHandoff() ? 'loading' : 'options'));
  const [isChecking, setIsChecking] = useState(() => !readHandoff() && getToken() !== null);
  const [providers, setProviders] = useState<AuthProviders | null>(null);
  const [notice, setNotice] = useState<string | null>(null);
  const [adminEmail, setAdminEmail] = useState('');
  const [pendingSwitch, setPendingSwitch] = useState<{ handoff: Handoff; current: string; next: string } | null>(null);
  const [isSwitching, setIsSwitching] = useState(false);
  const [mfa, setMfa] = useState<{ challenge: MfaChallenge; via: Via } | null>(null);
  // Where a completed sign-in goes: `?next=`, or what the tab kept of it across the OpenID Connect round trip.
  const destination = useRef(safeNextPath(searchParams.get('next')));
  // The handoff is single use: run the opening logic once, even under StrictMode's double effects.
  const hasStarted = useRef(false);

  const goToDestination = () => void navigate(destination.current ?? '/dashboard', { replace: true });

  const showAdmin = (message: string, email = '') => {
    toast.error(message);
    setNotice(message);
    setAdminEmail(email);
    setView('admin');
  };

  function finishSignIn(answer: SignInAnswer, via: Via = 'other') {
    if (isMfaChallenge(answer)) {
      setMfa({ challenge: answer, via });
      setNotice(null);
      setView('mfa');
      return;
    }
    storeSession(answer.access_token, answer.user);
    const name = answer.user.name?.trim() || t('userFallback');
    toast.success(via === 'password' ? t('messages.adminWelcome', { name }) : t('messages.codeSuccess'));
    goToDestination();
  }

  /** The second step expired (or was used): start again from the options, saying why. */
  const restartSignIn = () => {
    const message = t('mfa.expired');
    toast.error(message);
    setMfa(null);
    setNotice(message);
    setView('options');
  };

  async function finishHandoff(handoff: Handoff, confirmSwitch: boolean) {
    if (handoff.kind === 'session') {
      const remembered = takeRememberedNext();
      destination.current ??= remembered;
    }
    try {
      const answer = await completeHandoff(handoff, confirmSwitch);
      clearAuthHash();
      finishSignIn(answer);
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
          goToDestination();
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
    setMfa(null);
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
          onStay={goToDestination}
        />
      ) : view === 'mfa' && mfa ? (
        mfa.challenge.code === 'mfa_required' ? (
          <MfaVerifyView
            challenge={mfa.challenge}
            onVerified={(session) => finishSignIn(session, mfa.via)}
            onExpired={restartSignIn}
            onBack={backToOptions}
          />
        ) : (
          <MfaEnrolView
            challenge={mfa.challenge}
            reason={mfa.via === 'password' ? 'platform' : 'organisation'}
            onSignedIn={(session) => finishSignIn(session, mfa.via)}
            onExpired={restartSignIn}
            onBack={backToOptions}
          />
        )
      ) : isChecking ? (
        <LoadingView label={t('checkingSession')} testId="auth-checking" />
      ) : view === 'email' ? (
        <EmailView
          onBack={backToOptions}
          onSignedIn={finishSignIn}
          onStay={goToDestination}
          onAdminRequired={(email) => showAdmin(t('messages.adminPasswordRequired'), email)}
        />
      ) : view === 'admin' ? (
        <AdminView
          onBack={backToOptions}
          onSignedIn={(answer) => finishSignIn(answer, 'password')}
          notice={notice}
          initialEmail={adminEmail}
        />
      ) : (
        <div className="space-y-4">
          <FormAlert message={notice} />
          <OptionsView
            providers={providers}
            onOidc={() => {
              rememberNext(destination.current);
              window.location.assign('/api/auth/oidc/start');
            }}
            onEmail={() => setView('email')}
            onAdmin={() => {
              setNotice(null);
              setAdminEmail('');
              setView('admin');
            }}
            onPasskeyAnswer={finishSignIn}
          />
        </div>
      )}
    </AuthLayout>
  );
}

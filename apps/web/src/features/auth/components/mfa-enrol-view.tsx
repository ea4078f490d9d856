import { Fingerprint } from 'lucide-react';
import { useEffect, useRef, useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import type { AccessTokenResponse, MfaChallenge, TotpSetup } from '@proxai/contract';
import { QrCode } from '@/components/qr-code';
import { Button } from '@/components/ui/button';
import { toast } from '@/lib/toast';
import { confirmTotp } from '../api/confirm-totp';
import { enrolPasskey } from '../api/enrol-passkey';
import { setupTotp } from '../api/setup-totp';
import { isPasskeyCancelled, supportsPasskeys } from '../webauthn';
import { BackButton, FormAlert, FormNote } from './auth-layout';
import { factorFailureKey, failureKey, isMfaStepExpired } from './error-message';
import { FactorCodeField, factorCodeProblem } from './factor-code-field';
import { LoadingView } from './loading-view';
import { RecoveryCodesView } from './recovery-codes-view';

type Setup = { status: 'loading' } | { status: 'ready'; setup: TotpSetup } | { status: 'failed'; message: string };

/**
 * A sign-in that needs a second factor first (`mfa_enrolment_required`): the `mfa_token` acts as the bearer to
 * set up an authenticator app (QR code and its key as text, then its first code) or a passkey instead; either
 * answers the recovery codes, shown once, then opens the session (`onSignedIn`).
 */
export function MfaEnrolView({
  challenge,
  reason,
  onSignedIn,
  onExpired,
  onBack,
}: {
  challenge: MfaChallenge;
  /** Who requires it: platform administrators always, else the person's organisation. */
  reason: 'platform' | 'organisation';
  onSignedIn: (session: AccessTokenResponse) => void;
  onExpired: () => void;
  onBack: () => void;
}) {
  const { t } = useTranslation('auth');
  const token = challenge.mfa_token;
  const [setup, setSetup] = useState<Setup>({ status: 'loading' });
  const [code, setCode] = useState('');
  const [fieldError, setFieldError] = useState<string | null>(null);
  const [formError, setFormError] = useState<string | null>(null);
  const [note, setNote] = useState<string | null>(null);
  const [busy, setBusy] = useState<'confirm' | 'passkey' | null>(null);
  const [done, setDone] = useState<{ codes: string[]; session: AccessTokenResponse } | null>(null);
  const [canUsePasskey] = useState(supportsPasskeys);
  // Each setup draws a new secret: ask once, even under StrictMode's double effects.
  const hasStarted = useRef(false);

  function fail(error: unknown, key: string) {
    setBusy(null);
    if (isMfaStepExpired(error)) return onExpired();
    const message = t(key);
    setFormError(message);
    toast.error(message);
  }

  async function loadSetup() {
    setSetup({ status: 'loading' });
    try {
      setSetup({ status: 'ready', setup: await setupTotp(token) });
    } catch (error) {
      if (isMfaStepExpired(error)) return onExpired();
      setSetup({ status: 'failed', message: t(failureKey(error, 'enrol.setupError')) });
    }
  }

  useEffect(() => {
    if (hasStarted.current) return;
    hasStarted.current = true;
    void loadSetup();
    // Runs once on opening by design (see hasStarted).
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, []);

  async function handleConfirm(event: FormEvent) {
    event.preventDefault();
    setFormError(null);
    setNote(null);
    const problem = factorCodeProblem('totp', code);
    setFieldError(problem ? t(problem) : null);
    if (problem) return;
    setBusy('confirm');
    try {
      const { recovery_codes: codes, access_token: accessToken, user } = await confirmTotp(token, code.trim());
      if (!accessToken || !user) throw new Error('The enrolment answered no session');
      setDone({ codes, session: { access_token: accessToken, user } });
    } catch (error) {
      fail(error, factorFailureKey(error));
    }
  }

  async function handlePasskey() {
    setFormError(null);
    setNote(null);
    setBusy('passkey');
    try {
      const { access_token: accessToken, user, recovery_codes: codes } = await enrolPasskey(token);
      const session = { access_token: accessToken, user };
      // A first second factor comes with recovery codes: shown once before the sign-in ends, as after the app.
      if (codes && codes.length > 0) setDone({ codes, session });
      else onSignedIn(session);
    } catch (error) {
      if (isPasskeyCancelled(error)) {
        setBusy(null);
        setNote(t('passkey.cancelled'));
        return;
      }
      fail(error, failureKey(error, 'passkey.enrolError'));
    }
  }

  if (done) return <RecoveryCodesView codes={done.codes} onDone={() => onSignedIn(done.session)} />;

  return (
    <div className="space-y-4" data-testid="mfa-enrol-view">
      <BackButton onClick={onBack} />
      <div>
        <h2 className="text-lg font-semibold">{t('enrol.heading')}</h2>
        <p className="mt-1 text-sm text-slate-600 dark:text-slate-400" data-testid="mfa-enrol-reason">
          {reason === 'platform' ? t('enrol.reasonPlatform') : t('enrol.reasonOrganisation')}
        </p>
      </div>
      {setup.status === 'loading' && <LoadingView label={t('enrol.preparing')} testId="mfa-enrol-loading" />}
      {setup.status === 'failed' && (
        <div className="space-y-3">
          <FormAlert message={setup.message} />
          <Button variant="outline" className="w-full" onClick={() => void loadSetup()} data-testid="mfa-enrol-retry">
            {t('enrol.retry')}
          </Button>
        </div>
      )}
      {setup.status === 'ready' && (
        <form onSubmit={(e) => void handleConfirm(e)} noValidate className="space-y-4">
          <p className="text-sm text-slate-700 dark:text-slate-300">{t('enrol.scan')}</p>
          <div className="flex justify-center" data-testid="mfa-enrol-qr">
            <QrCode value={setup.setup.otpauth_url} label={t('enrol.qrLabel')} />
          </div>
          <div className="text-sm">
            <p className="text-slate-600 dark:text-slate-400">{t('enrol.secretLabel')}</p>
            <code
              dir="ltr"
              className="mt-1 block rounded-md bg-slate-100 p-2 text-center font-mono break-all select-all dark:bg-slate-800"
              data-testid="mfa-enrol-secret"
            >
              {setup.setup.secret}
            </code>
          </div>
          <FactorCodeField
            kind="totp"
            label={t('enrol.codeLabel')}
            value={code}
            error={fieldError}
            onChange={setCode}
            testId="mfa-enrol-code-input"
          />
          <Button
            type="submit"
            size="lg"
            className="w-full"
            isLoading={busy === 'confirm'}
            disabled={busy !== null}
            data-testid="mfa-enrol-confirm"
          >
            {t('enrol.submit')}
          </Button>
        </form>
      )}
      <FormAlert message={formError} />
      <FormNote message={note} />
      {canUsePasskey && (
        <Button
          variant="outline"
          size="lg"
          className="w-full"
          isLoading={busy === 'passkey'}
          disabled={busy !== null}
          onClick={() => void handlePasskey()}
          data-testid="mfa-enrol-passkey"
        >
          <Fingerprint className="h-5 w-5" aria-hidden="true" />
          {t('enrol.usePasskey')}
        </Button>
      )}
    </div>
  );
}

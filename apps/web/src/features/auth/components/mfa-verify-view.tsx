import { Fingerprint } from 'lucide-react';
import { useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import type { AccessTokenResponse, MfaChallenge } from '@proxai/contract';
import { Button } from '@/components/ui/button';
import { toast } from '@/lib/toast';
import { verifyMfa, type MfaProof } from '../api/verify-mfa';
import { isPasskeyCancelled, promptPasskey, supportsPasskeys } from '../webauthn';
import { BackButton, FormAlert, FormNote } from './auth-layout';
import { factorFailureKey, isMfaStepExpired } from './error-message';
import { FactorCodeField, factorCodeProblem } from './factor-code-field';

type Mode = 'totp' | 'recovery';

/**
 * The second step of a sign-in (`mfa_required`): the authenticator app's code, a passkey when the person has
 * one (and the browser can use it), or a recovery code. A wrong code says so; an expired step (`onExpired`)
 * goes back to the options.
 */
export function MfaVerifyView({
  challenge,
  onVerified,
  onExpired,
  onBack,
}: {
  challenge: MfaChallenge;
  onVerified: (session: AccessTokenResponse) => void;
  onExpired: () => void;
  onBack: () => void;
}) {
  const { t } = useTranslation('auth');
  const hasTotp = challenge.methods.includes('totp');
  const hasRecovery = challenge.methods.includes('recovery');
  const [canUsePasskey] = useState(() => challenge.webauthn !== null && supportsPasskeys());
  const [mode, setMode] = useState<Mode>(hasTotp ? 'totp' : 'recovery');
  // Someone with passkeys only has no code to type; a code field stays as the way out otherwise.
  const hasCode = hasTotp || hasRecovery || !canUsePasskey;
  const [code, setCode] = useState('');
  const [fieldError, setFieldError] = useState<string | null>(null);
  const [formError, setFormError] = useState<string | null>(null);
  const [note, setNote] = useState<string | null>(null);
  const [busy, setBusy] = useState<'code' | 'passkey' | null>(null);

  async function prove(proof: MfaProof, kind: 'code' | 'passkey') {
    setBusy(kind);
    try {
      onVerified(await verifyMfa(challenge.mfa_token, proof));
    } catch (error) {
      setBusy(null);
      if (isMfaStepExpired(error)) return onExpired();
      const message = t(factorFailureKey(error));
      setFormError(message);
      toast.error(message);
    }
  }

  async function handleSubmit(event: FormEvent) {
    event.preventDefault();
    setFormError(null);
    setNote(null);
    const problem = factorCodeProblem(mode, code);
    setFieldError(problem ? t(problem) : null);
    if (problem) return;
    await prove({ code: code.trim() }, 'code');
  }

  async function handlePasskey() {
    setFormError(null);
    setNote(null);
    if (!challenge.webauthn) return;
    setBusy('passkey');
    let response: Awaited<ReturnType<typeof promptPasskey>>;
    try {
      response = await promptPasskey(challenge.webauthn);
    } catch (error) {
      setBusy(null);
      if (isPasskeyCancelled(error)) setNote(t('passkey.cancelled'));
      else setFormError(t('passkey.error'));
      return;
    }
    await prove({ webauthn_response: response }, 'passkey');
  }

  const switchTo = (next: Mode) => {
    setMode(next);
    setCode('');
    setFieldError(null);
    setFormError(null);
  };

  return (
    <form onSubmit={(e) => void handleSubmit(e)} noValidate className="space-y-4" data-testid="mfa-verify-view">
      <BackButton onClick={onBack} />
      <div>
        <h2 className="text-lg font-semibold">{t('mfa.heading')}</h2>
        <p className="mt-1 text-sm text-slate-600 dark:text-slate-400">
          {!hasCode ? t('mfa.passkeyDescription') : mode === 'totp' ? t('mfa.totpDescription') : t('mfa.recoveryDescription')}
        </p>
      </div>
      {hasCode && (
        <FactorCodeField
          key={mode}
          kind={mode}
          label={mode === 'totp' ? t('mfa.totpLabel') : t('mfa.recoveryLabel')}
          value={code}
          error={fieldError}
          onChange={setCode}
          testId={mode === 'totp' ? 'mfa-code-input' : 'mfa-recovery-input'}
        />
      )}
      <FormAlert message={formError} />
      <FormNote message={note} />
      {hasCode && (
        <Button
          type="submit"
          size="lg"
          className="w-full"
          isLoading={busy === 'code'}
          disabled={busy !== null}
          data-testid="mfa-verify-button"
        >
          {t('mfa.submit')}
        </Button>
      )}
      {canUsePasskey && (
        <Button
          variant="outline"
          size="lg"
          className="w-full"
          isLoading={busy === 'passkey'}
          disabled={busy !== null}
          onClick={() => void handlePasskey()}
          data-testid="mfa-passkey-button"
        >
          <Fingerprint className="h-5 w-5" aria-hidden="true" />
          {t('mfa.usePasskey')}
        </Button>
      )}
      {mode === 'totp' && hasRecovery && (
        <Button variant="ghost" className="w-full" onClick={() => switchTo('recovery')} data-testid="mfa-use-recovery">
          {t('mfa.useRecovery')}
        </Button>
      )}
      {mode === 'recovery' && hasTotp && (
        <Button variant="ghost" className="w-full" onClick={() => switchTo('totp')} data-testid="mfa-use-totp">
          {t('mfa.useTotp')}
        </Button>
      )}
    </form>
  );
}

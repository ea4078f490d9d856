import { useId, useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { toast } from '@/lib/toast';
import { Button } from '@/components/ui/button';
import { FieldError, Input, Label } from '@/components/ui/input';
import { requestMagicLink } from '../api/request-magic-link';
import type { SignInAnswer } from '../api/sign-in-answer';
import { AccountSwitchRequiredError } from '../api/sign-in-request';
import { verifyOtp } from '../api/verify-otp';
import { BackButton, FormAlert } from './auth-layout';
import { failureKey, isAdminPasswordRequired, isEmail } from './error-message';
import { SwitchAccountView } from './switch-account-view';

const CODE_LENGTH = 6;

/**
 * View 2: e-mail address ('email' step), then the 6-digit code ('verify' step), then, when another account is
 * signed in in this browser, the confirmation to replace it ('switch' step).
 */
export function EmailView({
  onBack,
  onSignedIn,
  onStay,
  onAdminRequired,
}: {
  onBack: () => void;
  /** The code's answer: a session, or the second step. */
  onSignedIn: (answer: SignInAnswer) => void;
  /** The person keeps the account already signed in. */
  onStay: () => void;
  /** The address is a platform administrator's: only the password signs it in. */
  onAdminRequired: (email: string) => void;
}) {
  const { t, i18n } = useTranslation('auth');
  const [step, setStep] = useState<'email' | 'verify' | 'switch'>('email');
  const [accounts, setAccounts] = useState<{ current: string; next: string } | null>(null);
  const [email, setEmail] = useState('');
  const [code, setCode] = useState('');
  const [fieldError, setFieldError] = useState<string | null>(null);
  const [formError, setFormError] = useState<string | null>(null);
  const [isBusy, setIsBusy] = useState(false);
  const emailId = useId();
  const codeId = useId();

  async function handleSend(event: FormEvent) {
    event.preventDefault();
    setFormError(null);
    if (!email.trim()) return setFieldError(t('validation.required'));
    if (!isEmail(email)) return setFieldError(t('validation.email'));
    setFieldError(null);
    setIsBusy(true);
    try {
      await requestMagicLink(email.trim(), i18n.resolvedLanguage);
      toast.success(t('messages.magicLinkSent'));
      setCode('');
      setStep('verify');
    } catch (error) {
      const message = t(failureKey(error, 'messages.magicLinkError'));
      setFormError(message);
      toast.error(message);
    } finally {
      setIsBusy(false);
    }
  }

  async function handleVerify(event: FormEvent) {
    event.preventDefault();
    setFormError(null);
    const value = code.trim();
    if (!value) return setFieldError(t('validation.required'));
    if (value.length > CODE_LENGTH) return setFieldError(t('validation.codeLength'));
    if (!/^\d{6}$/.test(value)) return setFieldError(t('validation.codeDigits'));
    setFieldError(null);
    await signIn(value, false);
  }

  async function signIn(value: string, confirmSwitch: boolean) {
    setIsBusy(true);
    try {
      onSignedIn(await verifyOtp(email.trim(), value, confirmSwitch));
    } catch (error) {
      setIsBusy(false);
      if (error instanceof AccountSwitchRequiredError) {
        setAccounts({ current: error.currentEmail, next: error.newEmail });
        setStep('switch');
        return;
      }
      if (isAdminPasswordRequired(error)) {
        onAdminRequired(email.trim());
        return;
      }
      // The code may have expired while the person read the question: back to the code, with the reason.
      setStep('verify');
      const message = t(failureKey(error, 'messages.codeError'));
      setFormError(message);
      toast.error(message);
    }
  }

  if (step === 'switch' && accounts) {
    return (
      <SwitchAccountView
        currentEmail={accounts.current}
        newEmail={accounts.next}
        isBusy={isBusy}
        onContinue={() => void signIn(code.trim(), true)}
        onStay={onStay}
      />
    );
  }

  if (step === 'email') {
    return (
      <form onSubmit={(e) => void handleSend(e)} noValidate className="space-y-4" data-testid="email-step">
        <BackButton onClick={onBack} />
        <div>
          <h2 className="text-lg font-semibold">{t('email.heading')}</h2>
          <p className="mt-1 text-sm text-slate-600 dark:text-slate-400">{t('email.description')}</p>
        </div>
        <div>
          <Label htmlFor={emailId}>{t('email.label')}</Label>
          <Input
            id={emailId}
            type="email"
            name="email"
            autoComplete="email"
            inputMode="email"
            required
            autoFocus
            placeholder={t('email.placeholder')}
            value={email}
            onChange={(e) => setEmail(e.target.value)}
            aria-invalid={fieldError ? true : undefined}
            aria-describedby={fieldError ? `${emailId}-error` : undefined}
            data-testid="email-input"
          />
          <FieldError id={`${emailId}-error`} message={fieldError ?? undefined} />
        </div>
        <FormAlert message={formError} />
        <Button type="submit" size="lg" className="w-full" isLoading={isBusy} data-testid="send-code-button">
          {t('email.submit')}
        </Button>
      </form>
    );
  }

  return (
    <form onSubmit={(e) => void handleVerify(e)} noValidate className="space-y-4" data-testid="verify-step">
      <BackButton onClick={onBack} />
      <div>
        <h2 className="text-lg font-semibold">{t('verify.heading')}</h2>
        <p className="mt-1 text-sm text-slate-600 dark:text-slate-400">{t('verify.description', { email: email.trim() })}</p>
      </div>
      <div>
        <Label htmlFor={codeId}>{t('verify.label')}</Label>
        <Input
          id={codeId}
          name="otp_code"
          type="text"
          inputMode="numeric"
          autoComplete="one-time-code"
          pattern="[0-9]*"
          maxLength={CODE_LENGTH}
          required
          autoFocus
          dir="ltr"
          className="text-center font-mono text-2xl tracking-[0.5em]"
          placeholder="000000"
          value={code}
          onChange={(e) => setCode(e.target.value.replace(/\s/g, '').slice(0, CODE_LENGTH))}
          aria-invalid={fieldError ? true : undefined}
          aria-describedby={fieldError ? `${codeId}-error` : undefined}
          data-testid="otp-input"
        />
        <FieldError id={`${codeId}-error`} message={fieldError ?? undefined} />
      </div>
      <FormAlert message={formError} />
      <Button type="submit" size="lg" className="w-full" isLoading={isBusy} data-testid="verify-code-button">
        {t('verify.submit')}
      </Button>
      <Button
        variant="ghost"
        className="w-full"
        onClick={() => {
          setStep('email');
          setCode('');
          setFieldError(null);
          setFormError(null);
        }}
        data-testid="resend-code-button"
      >
        {t('verify.resend')}
      </Button>
    </form>
  );
}

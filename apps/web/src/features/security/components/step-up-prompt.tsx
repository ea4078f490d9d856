import { startAuthentication, type PublicKeyCredentialRequestOptionsJSON } from '@simplewebauthn/browser';
import { Fingerprint, KeyRound, LifeBuoy, Mail, Smartphone } from 'lucide-react';
import { useEffect, useId, useRef, useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { Button } from '@/components/ui/button';
import { Dialog } from '@/components/ui/dialog';
import { ApiError, type StepUpChallenge } from '@/lib/api-client';
import { emailStepUpCode, proveStepUp } from '../api/step-up';
import { problemText } from '../problem-text';
import { CodeField, isCompleteCode } from './code-field';
import { InlineError } from './section-card';

type CodeMethod = 'totp' | 'recovery' | 'email';
type Busy = 'code' | 'passkey' | 'email' | null;

/**
 * "Confirm it's you": proves a second factor for one step-up challenge, with whichever of its methods the person
 * picks (an authenticator code first when there is one, a passkey, a recovery code, a code sent by e-mail). A wrong
 * code can be retried; Cancel, Escape and the close button give up (`onCancel`). It says why in the page's
 * language (`stepUp.text`): the challenge's `detail` is the server's English.
 */
export function StepUpPrompt({
  challenge,
  waiting,
  onProved,
  onCancel,
}: {
  challenge: StepUpChallenge;
  waiting: number;
  onProved: (token: string) => void;
  onCancel: () => void;
}) {
  const { t } = useTranslation('security');
  const codeId = useId();
  const field = useRef<HTMLInputElement>(null);
  const { methods, webauthn } = challenge;
  const [method, setMethod] = useState<CodeMethod | null>(methods.includes('totp') ? 'totp' : null);
  const [code, setCode] = useState('');
  // A wrong or incomplete code is said at its field; anything else (a passkey refused, the network) below.
  const [fieldError, setFieldError] = useState<string | null>(null);
  const [error, setError] = useState<string | null>(null);
  const [busy, setBusy] = useState<Busy>(null);
  const [isEmailSent, setIsEmailSent] = useState(false);
  // The button pressed last: it is disabled while its request runs, and gets focus back if that fails.
  const pressed = useRef<HTMLElement | null>(null);
  // Where focus goes once the request has ended and the page shows its outcome (buttons enabled again, the field).
  const focusNext = useRef<(() => HTMLElement | null) | null>(null);
  useEffect(() => {
    if (busy !== null || !focusNext.current) return;
    focusNext.current()?.focus();
    focusNext.current = null;
  }, [busy, method]);
  const kind = method === 'recovery' ? 'recovery' : 'digits';

  function start(next: Busy) {
    pressed.current = document.activeElement instanceof HTMLElement ? document.activeElement : null;
    setBusy(next);
    setFieldError(null);
    setError(null);
  }

  function choose(next: CodeMethod) {
    setMethod(next);
    setCode('');
    setFieldError(null);
    setError(null);
  }

  function fail(err: unknown) {
    setBusy(null);
    if (err instanceof ApiError && err.code === 'invalid_factor') {
      setFieldError(t('wrongCode'));
      setCode('');
    } else {
      setError(problemText(err, t));
    }
    focusNext.current = () => (pressed.current?.isConnected ? pressed.current : field.current);
  }

  async function handleSubmit(event: FormEvent) {
    event.preventDefault();
    if (!method || busy) return;
    if (!isCompleteCode(code, kind)) {
      setFieldError(t('codeIncomplete'));
      field.current?.focus();
      return;
    }
    start('code');
    pressed.current = field.current;
    try {
      onProved(await proveStepUp({ challenge: challenge.challenge, code, method }));
    } catch (err) {
      fail(err);
    }
  }

  async function handlePasskey() {
    if (!webauthn || busy) return;
    start('passkey');
    try {
      const response = await startAuthentication({ optionsJSON: webauthn as unknown as PublicKeyCredentialRequestOptionsJSON });
      onProved(await proveStepUp({ challenge: challenge.challenge, webauthn_response: response }));
    } catch (err) {
      fail(err);
    }
  }

  async function handleEmail() {
    if (busy) return;
    start('email');
    try {
      await emailStepUpCode(challenge.challenge);
      focusNext.current = () => field.current;
      setBusy(null);
      choose('email');
      setIsEmailSent(true);
    } catch (err) {
      fail(err);
    }
  }

  const others = [
    { id: 'totp', show: methods.includes('totp') && method !== 'totp', icon: Smartphone, label: t('stepUp.useTotp') },
    { id: 'passkey', show: webauthn !== null, icon: Fingerprint, label: t('stepUp.usePasskey') },
    {
      id: 'recovery',
      show: methods.includes('recovery') && method !== 'recovery',
      icon: LifeBuoy,
      label: t('stepUp.useRecovery'),
    },
    {
      id: 'email',
      show: methods.includes('email'),
      icon: Mail,
      label: t(method === 'email' ? 'stepUp.emailAgain' : 'stepUp.useEmail'),
    },
  ] as const;
  const actions: Record<(typeof others)[number]['id'], () => void> = {
    totp: () => choose('totp'),
    passkey: () => void handlePasskey(),
    recovery: () => choose('recovery'),
    email: () => void handleEmail(),
  };

  return (
    <Dialog
      open
      onOpenChange={(open) => !open && onCancel()}
      title={t('stepUp.title')}
      description={t('stepUp.text')}
      closeLabel={t('close')}
    >
      <div className="space-y-4" data-testid="step-up">
        {method ? (
          <form className="space-y-3" onSubmit={(e) => void handleSubmit(e)} noValidate>
            {method === 'email' && isEmailSent ? (
              <p role="status" className="text-sm text-slate-600 dark:text-slate-400" data-testid="step-up-email-sent">
                {t('stepUp.emailSent')}
              </p>
            ) : null}
            <CodeField
              key={method}
              ref={field}
              id={codeId}
              label={t(`stepUp.codeLabel.${method}`)}
              kind={kind}
              value={code}
              onChange={(value) => {
                setCode(value);
                setFieldError(null);
              }}
              error={fieldError}
              disabled={busy === 'code'}
              autoFocus
              testId="step-up-code"
            />
            <Button
              type="submit"
              isLoading={busy === 'code'}
              disabled={busy !== null && busy !== 'code'}
              data-testid="step-up-submit"
            >
              <KeyRound className="h-4 w-4" aria-hidden="true" />
              {t('stepUp.confirm')}
            </Button>
          </form>
        ) : (
          <p className="text-sm">{t('stepUp.choose')}</p>
        )}
        {error ? <InlineError message={error} testId="step-up-error" /> : null}
        <div className="space-y-2 border-t border-slate-200 pt-4 dark:border-slate-800">
          {method ? <p className="text-sm text-slate-600 dark:text-slate-400">{t('stepUp.otherWays')}</p> : null}
          <div className="flex flex-wrap gap-2">
            {others
              .filter((o) => o.show)
              .map(({ id, icon: Icon, label }) => (
                <Button
                  key={id}
                  variant="outline"
                  size="sm"
                  isLoading={busy === id}
                  disabled={busy !== null}
                  onClick={actions[id]}
                  data-testid={`step-up-${id}`}
                >
                  <Icon className="h-4 w-4" aria-hidden="true" />
                  {label}
                </Button>
              ))}
          </div>
        </div>
        {waiting > 0 ? (
          <p className="text-xs text-slate-500 dark:text-slate-400" data-testid="step-up-waiting">
            {t('stepUp.waiting', { number: waiting })}
          </p>
        ) : null}
        <div className="flex justify-end">
          <Button variant="ghost" onClick={onCancel} data-testid="step-up-cancel">
            {t('cancel')}
          </Button>
        </div>
      </div>
    </Dialog>
  );
}

import { Fingerprint } from 'lucide-react';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Button } from '@/components/ui/button';
import { toast } from '@/lib/toast';
import { signInWithPasskey } from '../api/sign-in-with-passkey';
import type { SignInAnswer } from '../api/sign-in-answer';
import { isPasskeyCancelled, supportsPasskeys } from '../webauthn';
import { FormAlert, FormNote } from './auth-layout';
import { failureKey } from './error-message';

/**
 * "Sign in with a passkey", no e-mail asked: the browser offers the person's passkeys for this site. Hidden when
 * the browser cannot use passkeys; a closed prompt only says so, calmly.
 */
export function PasskeySignInButton({ onAnswer }: { onAnswer: (answer: SignInAnswer) => void }) {
  const { t } = useTranslation('auth');
  const [isSupported] = useState(supportsPasskeys);
  const [isBusy, setIsBusy] = useState(false);
  const [note, setNote] = useState<string | null>(null);
  const [error, setError] = useState<string | null>(null);
  if (!isSupported) return null;

  async function handleClick() {
    setNote(null);
    setError(null);
    setIsBusy(true);
    try {
      onAnswer(await signInWithPasskey());
    } catch (err) {
      setIsBusy(false);
      if (isPasskeyCancelled(err)) {
        setNote(t('passkey.cancelled'));
        return;
      }
      const message = t(failureKey(err, 'passkey.error'));
      setError(message);
      toast.error(message);
    }
  }

  return (
    <>
      <Button
        variant="outline"
        size="lg"
        className="w-full"
        isLoading={isBusy}
        onClick={() => void handleClick()}
        data-testid="auth-option-passkey"
      >
        <Fingerprint className="h-5 w-5" aria-hidden="true" />
        {t('options.passkey')}
      </Button>
      <FormAlert message={error} />
      <FormNote message={note} testId="passkey-note" />
    </>
  );
}

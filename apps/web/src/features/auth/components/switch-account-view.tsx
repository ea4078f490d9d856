import { useId, useLayoutEffect, useRef } from 'react';
import { useTranslation } from 'react-i18next';
import { Button } from '@/components/ui/button';

/** Unicode isolates, so an address keeps its left-to-right order inside an Arabic sentence. */
const isolate = (email: string) => `\u2068${email}\u2069`;

/**
 * Asked before a sign-in replaces another account signed in in this browser (409 `account_switch_required`):
 * a link or code opened by mistake, or sent by someone else (login CSRF), must not silently swap accounts.
 * Focus moves to the question so keyboard and screen reader users start there.
 */
export function SwitchAccountView({
  currentEmail,
  newEmail,
  isBusy,
  onContinue,
  onStay,
}: {
  currentEmail: string;
  newEmail: string;
  isBusy: boolean;
  onContinue: () => void;
  onStay: () => void;
}) {
  const { t } = useTranslation('auth');
  const headingRef = useRef<HTMLHeadingElement>(null);
  const headingId = useId();
  const questionId = useId();
  // In the commit (not after paint): the focus is there as soon as the view is.
  useLayoutEffect(() => headingRef.current?.focus(), []);
  const current = isolate(currentEmail);
  const next = isolate(newEmail);
  return (
    <section aria-labelledby={headingId} aria-describedby={questionId} className="space-y-4" data-testid="switch-account">
      <h2 id={headingId} ref={headingRef} tabIndex={-1} className="text-lg font-semibold focus:outline-none">
        {t('switch.heading')}
      </h2>
      <p id={questionId} className="text-sm text-slate-700 dark:text-slate-300" data-testid="switch-question">
        {t('switch.question', { current, next })}
      </p>
      <Button size="lg" className="w-full" isLoading={isBusy} onClick={onContinue} data-testid="switch-continue-button">
        <span className="min-w-0 truncate">{t('switch.continue', { next })}</span>
      </Button>
      <Button variant="outline" size="lg" className="w-full" disabled={isBusy} onClick={onStay} data-testid="switch-stay-button">
        <span className="min-w-0 truncate">{t('switch.stay', { current })}</span>
      </Button>
    </section>
  );
}

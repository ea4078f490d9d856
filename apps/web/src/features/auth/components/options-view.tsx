import { KeyRound, Mail } from 'lucide-react';
import { toast } from '@/lib/toast';
import { useTranslation } from 'react-i18next';
import type { AuthProviders } from '@proxai/contract';
import { Button } from '@/components/ui/button';
import type { SignInAnswer } from '../api/sign-in-answer';
import { DemoHint } from './demo-hint';
import { PasskeySignInButton } from './passkey-sign-in-button';

function GoogleMark() {
  return (
    <svg viewBox="0 0 24 24" className="h-5 w-5" aria-hidden="true">
      <path
        fill="#4285F4"
        d="M22.56 12.25c0-.78-.07-1.53-.2-2.25H12v4.26h5.92a5.06 5.06 0 0 1-2.2 3.32v2.77h3.57c2.08-1.92 3.27-4.74 3.27-8.1z"
      />
      <path
        fill="#34A853"
        d="M12 23c2.97 0 5.46-.98 7.28-2.66l-3.57-2.77c-.98.66-2.23 1.06-3.71 1.06-2.86 0-5.29-1.93-6.16-4.53H2.18v2.84A11 11 0 0 0 12 23z"
      />
      <path
        fill="#FBBC05"
        d="M5.84 14.1A6.6 6.6 0 0 1 5.5 12c0-.73.13-1.44.34-2.1V7.06H2.18A11 11 0 0 0 1 12c0 1.77.43 3.45 1.18 4.94l3.66-2.84z"
      />
      <path
        fill="#EA4335"
        d="M12 5.38c1.62 0 3.06.56 4.21 1.64l3.15-3.15A10.96 10.96 0 0 0 12 1 11 11 0 0 0 2.18 7.06l3.66 2.84C6.71 7.3 9.14 5.38 12 5.38z"
      />
    </svg>
  );
}

function MicrosoftMark() {
  return (
    <svg viewBox="0 0 24 24" className="h-5 w-5" aria-hidden="true">
      <path fill="#F25022" d="M1 1h10v10H1z" />
      <path fill="#7FBA00" d="M13 1h10v10H13z" />
      <path fill="#00A4EF" d="M1 13h10v10H1z" />
      <path fill="#FFB900" d="M13 13h10v10H13z" />
    </svg>
  );
}

/**
 * View 1: the sign-in methods. The external provider is offered only when the portal has one configured, a
 * passkey only when the browser can use one.
 */
export function OptionsView({
  providers,
  onOidc,
  onEmail,
  onAdmin,
  onPasskeyAnswer,
}: {
  providers: AuthProviders | null;
  onOidc: () => void;
  onEmail: () => void;
  onAdmin: () => void;
  onPasskeyAnswer: (answer: SignInAnswer) => void;
}) {
  const { t } = useTranslation('auth');
  const oidc = providers?.oidc;
  const oidcLabel = oidc?.name ? t('options.oidc', { provider: oidc.name }) : t('options.oidcDefault');
  const oidcOff = providers !== null && !oidc?.enabled;
  return (
    <div className="space-y-3">
      <h2 className="mb-4 text-center text-base font-semibold">{t('options.heading')}</h2>
      <Button
        variant="outline"
        size="lg"
        className="w-full"
        disabled={!oidc?.enabled}
        aria-describedby={oidcOff ? 'oidc-unavailable' : undefined}
        onClick={onOidc}
        data-testid="auth-option-oidc"
      >
        <GoogleMark />
        {oidcLabel}
      </Button>
      {oidcOff && (
        <p id="oidc-unavailable" className="text-xs text-slate-500 dark:text-slate-400" data-testid="oidc-unavailable">
          {t('options.oidcUnavailable')}
        </p>
      )}
      <Button
        variant="outline"
        size="lg"
        className="w-full"
        onClick={() => toast.info(t('messages.microsoftSoon'))}
        data-testid="auth-option-microsoft"
      >
        <MicrosoftMark />
        {t('options.microsoft')}
      </Button>
      <div className="flex items-center gap-3 py-1 text-xs uppercase text-slate-400" aria-hidden="true">
        <span className="h-px flex-1 bg-slate-200 dark:bg-slate-700" />
        {t('options.or')}
        <span className="h-px flex-1 bg-slate-200 dark:bg-slate-700" />
      </div>
      <Button size="lg" className="w-full" onClick={onEmail} data-testid="auth-option-email">
        <Mail className="h-5 w-5" aria-hidden="true" />
        {t('options.email')}
      </Button>
      <PasskeySignInButton onAnswer={onPasskeyAnswer} />
      <Button variant="ghost" size="md" className="w-full" onClick={onAdmin} data-testid="auth-option-admin">
        <KeyRound className="h-4 w-4" aria-hidden="true" />
        {t('options.admin')}
      </Button>
      <DemoHint />
    </div>
  );
}

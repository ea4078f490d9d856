import { useId, useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { toast } from '@/lib/toast';
import { Button } from '@/components/ui/button';
import { FieldError, Input, Label } from '@/components/ui/input';
import { ApiError } from '@/lib/api-client';
import { adminLogin } from '../api/admin-login';
import type { SignInAnswer } from '../api/sign-in-answer';
import { BackButton, FormAlert } from './auth-layout';
import { failureKey } from './error-message';

/**
 * View 3: administrator e-mail and password. 401 wrong credentials, 403 an account that is not admin. Opened
 * with `notice` (and the address when known) when an administrator tried a passwordless sign-in. The answer
 * (a session or the second step) goes to `onSignedIn`.
 */
export function AdminView({
  onBack,
  onSignedIn,
  notice = null,
  initialEmail = '',
}: {
  onBack: () => void;
  onSignedIn: (answer: SignInAnswer) => void;
  notice?: string | null;
  initialEmail?: string;
}) {
  const { t } = useTranslation('auth');
  const [email, setEmail] = useState(initialEmail);
  const [password, setPassword] = useState('');
  const [errors, setErrors] = useState<{ email?: string; password?: string }>({});
  const [formError, setFormError] = useState<string | null>(notice);
  const [isBusy, setIsBusy] = useState(false);
  const emailId = useId();
  const passwordId = useId();

  async function handleSubmit(event: FormEvent) {
    event.preventDefault();
    setFormError(null);
    const next = {
      email: email.trim() ? undefined : t('validation.required'),
      password: password ? undefined : t('validation.required'),
    };
    setErrors(next);
    if (next.email || next.password) return;
    setIsBusy(true);
    try {
      onSignedIn(await adminLogin(email.trim(), password));
    } catch (error) {
      const key =
        error instanceof ApiError && error.status === 401
          ? 'messages.adminInvalid'
          : error instanceof ApiError && error.status === 403
            ? 'messages.adminForbidden'
            : failureKey(error, 'messages.adminError');
      setFormError(t(key));
      toast.error(t(key));
      setIsBusy(false);
    }
  }

  return (
    <form onSubmit={(e) => void handleSubmit(e)} noValidate className="space-y-4" data-testid="admin-view">
      <BackButton onClick={onBack} />
      <div>
        <h2 className="text-lg font-semibold">{t('admin.heading')}</h2>
        <p className="mt-1 text-sm text-slate-600 dark:text-slate-400">{t('admin.description')}</p>
      </div>
      <div>
        <Label htmlFor={emailId}>{t('admin.emailLabel')}</Label>
        <Input
          id={emailId}
          type="email"
          autoComplete="username"
          required
          autoFocus={!initialEmail}
          value={email}
          onChange={(e) => setEmail(e.target.value)}
          aria-invalid={errors.email ? true : undefined}
          aria-describedby={errors.email ? `${emailId}-error` : undefined}
          data-testid="admin-email-input"
        />
        <FieldError id={`${emailId}-error`} message={errors.email} />
      </div>
      <div>
        <Label htmlFor={passwordId}>{t('admin.passwordLabel')}</Label>
        <Input
          id={passwordId}
          type="password"
          autoComplete="current-password"
          required
          autoFocus={Boolean(initialEmail)}
          value={password}
          onChange={(e) => setPassword(e.target.value)}
          aria-invalid={errors.password ? true : undefined}
          aria-describedby={errors.password ? `${passwordId}-error` : undefined}
          data-testid="admin-password-input"
        />
        <FieldError id={`${passwordId}-error`} message={errors.password} />
      </div>
      <FormAlert message={formError} />
      <Button type="submit" size="lg" className="w-full" isLoading={isBusy} data-testid="admin-login-button">
        {t('admin.submit')}
      </Button>
    </form>
  );
}

import type { HostCredentials } from '@proxai/contract';
import type { InputHTMLAttributes } from 'react';
import { useTranslation } from 'react-i18next';
import { Button, type ButtonProps } from '@/components/ui/button';
import { FieldError, Input, Label, Select } from '@/components/ui/input';

/** A labelled input with its error, announced and linked to the input (`aria-describedby`). */
export function TextField({
  id,
  label,
  error,
  ...props
}: { id: string; label: string; error?: string } & InputHTMLAttributes<HTMLInputElement>) {
  return (
    <div>
      <Label htmlFor={id}>{label}</Label>
      <Input id={id} aria-invalid={error ? true : undefined} aria-describedby={error ? `${id}-error` : undefined} {...props} />
      <FieldError id={`${id}-error`} message={error} />
    </div>
  );
}

/** What the credential fields hold: both methods' secrets, only the chosen one's sent. */
export interface CredentialsForm {
  user: string;
  auth_type: 'password' | 'token';
  password: string;
  token_name: string;
  token_value: string;
}

/** Field → translation key of its problem (in the 'hosts' namespace). */
export type CredentialErrors = Partial<Record<keyof CredentialsForm, string>>;

/** The user, then the chosen method's secret(s), are required; the user looks like 'root@pam' (as the server checks). */
export function validateCredentials(form: CredentialsForm): CredentialErrors {
  const errors: CredentialErrors = {};
  const required: (keyof CredentialsForm)[] = [
    'user',
    ...(form.auth_type === 'password' ? ['password' as const] : ['token_name' as const, 'token_value' as const]),
  ];
  for (const key of required) if (!form[key].trim()) errors[key] = 'fields.required';
  if (!errors.user && !/^[^\s@]+@[^\s@!]+$/.test(form.user.trim())) errors.user = 'fields.invalidUser';
  if (!errors.token_name && form.auth_type === 'token' && /\s/.test(form.token_name.trim()))
    errors.token_name = 'fields.invalidTokenName';
  return errors;
}

/** Only the chosen method's fields are sent. */
export function toCredentials(form: CredentialsForm): HostCredentials {
  const user = form.user.trim();
  return form.auth_type === 'password'
    ? { user, auth_type: 'password', password: form.password }
    : { user, auth_type: 'token', token_name: form.token_name.trim(), token_value: form.token_value.trim() };
}

/**
 * User, authentication method (password or API token) and the method's secret(s), as in the add-host form.
 * `idPrefix` keeps the ids unique when two forms are on the page.
 */
export function CredentialFields({
  idPrefix,
  value,
  errors,
  disabled,
  onChange,
}: {
  idPrefix: string;
  value: CredentialsForm;
  errors: CredentialErrors;
  disabled?: boolean;
  onChange: <K extends keyof CredentialsForm>(key: K, value: CredentialsForm[K]) => void;
}) {
  const { t } = useTranslation('hosts');
  const field = (key: Exclude<keyof CredentialsForm, 'auth_type'>, props: InputHTMLAttributes<HTMLInputElement> = {}) => (
    <TextField
      id={`${idPrefix}-${key}`}
      name={key}
      label={t(`fields.${key}`)}
      value={value[key]}
      onChange={(e) => onChange(key, e.target.value)}
      error={errors[key] ? t(errors[key]) : undefined}
      disabled={disabled}
      required
      {...props}
    />
  );
  return (
    <>
      <div className="grid gap-3 sm:grid-cols-2">
        {field('user', { autoComplete: 'off', dir: 'ltr', spellCheck: false })}
        <div>
          <Label htmlFor={`${idPrefix}-auth_type`}>{t('fields.authType')}</Label>
          <Select
            id={`${idPrefix}-auth_type`}
            value={value.auth_type}
            onChange={(e) => onChange('auth_type', e.target.value as CredentialsForm['auth_type'])}
            disabled={disabled}
          >
            <option value="password">{t('fields.methodPassword')}</option>
            <option value="token">{t('fields.methodToken')}</option>
          </Select>
        </div>
      </div>
      {value.auth_type === 'password' ? (
        field('password', { type: 'password', autoComplete: 'new-password' })
      ) : (
        <div className="grid gap-3 sm:grid-cols-2">
          {field('token_name', { autoComplete: 'off', dir: 'ltr', spellCheck: false, placeholder: 'portal' })}
          {field('token_value', { type: 'password', autoComplete: 'off', dir: 'ltr' })}
        </div>
      )}
    </>
  );
}

/**
 * The end of a form: the server's answer to its last request (its `detail`, announced), then its button, which
 * says `pendingLabel` while the request runs. The error is `${testId}-error`.
 */
export function FormFooter({
  error,
  label,
  pendingLabel,
  isPending,
  disabled,
  onClick,
  variant,
  testId,
}: {
  error: string | null;
  label: string;
  pendingLabel?: string;
  isPending: boolean;
  disabled: boolean;
  /** Without it, the button submits the form. */
  onClick?: () => void;
  variant?: ButtonProps['variant'];
  testId: string;
}) {
  return (
    <>
      {error ? (
        <p
          role="alert"
          className="rounded-md bg-red-50 p-2 text-sm text-red-700 dark:bg-red-950/50 dark:text-red-300"
          data-testid={`${testId}-error`}
        >
          {error}
        </p>
      ) : null}
      <div className="flex justify-end">
        <Button
          type={onClick ? 'button' : 'submit'}
          variant={variant}
          onClick={onClick}
          isLoading={isPending}
          disabled={disabled}
          data-testid={testId}
        >
          {isPending && pendingLabel ? pendingLabel : label}
        </Button>
      </div>
    </>
  );
}

import { useId } from 'react';
import { FieldError, Input, Label } from '@/components/ui/input';

export const TOTP_LENGTH = 6;

/**
 * The code of a second factor: 6 digits from the authenticator app (numeric keypad, one-time-code autofill), or a
 * recovery code (`xxxxx-xxxxx`, letters and a dash).
 */
export function FactorCodeField({
  kind,
  label,
  value,
  error,
  onChange,
  testId,
}: {
  kind: 'totp' | 'recovery';
  label: string;
  value: string;
  error: string | null;
  onChange: (value: string) => void;
  testId: string;
}) {
  const id = useId();
  const isTotp = kind === 'totp';
  return (
    <div>
      <Label htmlFor={id}>{label}</Label>
      <Input
        id={id}
        type="text"
        name={isTotp ? 'totp_code' : 'recovery_code'}
        inputMode={isTotp ? 'numeric' : 'text'}
        autoComplete={isTotp ? 'one-time-code' : 'off'}
        autoCapitalize="none"
        spellCheck={false}
        pattern={isTotp ? '[0-9]*' : undefined}
        maxLength={isTotp ? TOTP_LENGTH : 32}
        required
        autoFocus
        dir="ltr"
        className={isTotp ? 'text-center font-mono text-2xl tracking-[0.5em]' : 'font-mono'}
        placeholder={isTotp ? '000000' : 'xxxxx-xxxxx'}
        value={value}
        onChange={(e) => onChange(isTotp ? e.target.value.replace(/\s/g, '').slice(0, TOTP_LENGTH) : e.target.value)}
        aria-invalid={error ? true : undefined}
        aria-describedby={error ? `${id}-error` : undefined}
        data-testid={testId}
      />
      <FieldError id={`${id}-error`} message={error ?? undefined} />
    </div>
  );
}

/** The field's own check before anything is posted: the auth namespace key of the problem, or null. */
export function factorCodeProblem(kind: 'totp' | 'recovery', value: string): string | null {
  const code = value.trim();
  if (!code) return 'validation.required';
  if (kind === 'totp') return /^\d{6}$/.test(code) ? null : 'validation.codeDigits';
  return code.length < 6 ? 'mfa.recoveryTooShort' : null;
}

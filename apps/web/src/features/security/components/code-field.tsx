import { forwardRef } from 'react';
import { FieldError, Input, Label } from '@/components/ui/input';

/** Only digits for a 6-digit code (spaces and dashes typed or pasted are dropped); a recovery code as typed. */
export const cleanCode = (value: string, kind: 'digits' | 'recovery') =>
  kind === 'digits' ? value.replace(/\D/g, '').slice(0, 6) : value.trim().slice(0, 32);

/** Whether a code looks complete enough to send. */
export const isCompleteCode = (value: string, kind: 'digits' | 'recovery') =>
  kind === 'digits' ? /^\d{6}$/.test(value) : value.trim().length >= 6;

/**
 * A one-time code's field: six digits (authenticator app, e-mailed code; the browser may fill it from an SMS or a
 * password manager) or a recovery code; its error is announced and tied to it.
 */
export const CodeField = forwardRef<
  HTMLInputElement,
  {
    id: string;
    label: string;
    kind: 'digits' | 'recovery';
    value: string;
    onChange: (value: string) => void;
    error?: string | null;
    disabled?: boolean;
    autoFocus?: boolean;
    testId: string;
  }
>(function CodeField({ id, label, kind, value, onChange, error, disabled, autoFocus, testId }, ref) {
  const errorId = `${id}-error`;
  return (
    <div>
      <Label htmlFor={id}>{label}</Label>
      <Input
        ref={ref}
        id={id}
        value={value}
        onChange={(e) => onChange(cleanCode(e.target.value, kind))}
        inputMode={kind === 'digits' ? 'numeric' : 'text'}
        autoComplete="one-time-code"
        autoCapitalize="off"
        spellCheck={false}
        dir="ltr"
        className="max-w-[14rem] font-mono tracking-widest"
        maxLength={kind === 'digits' ? 6 : 32}
        aria-invalid={error ? true : undefined}
        aria-describedby={error ? errorId : undefined}
        disabled={disabled}
        autoFocus={autoFocus}
        data-testid={testId}
      />
      <FieldError id={errorId} message={error ?? undefined} />
    </div>
  );
});

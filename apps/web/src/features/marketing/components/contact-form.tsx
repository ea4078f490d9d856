import { useId, useState, type FormEvent } from 'react';
import { Link } from 'react-router';
import { useTranslation } from 'react-i18next';
import { toast } from '@/lib/toast';
import type { CONTACT_LIMITS, ContactSubject } from '@proxai/contract';
import { FieldError, Input, Label, Select, Textarea } from '@/components/ui/input';
import { apiCall, ApiError } from '@/lib/api-client';
import { cta } from './styles';

// Type-only import of the contract: its runtime module pulls in zod, whose JIT trips the CSP (no eval) and
// weighs on this page. The compiler still holds these copies to the contract: a missing, extra or changed
// subject or limit is a type error.
const SUBJECTS: Record<ContactSubject, true> = {
  general: true,
  support: true,
  sales: true,
  demo: true,
  partnership: true,
  bug: true,
  suggestion: true,
  other: true,
};
const CONTACT_SUBJECTS = Object.keys(SUBJECTS) as ContactSubject[];
const LIMITS: typeof CONTACT_LIMITS = { name: 120, subject: 40, message: 5000, messageMin: 10 };

const EMPTY = { name: '', email: '', subject: '', message: '' };
type Field = keyof typeof EMPTY;
const isSubject = (value: string): value is ContactSubject => Object.hasOwn(SUBJECTS, value);

/** Contact form of SPEC.md §2/§8: sending state, success clears the fields, server field errors shown inline. */
export function ContactForm() {
  const { t } = useTranslation('contact');
  const id = useId();
  const [values, setValues] = useState(EMPTY);
  const [errors, setErrors] = useState<Partial<Record<Field, string>>>({});
  const [isSending, setIsSending] = useState(false);
  const [outcome, setOutcome] = useState<{ ok: boolean; text: string } | null>(null);

  const bind = (field: Field) => ({
    id: `${id}-${field}`,
    name: field,
    value: values[field],
    'aria-invalid': errors[field] ? true : undefined,
    'aria-describedby': errors[field] ? `${id}-${field}-error` : undefined,
    onChange: (e: { target: { value: string } }) => setValues((v) => ({ ...v, [field]: e.target.value })),
  });

  /** A refusal: said in a toast and below the form, each field the server (or this form) refused marked inline. */
  const refuse = (fields: Field[]) => {
    const text = t('failure');
    toast.error(text);
    setOutcome({ ok: false, text });
    setErrors(Object.fromEntries(fields.map((field) => [field, t(`invalid.${field}`)])));
  };

  async function handleSubmit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    setOutcome(null);
    setErrors({});
    const { subject } = values;
    // No subject chosen (the browser's `required` bypassed): refused here as the server would refuse it.
    if (!isSubject(subject)) return refuse(['subject']);
    setIsSending(true);
    try {
      await apiCall('POST', '/contact', { body: { ...values, subject } });
      const text = t('success');
      toast.success(text);
      setOutcome({ ok: true, text });
      setValues(EMPTY);
    } catch (err) {
      const fields = err instanceof ApiError ? (err.errors ?? []).map((e) => e.path.replace(/^body\./, '')) : [];
      refuse(fields.filter((field): field is Field => field in EMPTY));
    } finally {
      setIsSending(false);
    }
  }

  return (
    <form onSubmit={(e) => void handleSubmit(e)} className="flex flex-col gap-5" data-testid="contact-form" noValidate={false}>
      <div className="grid gap-5 sm:grid-cols-2">
        <div>
          <Label htmlFor={`${id}-name`}>{t('fields.name')}</Label>
          <Input {...bind('name')} required maxLength={LIMITS.name} autoComplete="name" />
          <FieldError id={`${id}-name-error`} message={errors.name} />
        </div>
        <div>
          <Label htmlFor={`${id}-email`}>{t('fields.email')}</Label>
          <Input {...bind('email')} type="email" required autoComplete="email" />
          <FieldError id={`${id}-email-error`} message={errors.email} />
        </div>
      </div>
      <div>
        <Label htmlFor={`${id}-subject`}>{t('fields.subject')}</Label>
        <Select {...bind('subject')} required>
          <option value="" disabled>
            {t('fields.subjectPlaceholder')}
          </option>
          {CONTACT_SUBJECTS.map((s) => (
            <option key={s} value={s}>
              {t(`subjects.${s}`)}
            </option>
          ))}
        </Select>
        <FieldError id={`${id}-subject-error`} message={errors.subject} />
      </div>
      <div>
        <Label htmlFor={`${id}-message`}>{t('fields.message')}</Label>
        <Textarea
          {...bind('message')}
          rows={6}
          required
          minLength={LIMITS.messageMin}
          maxLength={LIMITS.message}
          placeholder={t('fields.messagePlaceholder')}
        />
        <FieldError id={`${id}-message-error`} message={errors.message} />
      </div>
      <p className="text-sm text-slate-600 dark:text-slate-300">
        {t('privacy')}{' '}
        <Link to="/legal/privacy" className="font-medium text-brand-700 underline dark:text-brand-500">
          {t('privacyLink')}
        </Link>
      </p>
      <button
        type="submit"
        className={cta('solid', 'lg', 'self-start')}
        disabled={isSending}
        aria-busy={isSending || undefined}
        data-testid="contact-submit"
      >
        {isSending && (
          <span className="h-4 w-4 animate-spin rounded-full border-2 border-current border-t-transparent" aria-hidden="true" />
        )}
        {isSending ? t('sending') : t('submit')}
      </button>
      <p
        role={outcome && !outcome.ok ? 'alert' : 'status'}
        className={outcome?.ok ? 'text-sm text-emerald-700 dark:text-emerald-300' : 'text-sm text-red-700 dark:text-red-300'}
        data-testid="contact-outcome"
      >
        {outcome?.text ?? ''}
      </p>
    </form>
  );
}

import { useId, useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { toast } from '@/lib/toast';
import { isLanguage } from '@proxai/contract/languages';
import { apiCall, ApiError } from '@/lib/api-client';
import { cta } from './styles';

type Outcome = { kind: 'success' | 'already' | 'error'; text: string } | null;

/** Newsletter sign-up (SPEC.md §8 messages): 201 success, 409 already subscribed, anything else an error. */
export function NewsletterForm() {
  const { t, i18n } = useTranslation('marketing');
  const id = useId();
  const [email, setEmail] = useState('');
  const [isSending, setIsSending] = useState(false);
  const [outcome, setOutcome] = useState<Outcome>(null);

  async function handleSubmit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    setIsSending(true);
    setOutcome(null);
    try {
      const language = i18n.resolvedLanguage;
      await apiCall('POST', '/newsletter/subscribe', {
        body: { email, ...(language !== undefined && isLanguage(language) ? { language } : {}) },
      });
      const text = t('newsletter.success');
      toast.success(text);
      setOutcome({ kind: 'success', text });
      setEmail('');
    } catch (err) {
      if (err instanceof ApiError && err.status === 409) {
        const text = t('newsletter.already');
        toast.info(text);
        setOutcome({ kind: 'already', text });
      } else {
        const text = t('newsletter.error');
        toast.error(text);
        setOutcome({ kind: 'error', text });
      }
    } finally {
      setIsSending(false);
    }
  }

  return (
    <form onSubmit={(e) => void handleSubmit(e)} className="w-full max-w-md" data-testid="newsletter-form">
      <label htmlFor={`${id}-email`} className="mb-2 block text-sm font-semibold text-white">
        {t('newsletter.title')}
      </label>
      <p className="mb-3 text-sm text-slate-300">{t('newsletter.text')}</p>
      <div className="flex gap-2">
        <input
          id={`${id}-email`}
          type="email"
          required
          autoComplete="email"
          value={email}
          onChange={(e) => setEmail(e.target.value)}
          placeholder={t('newsletter.placeholder')}
          className="h-11 min-w-0 flex-1 rounded-lg border border-slate-600 bg-slate-900 px-3 text-sm text-white placeholder:text-slate-400 focus:border-brand-500 focus:outline-none focus:ring-2 focus:ring-brand-500/40"
        />
        <button type="submit" className={cta('solid', 'md')} disabled={isSending} aria-busy={isSending || undefined}>
          {t('newsletter.submit')}
        </button>
      </div>
      <p
        role={outcome?.kind === 'error' ? 'alert' : 'status'}
        className={outcome?.kind === 'error' ? 'mt-2 text-sm text-red-300' : 'mt-2 text-sm text-emerald-300'}
        data-testid="newsletter-message"
      >
        {outcome?.text ?? ''}
      </p>
    </form>
  );
}

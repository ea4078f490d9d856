import { useTranslation } from 'react-i18next';
import { Clock, Mail, MonitorPlay } from 'lucide-react';
import { ContactForm } from '../components/contact-form';
import { PublicLayout } from '../components/public-layout';
import { MUTED, SECTION } from '../components/styles';
import { i18n } from '@/lib/i18n';

// Fetch this page's strings as soon as its code arrives, in parallel, rather than when it first renders.
void i18n.loadNamespaces(['contact', 'marketing']);

const CARDS = [
  { key: 'email', Icon: Mail },
  { key: 'support', Icon: Clock },
  { key: 'demo', Icon: MonitorPlay },
] as const;

export function ContactPage() {
  const { t } = useTranslation('contact');
  return (
    <PublicLayout backLink>
      <section className={`${SECTION} py-12`} aria-labelledby="contact-title">
        <h1 id="contact-title" className="text-4xl font-extrabold tracking-tight">
          {t('title')}
        </h1>
        <p className={`mt-3 max-w-2xl text-lg ${MUTED}`}>{t('subtitle')}</p>
      </section>
      <div className={`${SECTION} grid gap-10 pb-20 lg:grid-cols-[1fr_320px]`}>
        <section
          aria-labelledby="contact-form-title"
          className="rounded-3xl border border-slate-200 p-6 sm:p-8 dark:border-slate-800"
        >
          <h2 id="contact-form-title" className="mb-6 text-xl font-semibold">
            {t('formTitle')}
          </h2>
          <ContactForm />
        </section>
        <aside aria-label={t('infoLabel')} className="flex flex-col gap-4">
          {CARDS.map(({ key, Icon }) => (
            <div
              key={key}
              className="rounded-2xl border border-slate-200 bg-slate-50 p-5 dark:border-slate-800 dark:bg-slate-900"
              data-testid={`contact-card-${key}`}
            >
              <Icon className="h-6 w-6 text-brand-700 dark:text-brand-500" aria-hidden="true" />
              <h2 className="mt-3 font-semibold">{t(`cards.${key}.title`)}</h2>
              <p className={`mt-1 text-sm ${MUTED}`}>{t(`cards.${key}.text`)}</p>
              <p className="mt-2 text-sm font-medium">{t(`cards.${key}.detail`)}</p>
            </div>
          ))}
        </aside>
      </div>
    </PublicLayout>
  );
}

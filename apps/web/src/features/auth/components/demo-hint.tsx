import { Info } from 'lucide-react';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { getDemoEmail } from '../api/get-demo';

/** On a portal running its demo, says which account opens it and where its sign-in code appears. */
export function DemoHint() {
  const { t } = useTranslation('auth');
  const [email, setEmail] = useState<string | null>(null);
  useEffect(() => {
    const controller = new AbortController();
    void getDemoEmail(controller.signal).then(setEmail);
    return () => controller.abort();
  }, []);
  if (!email) return null;
  return (
    <p
      className="mt-4 flex gap-2 rounded-lg border border-sky-200 bg-sky-50 p-3 text-sm text-sky-900 dark:border-sky-900 dark:bg-sky-950 dark:text-sky-100"
      data-testid="demo-hint"
    >
      <Info className="mt-0.5 h-4 w-4 shrink-0" aria-hidden="true" />
      <span>
        {t('options.demoHint', { email })}{' '}
        <bdi dir="ltr" className="font-mono">
          /api/dev/outbox
        </bdi>
      </span>
    </p>
  );
}

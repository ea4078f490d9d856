import { useTranslation } from 'react-i18next';

export function SkipLink() {
  const { t } = useTranslation('common');
  return (
    <a
      href="#main"
      className="sr-only z-50 rounded-md bg-white px-4 py-2 text-slate-900 shadow focus:not-sr-only focus:fixed focus:start-4 focus:top-4"
    >
      {t('skipToContent')}
    </a>
  );
}

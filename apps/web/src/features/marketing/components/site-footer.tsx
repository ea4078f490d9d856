import { Link } from 'react-router';
import { useTranslation } from 'react-i18next';
import { NewsletterForm } from './newsletter-form';

/** Every footer link of SPEC.md §2, grouped; '#pricing' is the landing page's pricing section. */
export const FOOTER_GROUPS = [
  {
    key: 'product',
    links: [
      { to: '/product', key: 'product' },
      { to: '/why-proxai', key: 'why' },
      { to: '/technologies', key: 'technologies' },
      { to: '/install', key: 'install' },
      { to: '/#pricing', key: 'pricingSection' },
      { to: '/pricing', key: 'pricing' },
    ],
  },
  {
    key: 'resources',
    links: [
      { to: '/migration-vmware', key: 'migration' },
      { to: '/use-cases', key: 'useCases' },
      { to: '/blog', key: 'blog' },
      { to: '/about', key: 'about' },
      { to: '/contact', key: 'contact' },
    ],
  },
  {
    key: 'legal',
    links: [
      { to: '/legal/privacy', key: 'privacy' },
      { to: '/legal/mentions', key: 'mentions' },
      { to: '/legal/cgv', key: 'cgv' },
    ],
  },
] as const;

export function SiteFooter() {
  const { t } = useTranslation('marketing');
  return (
    <footer className="bg-slate-950 text-slate-300" data-testid="site-footer">
      <div className="mx-auto grid max-w-6xl gap-10 px-4 py-12 sm:px-6 lg:grid-cols-[1.3fr_2fr]">
        <div className="flex flex-col gap-6">
          <p className="text-lg font-bold text-white">
            Prox<span className="text-brand-500">AI</span>
          </p>
          <p className="max-w-sm text-sm text-slate-300">{t('footer.tagline')}</p>
          <NewsletterForm />
        </div>
        <nav aria-label={t('footer.label')} className="grid grid-cols-2 gap-8 sm:grid-cols-3">
          {FOOTER_GROUPS.map((g) => (
            <div key={g.key}>
              <h2 className="mb-3 text-sm font-semibold uppercase tracking-wide text-white">{t(`footer.groups.${g.key}`)}</h2>
              <ul className="flex flex-col gap-2">
                {g.links.map((l) => (
                  <li key={l.to}>
                    <Link to={l.to} className="text-sm text-slate-300 hover:text-white hover:underline">
                      {t(`footer.links.${l.key}`)}
                    </Link>
                  </li>
                ))}
              </ul>
            </div>
          ))}
        </nav>
      </div>
      <div className="border-t border-slate-800">
        <p className="mx-auto max-w-6xl px-4 py-5 text-xs text-slate-400 sm:px-6">{t('footer.copyright', { year: 2025 })}</p>
      </div>
    </footer>
  );
}

import { useState } from 'react';
import { Link, NavLink } from 'react-router';
import { useTranslation } from 'react-i18next';
import { Menu, X } from 'lucide-react';
import { LanguageSelect } from '@/components/language-select';
import { ThemeToggle } from '@/components/theme-toggle';
import { cn } from '@/components/ui/cn';
import { Logo } from './logo';
import { cta } from './styles';

/** The second site navigation of SPEC.md §2, in its order. */
export const SITE_NAV_LINKS = [
  { to: '/product', key: 'product' },
  { to: '/pricing', key: 'pricing' },
  { to: '/marketplace', key: 'marketplace' },
  { to: '/migration-vmware', key: 'migration' },
  { to: '/install', key: 'docs' },
  { to: '/why-proxai', key: 'why' },
  { to: '/contact', key: 'contact' },
] as const;

function linkClass({ isActive }: { isActive: boolean }) {
  return cn(
    'whitespace-nowrap rounded-md px-2.5 py-2 text-sm font-medium transition-colors',
    isActive
      ? 'bg-brand-50 text-brand-700 dark:bg-slate-800 dark:text-brand-500'
      : 'text-slate-700 hover:bg-slate-100 hover:text-slate-900 dark:text-slate-200 dark:hover:bg-slate-800',
  );
}

/** Site navigation of the public pages: the current path is highlighted (aria-current), burger on small screens. */
export function SiteNav() {
  const { t } = useTranslation('marketing');
  const [isOpen, setIsOpen] = useState(false);
  return (
    <header className="sticky top-0 z-30 border-b border-slate-200 bg-white/90 backdrop-blur dark:border-slate-800 dark:bg-slate-950/90">
      <nav aria-label={t('nav.label')} className="mx-auto flex h-16 max-w-7xl items-center justify-between gap-3 px-4 sm:px-6">
        <Logo />
        <ul className="hidden items-center gap-0.5 xl:flex">
          {SITE_NAV_LINKS.map((l) => (
            <li key={l.to}>
              <NavLink to={l.to} className={linkClass}>
                {t(`nav.${l.key}`)}
              </NavLink>
            </li>
          ))}
        </ul>
        <div className="hidden items-center gap-2 xl:flex">
          <LanguageSelect />
          <ThemeToggle />
          <Link to="/auth" className={cta('solid', 'sm')}>
            {t('nav.login')}
          </Link>
        </div>
        <button
          type="button"
          className="inline-flex h-10 w-10 items-center justify-center rounded-lg text-slate-700 hover:bg-slate-100 xl:hidden dark:text-slate-200 dark:hover:bg-slate-800"
          aria-expanded={isOpen}
          aria-controls="site-menu"
          aria-label={isOpen ? t('nav.closeMenu') : t('nav.openMenu')}
          onClick={() => setIsOpen((v) => !v)}
          data-testid="site-burger"
        >
          {isOpen ? <X className="h-6 w-6" aria-hidden="true" /> : <Menu className="h-6 w-6" aria-hidden="true" />}
        </button>
      </nav>
      {isOpen && (
        <div id="site-menu" className="border-t border-slate-200 px-4 pb-4 xl:hidden dark:border-slate-800">
          <ul className="flex flex-col gap-1 pt-2">
            {SITE_NAV_LINKS.map((l) => (
              <li key={l.to}>
                <NavLink to={l.to} className={(s) => cn(linkClass(s), 'block')} onClick={() => setIsOpen(false)}>
                  {t(`nav.${l.key}`)}
                </NavLink>
              </li>
            ))}
          </ul>
          <div className="mt-3 flex flex-wrap items-center gap-2">
            <LanguageSelect />
            <ThemeToggle />
            <Link to="/auth" className={cta('solid', 'sm')} onClick={() => setIsOpen(false)}>
              {t('nav.login')}
            </Link>
          </div>
        </div>
      )}
    </header>
  );
}

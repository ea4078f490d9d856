import { useEffect, useState } from 'react';
import { Link } from 'react-router';
import { useTranslation } from 'react-i18next';
import { Menu, X } from 'lucide-react';
import { LanguageSelect } from '@/components/language-select';
import { ThemeToggle } from '@/components/theme-toggle';
import { cn } from '@/components/ui/cn';
import { Logo } from './logo';
import { cta } from './styles';

/** SPEC.md §9: the landing bar turns translucent once the page is scrolled past 50 px. */
export const SCROLL_THRESHOLD_PX = 50;

const LINK =
  'rounded-md px-3 py-2 text-sm font-medium text-slate-700 hover:bg-slate-100 dark:text-slate-200 dark:hover:bg-slate-800';

function useIsScrolled(threshold: number): boolean {
  const [isScrolled, setIsScrolled] = useState(false);
  useEffect(() => {
    const update = () => setIsScrolled(window.scrollY > threshold);
    update();
    window.addEventListener('scroll', update, { passive: true });
    return () => window.removeEventListener('scroll', update);
  }, [threshold]);
  return isScrolled;
}

function Links({ onNavigate }: { onNavigate?: () => void }) {
  const { t } = useTranslation('marketing');
  return (
    <>
      <li>
        <Link to="/product" className={LINK} onClick={onNavigate}>
          {t('nav.product')}
        </Link>
      </li>
      <li>
        <a href="#pricing" className={LINK} onClick={onNavigate}>
          {t('nav.pricing')}
        </a>
      </li>
      <li>
        <Link to="/install" className={LINK} onClick={onNavigate}>
          {t('nav.docs')}
        </Link>
      </li>
      <li>
        <Link to="/why-proxai" className={LINK} onClick={onNavigate}>
          {t('nav.why')}
        </Link>
      </li>
    </>
  );
}

/** The landing page's own fixed top bar (SPEC.md §2). */
export function LandingTopBar() {
  const { t } = useTranslation('marketing');
  const isScrolled = useIsScrolled(SCROLL_THRESHOLD_PX);
  const [isOpen, setIsOpen] = useState(false);
  return (
    <header
      data-testid="landing-topbar"
      data-scrolled={isScrolled}
      className={cn(
        'fixed inset-x-0 top-0 z-30 transition-colors duration-300',
        isScrolled || isOpen
          ? 'border-b border-slate-200/70 bg-white/75 shadow-sm backdrop-blur-md dark:border-slate-800/70 dark:bg-slate-950/75'
          : 'bg-white dark:bg-slate-950',
      )}
    >
      <nav aria-label={t('nav.label')} className="mx-auto flex h-16 max-w-6xl items-center justify-between gap-4 px-4 sm:px-6">
        <Logo />
        <ul className="hidden items-center gap-1 md:flex">
          <Links />
        </ul>
        <div className="hidden items-center gap-2 md:flex">
          <LanguageSelect />
          <ThemeToggle />
          <Link to="/auth" className={cta('solid', 'sm')}>
            {t('nav.login')}
          </Link>
        </div>
        <button
          type="button"
          className="inline-flex h-10 w-10 items-center justify-center rounded-lg text-slate-700 hover:bg-slate-100 md:hidden dark:text-slate-200 dark:hover:bg-slate-800"
          aria-expanded={isOpen}
          aria-controls="landing-menu"
          aria-label={isOpen ? t('nav.closeMenu') : t('nav.openMenu')}
          onClick={() => setIsOpen((v) => !v)}
        >
          {isOpen ? <X className="h-6 w-6" aria-hidden="true" /> : <Menu className="h-6 w-6" aria-hidden="true" />}
        </button>
      </nav>
      {isOpen && (
        <div id="landing-menu" className="px-4 pb-4 md:hidden">
          <ul className="flex flex-col gap-1 [&_a]:block">
            <Links onNavigate={() => setIsOpen(false)} />
          </ul>
          <div className="mt-3 flex flex-wrap items-center gap-2">
            <LanguageSelect />
            <ThemeToggle />
            <Link to="/auth" className={cta('solid', 'sm')}>
              {t('nav.login')}
            </Link>
          </div>
        </div>
      )}
    </header>
  );
}

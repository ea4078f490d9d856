import { useEffect } from 'react';
import { useLocation } from 'react-router';
import { CursorGlow } from '../components/cursor-glow';
import { LandingHero } from '../components/landing-hero';
import { LandingPricing } from '../components/landing-pricing';
import { ClosingCta, FeaturesSection, MigrationSection, PillarsSection, ScreenshotSection } from '../components/landing-sections';
import { LandingTopBar } from '../components/landing-top-bar';
import { SiteFooter } from '../components/site-footer';
import { SkipLink } from '../components/skip-link';
import { i18n } from '@/lib/i18n';

// Fetch this page's strings as soon as its code arrives, in parallel, rather than when it first renders.
void i18n.loadNamespaces(['marketing']);

/** Arriving on /#pricing (footer link from another page): scroll to the section once it is rendered. */
function useScrollToHash() {
  const { hash } = useLocation();
  useEffect(() => {
    if (!hash) return;
    document.getElementById(decodeURIComponent(hash.slice(1)))?.scrollIntoView({ block: 'start' });
  }, [hash]);
}

export function LandingPage() {
  useScrollToHash();
  return (
    <div className="relative min-h-screen overflow-x-clip bg-white text-slate-900 dark:bg-slate-950 dark:text-slate-100">
      <SkipLink />
      <CursorGlow />
      <LandingTopBar />
      <main id="main" tabIndex={-1} className="relative z-10">
        <LandingHero />
        <PillarsSection />
        <ScreenshotSection />
        <MigrationSection />
        <FeaturesSection />
        <LandingPricing />
        <ClosingCta />
      </main>
      <div className="relative z-10">
        <SiteFooter />
      </div>
    </div>
  );
}

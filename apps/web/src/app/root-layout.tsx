import { Suspense, useEffect } from 'react';
import { Outlet, useLocation } from 'react-router';

/** Scrolls to the top on every path change (SPEC.md §2); hash links keep their own scrolling. */
function ScrollToTop() {
  const { pathname } = useLocation();
  useEffect(() => {
    window.scrollTo(0, 0);
  }, [pathname]);
  return null;
}

export function PageFallback() {
  return (
    <div className="flex min-h-screen items-center justify-center" role="status" aria-live="polite">
      <span className="h-8 w-8 animate-spin rounded-full border-4 border-brand-600 border-t-transparent" />
      <span className="sr-only">Loading…</span>
    </div>
  );
}

export function RootLayout() {
  return (
    <>
      <ScrollToTop />
      <Suspense fallback={<PageFallback />}>
        <Outlet />
      </Suspense>
    </>
  );
}

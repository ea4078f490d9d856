import { lazy, Suspense, useEffect, useState, type ReactNode } from 'react';
import { ThemeProvider, useTheme } from '@/lib/theme';
import { loadSonner, whenSonnerWanted } from '@/lib/toast';

const Toaster = lazy(() => loadSonner().then((m) => ({ default: m.Toaster })));

/** How long after the first render sonner is loaded at the latest when nothing asked for it before. */
const IDLE_TIMEOUT_MS = 2000;

function ThemedToaster() {
  const { theme } = useTheme();
  const [wanted, setWanted] = useState(false);
  useEffect(() => whenSonnerWanted(() => setWanted(true)), []);
  useEffect(() => {
    // Loaded when the page is idle (or at the first toast, above): the first render does not wait for it.
    const load = () => void loadSonner();
    if (typeof window.requestIdleCallback === 'function') {
      const id = window.requestIdleCallback(load, { timeout: IDLE_TIMEOUT_MS });
      return () => window.cancelIdleCallback(id);
    }
    const id = window.setTimeout(load, 200);
    return () => window.clearTimeout(id);
  }, []);
  if (!wanted) return null;
  // SPEC.md §9: sonner's defaults (3 visible, 4000 ms, 356 px, gap 14, Alt+T), placed top-right, below the header
  // bar: a toast never covers the account controls (sonner holds a toast while the pointer rests on it).
  return (
    <Suspense fallback={null}>
      <Toaster position="top-right" theme={theme} richColors closeButton offset={TOAST_OFFSET} mobileOffset={TOAST_OFFSET} />
    </Suspense>
  );
}

/** Below the signed-in pages' header bar (app-nav.tsx), which wraps to two rows on narrow screens. */
const TOAST_OFFSET = { top: 88, right: 16 };

export function AppProviders({ children }: { children: ReactNode }) {
  return (
    <ThemeProvider>
      {children}
      <ThemedToaster />
    </ThemeProvider>
  );
}

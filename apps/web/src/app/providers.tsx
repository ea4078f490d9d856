import type { ReactNode } from 'react';
import { Toaster } from 'sonner';
import { ThemeProvider, useTheme } from '@/lib/theme';

function ThemedToaster() {
  const { theme } = useTheme();
  // SPEC.md §9: sonner's defaults (3 visible, 4000 ms, 356 px, gap 14, Alt+T), placed top-right.
  return <Toaster position="top-right" theme={theme} richColors closeButton />;
}

export function AppProviders({ children }: { children: ReactNode }) {
  return (
    <ThemeProvider>
      {children}
      <ThemedToaster />
    </ThemeProvider>
  );
}

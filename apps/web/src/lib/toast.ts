import type * as SonnerModule from 'sonner';
import type { ExternalToast } from 'sonner';

// sonner (33 KB, and a stylesheet it inserts when it loads) is not part of the first render: its module is
// loaded once the page is idle, or at the first toast if that comes sooner. Toasts raised before its
// <Toaster> is mounted are kept by sonner and shown when it mounts.

type Sonner = typeof SonnerModule;

let loading: Promise<Sonner> | undefined;
const waiting = new Set<() => void>();

/** Loads sonner once; the app's <Toaster> (app/providers.tsx) mounts when this is first asked for. */
export function loadSonner(): Promise<Sonner> {
  if (!loading) {
    loading = import('sonner');
    for (const wake of waiting) wake();
    waiting.clear();
  }
  return loading;
}

/** Calls `wake` once sonner is wanted (at once when it already is); returns a function that cancels. */
export function whenSonnerWanted(wake: () => void): () => void {
  if (loading) {
    wake();
    return () => {};
  }
  waiting.add(wake);
  return () => waiting.delete(wake);
}

const show =
  (kind: 'success' | 'error' | 'info') =>
  (message: string, data?: ExternalToast): void => {
    void loadSonner().then(({ toast }) => toast[kind](message, data));
  };

/** The three kinds of toast the app raises (SPEC.md §8), with sonner's own options. */
export const toast = { success: show('success'), error: show('error'), info: show('info') };

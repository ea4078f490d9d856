import { useMemo, useRef } from 'react';

/**
 * Gives focus back to what had it when a dialog opened (ui/dialog has no trigger to return to): `remember` as it
 * opens, `restore` once it closes (a tick later, after the dialog's focus trap is gone).
 */
export function useFocusReturn() {
  const origin = useRef<HTMLElement | null>(null);
  return useMemo(
    () => ({
      remember() {
        origin.current = document.activeElement instanceof HTMLElement ? document.activeElement : null;
      },
      restore(fallback?: HTMLElement | null) {
        const target = origin.current?.isConnected ? origin.current : fallback;
        origin.current = null;
        setTimeout(() => target?.focus());
      },
    }),
    [],
  );
}

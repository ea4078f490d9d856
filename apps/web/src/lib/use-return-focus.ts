import { useLayoutEffect, useRef, type RefObject } from 'react';

/**
 * ui/dialog has no trigger to give focus back to: while `open`, remembers what had the focus when it opened, and once
 * the dialog is gone (a tick later, after Radix's focus trap) puts it back there, or on `fallback` when that element
 * left the page (a removed row, say).
 */
export function useReturnFocus(open: boolean, fallback: RefObject<HTMLElement | null>): void {
  const opener = useRef<HTMLElement | null>(null);
  const wasOpen = useRef(false);
  // A layout effect: it runs before the dialog's focus trap (a passive effect) has moved the focus inside.
  useLayoutEffect(() => {
    if (open) {
      if (!wasOpen.current && document.activeElement instanceof HTMLElement) opener.current = document.activeElement;
      wasOpen.current = true;
      return;
    }
    if (!wasOpen.current) return;
    wasOpen.current = false;
    const timer = setTimeout(() => {
      const target = opener.current?.isConnected ? opener.current : fallback.current;
      target?.focus();
    });
    return () => clearTimeout(timer);
  }, [open, fallback]);
}

import { lazy, Suspense, useEffect, useState } from 'react';
import { whenIdle } from '@/lib/idle';

// The bell (its code, its 'alerts' strings, its first read of the count) loads once the page is idle: this module
// is all the signed-in pages' first render pays for it.
const AlertsBell = lazy(async () => ({ default: (await import('./components/alerts-bell')).AlertsBell }));

/** The alerts bell's entry point, mounted by the protected layout: nothing until the browser is idle. */
export function AlertsEntry() {
  const [isStarted, setIsStarted] = useState(false);
  useEffect(() => whenIdle(() => setIsStarted(true)), []);
  if (!isStarted) return null;
  return (
    <Suspense fallback={null}>
      <AlertsBell />
    </Suspense>
  );
}

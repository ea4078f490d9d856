import { createContext, lazy, Suspense, use, useEffect, useState, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { HostToolsContext, type HostToolsSlotProps } from '@/features/dashboard/components/host-card';
import { whenIdle } from '@/lib/idle';

// The hosts feature's tools (edit a host, its permissions) on the dashboard's host cards. Composed here, since
// features never import each other. Their code and their strings (the `hosts` namespace) load side by side once the
// browser is idle after the page's first render, and the tools mount when both are in. Mounted in the first render
// instead, each card's tools asked for their chunk while the first guest rows were being laid out, then suspended a
// second time for their strings.
const loadHostTools = () => import('@/features/hosts/components/host-tools');
const HostTools = lazy(async () => ({ default: (await loadHostTools()).HostTools }));

/** Whether the tools may mount: a context of its own, so that only the slots render when it turns on, not the cards. */
const IsStarted = createContext(false);

function HostToolsSlot(props: HostToolsSlotProps) {
  if (!use(IsStarted)) return null;
  return (
    <Suspense fallback={null}>
      <HostTools {...props} />
    </Suspense>
  );
}

export function WithHostTools({ children }: { children: ReactNode }) {
  const { i18n } = useTranslation();
  const [isStarted, setIsStarted] = useState(false);
  useEffect(() => {
    let isActive = true;
    const start = () => {
      if (isActive) setIsStarted(true);
    };
    // After a failed load the tools mount all the same: their lazy component then fails as it always did.
    const cancel = whenIdle(() => void Promise.all([loadHostTools(), i18n.loadNamespaces('hosts')]).then(start, start));
    return () => {
      isActive = false;
      cancel();
    };
  }, [i18n]);
  return (
    <HostToolsContext value={HostToolsSlot}>
      <IsStarted value={isStarted}>{children}</IsStarted>
    </HostToolsContext>
  );
}

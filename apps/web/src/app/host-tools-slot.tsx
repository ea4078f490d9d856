import { lazy, Suspense, type ReactNode } from 'react';
import { HostToolsContext, type HostToolsSlotProps } from '@/features/dashboard/components/host-card';

// The hosts feature's tools (edit a host, its permissions) on the dashboard's host cards. Composed here, since
// features never import each other; loaded after the page, so the first guest rows never wait for them.
const HostTools = lazy(async () => ({ default: (await import('@/features/hosts/components/host-tools')).HostTools }));

function HostToolsSlot(props: HostToolsSlotProps) {
  return (
    <Suspense fallback={null}>
      <HostTools {...props} />
    </Suspense>
  );
}

export function WithHostTools({ children }: { children: ReactNode }) {
  return <HostToolsContext value={HostToolsSlot}>{children}</HostToolsContext>;
}

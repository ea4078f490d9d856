import { lazy, useEffect, useState, type ReactNode } from 'react';
import { FleetOverviewContext } from '@/features/dashboard/components/fleet-overview-slot';
import { whenIdle } from '@/lib/idle';

// The monitoring feature's fleet overview on the dashboard. Composed here, since features never import each other;
// loaded once the browser is idle, so the first guest rows never wait for it (and it carries no chart library).
const FleetOverview = lazy(async () => ({
  default: (await import('@/features/monitoring/components/fleet-overview')).FleetOverview,
}));

export function WithFleetOverview({ children }: { children: ReactNode }) {
  const [isStarted, setIsStarted] = useState(false);
  useEffect(() => whenIdle(() => setIsStarted(true)), []);
  return <FleetOverviewContext value={isStarted ? FleetOverview : null}>{children}</FleetOverviewContext>;
}

import { createContext, Suspense, use, type ComponentType } from 'react';

/**
 * The fleet overview (top consumers, storage filling up) shown on the dashboard from outside it: features never
 * import each other, so src/app provides the component here (features/monitoring). Its code and strings load
 * lazily; a Suspense boundary keeps the rest of the page shown meanwhile.
 */
export const FleetOverviewContext = createContext<ComponentType | null>(null);

export function FleetOverviewSlot() {
  const Overview = use(FleetOverviewContext);
  if (!Overview) return null;
  return (
    <Suspense fallback={null}>
      <Overview />
    </Suspense>
  );
}

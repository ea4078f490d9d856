import { AsyncLocalStorage } from 'node:async_hooks';

/**
 * The time a simulated node answers at: its fleet's (StartFleetOptions.now), so that a test moves the fleet's minutes
 * (counters, uptimes, rrddata, tasks' times) together with the portal's clock instead of waiting for them. Each node
 * runs its requests on its fleet's time (PveApp); what a request starts, a task's end included, keeps it. Code that
 * runs outside a request (building a node, a test arranging state) passes its time explicitly.
 */
const fleetTime = new AsyncLocalStorage<() => number>();

/** Runs `fn` on the time `now` (epoch ms). */
export function onFleetTime<T>(now: () => number, fn: () => T): T {
  return fleetTime.run(now, fn);
}

/** The current request's fleet time in epoch ms; the real time outside a request. */
export function simNowMs(): number {
  return (fleetTime.getStore() ?? Date.now)();
}

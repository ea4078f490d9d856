import type { Selector, Weekday } from '@proxai/contract';
import type { Db } from '../../db/client';
import { selectGuests } from '../schedules/schedules.repository';
import { isInWindow, type WindowSpec } from '../schedules/window-logic';
import { windowsWithSelectors } from './alerts.repository';

/**
 * Which hosts a maintenance window covers (no alert of any kind for a covered host while its window is open).
 * Windows have no host list of their own; they are where schedules run. So a window covers the hosts its
 * schedules work on: the hosts of the guests each tied schedule's selector picks, and the hosts a selector names.
 * A window no schedule uses is a plain "we are working on the fleet" window: it covers every host of the
 * organisation.
 */

export interface MaintenanceCover {
  covers(hostId: string, at: Date): boolean;
}

export interface CoverWindow {
  spec: WindowSpec;
  /** 'all', or the hosts it covers. */
  hosts: 'all' | ReadonlySet<string>;
}

/** Pure: whether any window open at `at` covers the host. */
export const coversHost = (windows: readonly CoverWindow[], hostId: string, at: Date): boolean =>
  windows.some((w) => (w.hosts === 'all' || w.hosts.has(hostId)) && isInWindow(w.spec, at));

export async function maintenanceCover(db: Db, organisationId: string): Promise<MaintenanceCover> {
  const windows: CoverWindow[] = [];
  for (const { window, selectors } of await windowsWithSelectors(db, organisationId)) {
    const spec: WindowSpec = {
      days: window.days as Weekday[],
      start: window.start,
      durationMinutes: window.durationMinutes,
      timezone: window.timezone,
    };
    if (selectors.length === 0) {
      windows.push({ spec, hosts: 'all' });
      continue;
    }
    const hosts = new Set<string>();
    for (const raw of selectors) {
      const selector = raw as Selector;
      for (const id of selector.host_ids ?? []) hosts.add(id);
      for (const g of await selectGuests(db, organisationId, selector)) hosts.add(g.hostId);
    }
    windows.push({ spec, hosts });
  }
  return { covers: (hostId, at) => coversHost(windows, hostId, at) };
}

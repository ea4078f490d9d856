// Test helpers of the backup integration tests (not shipped code paths).
import { afterAll, beforeAll } from 'vitest';
import type { Fleet, FleetSpec, SimNodeInfo } from '@proxai/pve-sim';
import type { Clock } from '../../jobs/clock';
import { readyGuests } from '../guests/guests.testing';
import { startHostsTestbed, type HostsTestbed } from '../hosts/hosts-testbed.testing';
import { pbsTokenBody, tokenBody } from '../hosts/hosts.testing';

/** A testbed whose fleet's PBS is added too (POST /api/hosts, type pbs): its host id in `pbsHostId`. */
export type BackupTestbed = HostsTestbed & { pbsHostId: string };

/**
 * For a describe block: the fleet of `spec` with ready guests (readyGuests, then `beforeAdd`), each node added
 * (`addBody`, default its full token) and the fleet's PBS added; the app on a fresh `kind` database. Filled in
 * once started, closed after the block.
 */
export function useBackupTestbed(
  kind: 'pglite' | 'postgres',
  spec: FleetSpec,
  options: {
    beforeAdd?: (fleet: Fleet) => void;
    addBody?: (node: SimNodeInfo, index: number) => Record<string, unknown>;
    /** The background work's clock: a test that refreshes and polls by itself stops it (manualClock). */
    clock?: Clock;
  } = {},
): BackupTestbed {
  const bed = {} as BackupTestbed;
  let started: HostsTestbed | undefined;
  beforeAll(async () => {
    started = await startHostsTestbed({
      spec,
      taskDurationMs: 40,
      database: kind,
      env: { PVE_TIMEOUT_MS: '5000' },
      ...(options.clock ? { clock: options.clock } : {}),
      beforeAdd: (fleet) => {
        readyGuests(fleet);
        options.beforeAdd?.(fleet);
      },
      addBody: options.addBody ?? ((n) => tokenBody(n)),
    });
    const res = await started.t.app.inject({
      method: 'POST',
      url: '/api/hosts',
      headers: started.owner.auth,
      payload: pbsTokenBody(started.fleet.pbs!),
    });
    if (res.statusCode !== 201) throw new Error(`adding the PBS: ${res.statusCode} ${res.body}`);
    Object.assign(bed, started, { pbsHostId: res.json<{ id: string }>().id });
  });
  afterAll(async () => {
    await started?.close();
  });
  return bed;
}

import type { PbsDatastoreUsage, PbsGcStatus, PbsTaskListItem } from '@proxai/pve-client';
import { describe, expect, it } from 'vitest';
import { gcOf } from './pbs-page';

const FIGURES = {
  'index-file-count': 4,
  'index-data-bytes': 100,
  'disk-bytes': 50,
  'disk-chunks': 3,
  'removed-bytes': 7,
  'removed-chunks': 1,
  'pending-bytes': 2,
  'pending-chunks': 1,
  'removed-bad': 0,
  'still-bad': 0,
};
const USAGE: PbsDatastoreUsage = { store: 'store1', total: 10, used: 5, avail: 5 };
const UPID = 'UPID:pbs:000003D5:00000F3A:00000029:64EA1D90:garbage_collection:store1:root@pam:';

describe("a datastore's last garbage collection", () => {
  it('PBS ≥ 3.3: from the GC job status', () => {
    const status: PbsGcStatus = {
      ...FIGURES,
      upid: UPID,
      store: 'store1',
      schedule: 'daily',
      'last-run-state': 'OK',
      'last-run-endtime': 1_700_000_000,
      'last-run-upid': UPID,
    };
    expect(gcOf(status, USAGE, undefined)).toEqual({
      last_run_at: '2023-11-14T22:13:20.000Z',
      state: 'OK',
      removed_bytes: 7,
      pending_bytes: 2,
      upid: UPID,
    });
  });

  it('PBS 3.2: the figures, and how it ended from its newest finished task', () => {
    const task: PbsTaskListItem = {
      upid: UPID,
      node: 'pbs',
      pid: 981,
      pstart: 3898,
      starttime: 1_692_999_056,
      endtime: 1_693_001_201,
      worker_type: 'garbage_collection',
      worker_id: 'store1',
      user: 'root@pam',
      status: 'WARNINGS: 2',
    };
    expect(gcOf({ ...FIGURES, upid: UPID }, USAGE, task)).toMatchObject({
      last_run_at: new Date(1_693_001_201_000).toISOString(),
      state: 'WARNINGS: 2',
      removed_bytes: 7,
    });
  });

  it('unreadable GC status: what the usage says (its start from the UPID); never run: null', () => {
    const usage = { ...USAGE, 'gc-status': { upid: UPID, 'removed-bytes': 9, 'pending-bytes': 0 } };
    expect(gcOf(undefined, usage, undefined)).toEqual({
      last_run_at: new Date(0x64ea1d90 * 1000).toISOString(),
      state: null,
      removed_bytes: 9,
      pending_bytes: 0,
      upid: UPID,
    });
    expect(gcOf(undefined, USAGE, undefined)).toBeNull();
  });
});

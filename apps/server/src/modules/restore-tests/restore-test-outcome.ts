import { emitEvent } from '../../events/outbox';
import type { JobDeps } from '../../jobs/pve-task';
import { hasLeftover } from './cleanup';
import { buildEvidence, type RunRecord } from './evidence';
import { evidenceKeyFor } from './evidence-key';
import { updateRestoreTest, type RestoreTestRow } from './restore-tests.repository';

export interface RunEnd {
  status: 'passed' | 'failed' | 'skipped';
  reason: string | null;
  rtoSeconds: number | null;
}

/**
 * Writes how a run ended: its signed evidence and outcome with restore_test.ended (and restore_test.leftover
 * when the copy stayed), in one transaction.
 */
export async function saveOutcome(deps: JobDeps, row: RestoreTestRow, record: RunRecord, end: RunEnd): Promise<void> {
  const { status, reason, rtoSeconds } = end;
  const at = new Date();
  const evidence = buildEvidence(row, record, { ...end, at }, evidenceKeyFor(deps.config, deps.log));
  const { cleanup } = record;
  await deps.db.transaction(async (tx) => {
    await updateRestoreTest(tx, row.id, {
      status,
      reason,
      rtoSeconds,
      timings: record.timings,
      results: record.results,
      evidence,
      endedAt: at,
    });
    if (row.guestId)
      await emitEvent(tx, row.organisationId, 'restore_test.ended', {
        restore_test_id: row.id,
        guest_id: row.guestId,
        name: row.guestName,
        status,
        rto_seconds: rtoSeconds,
        reason,
      });
    if (hasLeftover(cleanup) && row.hostId && row.restoredVmid !== null)
      await emitEvent(tx, row.organisationId, 'restore_test.leftover', {
        restore_test_id: row.id,
        host_id: row.hostId,
        node: row.targetNode,
        vmid: row.restoredVmid,
        detail: cleanup.detail,
      });
  });
}

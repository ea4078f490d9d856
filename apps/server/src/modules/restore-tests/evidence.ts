import { EVIDENCE_FORMAT, type ProbeResult, type RestoreTestEvidence, type RestoreTestTimings } from '@proxai/contract';
import type { CleanupProof } from './cleanup';
import type { EvidenceKey } from './evidence-key';
import { signEvidence } from './evidence-signing';
import type { PreflightFacts } from './restore-steps';
import type { RestoreTestRow } from './restore-tests.repository';

/** What a run knows when it ends, beyond its row: the evidence's sections. */
export interface RunRecord {
  hostName: string;
  /** The tested guest's node. */
  node: string;
  preflight: PreflightFacts;
  timings: RestoreTestTimings;
  results: ProbeResult[];
  isolation: { checked: boolean; all_links_down: boolean; nics: Record<string, string> };
  cleanup: CleanupProof;
}

export const NO_CLEANUP: CleanupProof = {
  attempted: false,
  vmid_gone: null,
  leftover_volumes: [],
  detail: 'nothing was restored',
};
export const NOT_ISOLATED = { checked: false, all_links_down: false, nics: {} };

/** The signed evidence of a run that ended with `status` and `reason` (the row as it was before that). */
export function buildEvidence(
  row: RestoreTestRow,
  record: RunRecord,
  end: { status: 'passed' | 'failed' | 'skipped'; reason: string | null; rtoSeconds: number | null; at: Date },
  key: EvidenceKey,
): RestoreTestEvidence {
  return signEvidence(
    {
      format: EVIDENCE_FORMAT,
      restore_test_id: row.id,
      organisation_id: row.organisationId,
      guest: {
        id: row.guestId,
        name: row.guestName,
        type: row.guestType,
        vmid: row.vmid,
        host_id: row.hostId,
        host_name: record.hostName,
        node: record.node,
      },
      backup: { volid: row.backupVolid, time: row.backupTime?.toISOString() ?? null },
      target: { node: row.targetNode, storage: row.targetStorage, restored_vmid: row.restoredVmid },
      preflight: { ...record.preflight },
      timings: record.timings,
      rto_seconds: end.rtoSeconds,
      probes: record.results,
      isolation: record.isolation,
      cleanup: record.cleanup,
      result: { status: end.status, reason: end.reason },
      started_at: row.startedAt?.toISOString() ?? null,
      ended_at: end.at.toISOString(),
      signed_at: new Date().toISOString(),
    },
    key.privateKey,
    key.publicKey,
  );
}

import { periodic, type BackgroundLoop } from '../../jobs/background';
import { evidenceKeyFor } from '../restore-tests/evidence-key';
import { archiveDir, archiveExpired } from './audit-archive';
import { signGrownChains } from './audit-export';

/** How often the heads of grown audit chains are signed (each export also ends with a head signed then). */
export const AUDIT_SIGN_MS = 5 * 60_000;

/** How often the retention pass looks for records past AUDIT_RETENTION_DAYS (the first a minute after start). */
export const AUDIT_RETENTION_MS = 60 * 60_000;
const RETENTION_FIRST_MS = 60_000;

/** Signs the head of every audit chain that grew, every AUDIT_SIGN_MS: the chain's past is pinned by the key. */
const signHeadsLoop = periodic('audit-sign-heads', { periodMs: AUDIT_SIGN_MS }, async (deps) => {
  await signGrownChains(deps.db, evidenceKeyFor(deps.config, deps.log));
});

/**
 * With AUDIT_RETENTION_DAYS set, archives every chain's records older than that to DATA_DIR/audit-archive/, then
 * removes them (a checkpoint keeps the rest verifiable). Each replica runs it; the chain head's lock makes one of
 * them archive a given record, the others then find nothing that old.
 */
const retentionLoop = periodic('audit-retention', { periodMs: AUDIT_RETENTION_MS, firstMs: RETENTION_FIRST_MS }, async (deps) => {
  const days = deps.config.AUDIT_RETENTION_DAYS;
  if (!days) return;
  const written = await archiveExpired(deps.db, evidenceKeyFor(deps.config, deps.log), {
    days,
    dir: archiveDir(deps.config.dataDir),
  });
  for (const a of written) {
    deps.log.info({ chain: a.chain, from_seq: a.fromSeq, to_seq: a.toSeq, file: a.file }, 'audit records archived');
  }
});

export const auditLoops: BackgroundLoop[] = [signHeadsLoop, retentionLoop];

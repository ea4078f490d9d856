import fs from 'node:fs/promises';
import path from 'node:path';
import type { Db } from '../../db/client';
import type { EvidenceKey } from '../restore-tests/evidence-key';
import { exportText, signHead, SYSTEM_ACTOR, type AuditActor, type ExportLine, type SignedHead } from './audit-chain';
import { headLine, keptHeadLines, recordLine } from './audit-export';
import {
  archivablePrefix,
  chainNames,
  deleteRecords,
  insertCheckpoint,
  latestCheckpoint,
  lockChainHead,
  recordAudit,
} from './audit.repository';

// Retention by archiving, never by silent deletion (ADR 016): a chain's oldest records are written out with the
// heads kept for them and a checkpoint (a head signed now for the last of them), then removed; the checkpoint stays
// in the database, so the remaining records are still checked from it, and the archive itself is checked by
// `npm run audit:verify` like an export.

/** The most records one archive holds: an older past is archived in several files, one after the other. */
export const ARCHIVE_BATCH = 10_000;

/** Where archive files are written: DATA_DIR/audit-archive/. */
export const archiveDir = (dataDir: string) => path.join(dataDir, 'audit-archive');

/** `<chain>-<first>-<last>.jsonl`, the chain's colon made a file-name-safe underscore (org_<id>-1-120.jsonl). */
export const archiveFileName = (chain: string, first: number, last: number) =>
  `${chain.replace(':', '_')}-${first}-${last}.jsonl`;

export interface Archive {
  chain: string;
  /** The archive as JSON Lines: the previous checkpoint (if any), the records, their kept heads, the new checkpoint. */
  text: string;
  records: number;
  fromSeq: number;
  toSeq: number;
  checkpoint: SignedHead;
  /** Older records remain before `before` (the batch was full): archive again. */
  more: boolean;
  /** The file the archive was written to before its records were removed. */
  file: string;
}

/** Writes the file and flushes it to disk: the records are removed only once it is there. */
async function writeDurably(file: string, text: string): Promise<void> {
  await fs.mkdir(path.dirname(file), { recursive: true });
  const handle = await fs.open(file, 'w', 0o600);
  try {
    await handle.writeFile(text, 'utf8');
    await handle.sync();
  } finally {
    await handle.close();
  }
}

/**
 * Archives a chain's records older than `before` (its oldest ones, up to the first at or after it; at most
 * `limit`): under the chain head's lock, as appending is, so replicas and requests never archive or number the
 * same records at once. The archive is written to `dir` first; then the checkpoint is kept, exactly the archived
 * records are removed, and the archiving is itself recorded in the chain (`audit.archive`), all in one
 * transaction. Answers null when nothing is that old.
 */
export async function archiveChain(
  db: Db,
  key: EvidenceKey,
  chain: string,
  before: Date,
  options: { dir: string; actor: AuditActor; ip?: string | null; limit?: number; now?: Date },
): Promise<Archive | null> {
  const limit = options.limit ?? ARCHIVE_BATCH;
  return db.transaction(async (tx) => {
    if (!(await lockChainHead(tx, chain))) return null;
    const rows = await archivablePrefix(tx, chain, before, limit + 1);
    const archived = rows.slice(0, limit);
    const first = archived[0];
    const last = archived.at(-1);
    if (!first?.seq || !last?.seq || !last.hash) return null;
    const previous = await latestCheckpoint(tx, chain);
    const signedAt = options.now ?? new Date();
    const checkpoint = signHead(
      { chain, seq: last.seq, hash: last.hash, signed_at: signedAt.toISOString(), key_id: key.keyId },
      key.privateKey,
      'checkpoint',
    );
    const lines: ExportLine[] = [
      ...(previous ? [headLine('checkpoint', previous)] : []),
      ...archived.map(recordLine),
      ...(await keptHeadLines(tx, chain, first.seq, last.seq)),
      { type: 'checkpoint', ...checkpoint },
    ];
    const text = exportText(lines);
    const file = path.join(options.dir, archiveFileName(chain, first.seq, last.seq));
    await writeDurably(file, text);
    await insertCheckpoint(tx, {
      chain,
      seq: last.seq,
      hash: last.hash,
      fromSeq: first.seq,
      lastAt: last.at,
      signedAt,
      keyId: checkpoint.key_id,
      signature: checkpoint.signature,
    });
    const removed = await deleteRecords(
      tx,
      archived.map((r) => r.id),
    );
    if (removed !== archived.length) throw new Error(`archiving ${chain}: ${removed} records removed of ${archived.length}`);
    await recordAudit(tx, {
      action: 'audit.archive',
      outcome: 'success',
      actor: options.actor,
      organisationId: chain.startsWith('org:') ? chain.slice('org:'.length) : null,
      target: chain,
      ip: options.ip ?? null,
      details: {
        before: before.toISOString(),
        from_seq: first.seq,
        to_seq: last.seq,
        records: archived.length,
        checkpoint_hash: last.hash,
        file: path.basename(file),
      },
    });
    return {
      chain,
      text,
      records: archived.length,
      fromSeq: first.seq,
      toSeq: last.seq,
      checkpoint,
      more: rows.length > limit,
      file,
    };
  });
}

/**
 * The retention job's pass: every chain's records older than `days` are archived to `dir` (batch after batch,
 * at most `maxBatches` per chain each pass), by the system. Answers the archives written.
 */
export async function archiveExpired(
  db: Db,
  key: EvidenceKey,
  options: { days: number; dir: string; now?: Date; maxBatches?: number; limit?: number },
): Promise<Archive[]> {
  const now = options.now ?? new Date();
  const before = new Date(now.getTime() - options.days * 86_400_000);
  const written: Archive[] = [];
  for (const chain of await chainNames(db)) {
    for (let batch = 0; batch < (options.maxBatches ?? 10); batch++) {
      const archive = await archiveChain(db, key, chain, before, {
        dir: options.dir,
        actor: SYSTEM_ACTOR,
        limit: options.limit,
        now,
      });
      if (!archive) break;
      written.push(archive);
      if (!archive.more) break;
    }
  }
  return written;
}

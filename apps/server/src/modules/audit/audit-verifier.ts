import type { KeyObject } from 'node:crypto';
import { GENESIS_HASH, hashRecord, headSignatureValid, type ChainedRecord, type ExportLine } from './audit-chain';

// The offline check of an audit export (`npm run audit:verify`, ADR 016). Nothing here reads the database: an
// auditor runs it on the file with the evidence key's public half.

/** Where a chain of the export starts: its genesis (record 1), a signed checkpoint, or a record further on. */
export interface ChainStart {
  chain: string;
  /** The first record's number (the one after the checkpoint for a checkpointed chain). */
  seq: number;
  from: 'genesis' | 'checkpoint' | 'partial';
}

export type VerifyProblem = 'edited' | 'deleted' | 'inserted' | 'reordered' | 'head' | 'checkpoint' | 'unreadable';

export type VerifyResult =
  | { ok: true; records: number; chains: string[]; heads: number; checkpoints: number; starts: ChainStart[] }
  | { ok: false; line: number; seq: number | null; problem: VerifyProblem; detail: string };

type Failure = Extract<VerifyResult, { ok: false }>;
const fail = (line: number, seq: number | null, problem: VerifyProblem, detail: string): Failure => ({
  ok: false,
  line,
  seq,
  problem,
  detail,
});

/**
 * Checks an export (JSON Lines) offline: every record's hash, each chain's links and numbering from its first
 * record or from the signed checkpoint before it, and every signed head (the last must close each chain). Records
 * of both actor shapes (before and after migration 0020) verify alike: the hash covers what the line holds. Names
 * the first record that was edited, deleted, inserted or reordered, and a checkpoint that is forged or does not
 * lead to the record after it.
 */
export function verifyExport(text: string, publicKey: KeyObject): VerifyResult {
  /** Each chain's last record, or the checkpoint anchoring it before its first record. */
  const last = new Map<string, { seq: number; hash: string; isCheckpoint: boolean }>();
  const seen = new Map<string, Map<number, string>>();
  const starts = new Map<string, ChainStart>();
  let records = 0;
  let heads = 0;
  let checkpoints = 0;
  const closed = new Set<string>();
  const lines = text.split('\n');
  // Every record number of each chain in the file, to tell a record moved further down from one deleted.
  const present = new Map<string, Set<number>>();
  for (const raw of lines) {
    try {
      const l = JSON.parse(raw) as Partial<ExportLine>;
      if (l.type === 'record' && typeof l.chain === 'string' && typeof l.seq === 'number') {
        if (!present.has(l.chain)) present.set(l.chain, new Set());
        present.get(l.chain)!.add(l.seq);
      }
    } catch {
      // reported in order below
    }
  }
  const remember = (chain: string, seq: number, hash: string) => {
    if (!seen.has(chain)) seen.set(chain, new Map());
    seen.get(chain)!.set(seq, hash);
  };
  for (let i = 0; i < lines.length; i++) {
    const raw = lines[i]!.trim();
    if (!raw) continue;
    const n = i + 1;
    let line: ExportLine;
    try {
      line = JSON.parse(raw) as ExportLine;
    } catch {
      return fail(n, null, 'unreadable', `line ${n} is not JSON`);
    }
    if (line.type === 'head' || line.type === 'checkpoint') {
      const isCheckpoint = line.type === 'checkpoint';
      if (!headSignatureValid(line, publicKey, line.type)) {
        return isCheckpoint
          ? fail(n, line.seq, 'checkpoint', `the checkpoint at line ${n} does not verify with this key: it was forged or altered`)
          : fail(n, line.seq, 'head', `the signed head at line ${n} does not verify with this key`);
      }
      if (isCheckpoint) checkpoints++;
      else heads++;
      if (isCheckpoint && !last.has(line.chain)) {
        // The chain continues from here: the next record must be the one after it, linked to its hash.
        last.set(line.chain, { seq: line.seq, hash: line.hash, isCheckpoint: true });
        remember(line.chain, line.seq, line.hash);
        starts.set(line.chain, { chain: line.chain, seq: line.seq + 1, from: 'checkpoint' });
        closed.add(line.chain);
        continue;
      }
      const at = seen.get(line.chain)?.get(line.seq);
      if (at !== undefined && at !== line.hash) {
        return fail(n, line.seq, 'edited', `record ${line.seq} of ${line.chain} differs from what its signed head pinned`);
      }
      const end = last.get(line.chain);
      if (end && line.seq === end.seq) closed.add(line.chain);
      continue;
    }
    if (line.type !== 'record') return fail(n, null, 'unreadable', `line ${n} is neither a record, a head nor a checkpoint`);
    records++;
    const { type: _type, hash, ...record } = line;
    const prev = last.get(record.chain);
    const problem = prev ? linkProblem(n, record, prev, seen, present) : startProblem(n, record);
    if (problem) return problem;
    if (!prev) {
      starts.set(record.chain, { chain: record.chain, seq: record.seq, from: record.seq === 1 ? 'genesis' : 'partial' });
    }
    if (hashRecord(record) !== hash) {
      return fail(
        n,
        record.seq,
        'edited',
        `record ${record.seq} of ${record.chain} was edited (its hash does not match its content)`,
      );
    }
    last.set(record.chain, { seq: record.seq, hash, isCheckpoint: false });
    remember(record.chain, record.seq, hash);
    closed.delete(record.chain);
  }
  const open = [...last.keys()].filter((c) => !closed.has(c));
  if (open.length > 0) {
    return fail(
      lines.length,
      last.get(open[0]!)!.seq,
      'head',
      `no signed head closes ${open[0]}: records were removed from its end, or the export was cut`,
    );
  }
  return { ok: true, records, chains: [...last.keys()], heads, checkpoints, starts: [...starts.values()] };
}

/** A chain's first record in the export without a checkpoint: record 1 must start from the genesis hash. */
function startProblem(n: number, record: ChainedRecord): Failure | null {
  if (record.seq === 1 && record.prev_hash !== GENESIS_HASH) {
    return fail(n, 1, 'inserted', `record 1 of ${record.chain} does not start its chain (its link was changed)`);
  }
  return null;
}

/** What is wrong between a record and the one before it in its chain (or the checkpoint it must follow). */
function linkProblem(
  n: number,
  record: ChainedRecord,
  prev: { seq: number; hash: string; isCheckpoint: boolean },
  seen: Map<string, Map<number, string>>,
  present: Map<string, Set<number>>,
): Failure | null {
  const { chain, seq } = record;
  if (seq <= prev.seq) {
    if (prev.isCheckpoint) {
      return fail(n, seq, 'checkpoint', `record ${seq} of ${chain} comes before its signed checkpoint (record ${prev.seq})`);
    }
    return seen.get(chain)?.has(seq)
      ? fail(n, seq, 'inserted', `record ${seq} of ${chain} appears twice (line ${n}): one of them was inserted`)
      : fail(n, seq, 'reordered', `record ${seq} of ${chain} comes after record ${prev.seq}`);
  }
  if (seq > prev.seq + 1) {
    const missing = prev.seq + 1;
    return present.get(chain)?.has(missing)
      ? fail(n, missing, 'reordered', `record ${missing} of ${chain} was moved: record ${seq} comes before it`)
      : fail(n, missing, 'deleted', `record ${missing} of ${chain} was deleted (after ${prev.seq}, before ${seq})`);
  }
  if (record.prev_hash !== prev.hash) {
    return prev.isCheckpoint
      ? fail(n, seq, 'checkpoint', `record ${seq} of ${chain} does not follow its signed checkpoint (record ${prev.seq})`)
      : fail(n, seq, 'inserted', `record ${seq} of ${chain} does not follow record ${prev.seq} (its link was changed)`);
  }
  return null;
}

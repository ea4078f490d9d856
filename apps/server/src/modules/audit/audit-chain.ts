import { createHash, sign, verify, type KeyObject } from 'node:crypto';
import { canonicalJson } from '../licenses/licence-canonical';

// The audit trail's hash chain (DESIGN.md §16): each record carries the hash of the one before it in its chain
// (one per organisation, one for the platform), so an edited, deleted, inserted or reordered record breaks
// every hash after it; heads signed with the server's evidence key (Ed25519) pin the chain's end.

/** The hash before a chain's first record. */
export const GENESIS_HASH = '0'.repeat(64);

export const chainOf = (organisationId: string | null | undefined) => (organisationId ? `org:${organisationId}` : 'platform');

/** A record as it is hashed and exported: nothing secret is ever in it (callers never put one in details). */
export interface ChainedRecord {
  chain: string;
  seq: number;
  at: string;
  actor: { id: string | null; email: string | null };
  organisation_id: string | null;
  action: string;
  target: string | null;
  outcome: 'success' | 'failure';
  ip: string | null;
  details: unknown;
  prev_hash: string;
}

export const hashRecord = (record: ChainedRecord): string => createHash('sha256').update(canonicalJson(record)).digest('hex');

/** A chain's end, signed: `seq` and `hash` of its last record at `signed_at`. */
export interface SignedHead {
  chain: string;
  seq: number;
  hash: string;
  signed_at: string;
  key_id: string;
  signature: string;
}

const headBytes = (head: Omit<SignedHead, 'signature'>) =>
  Buffer.from(
    canonicalJson({ chain: head.chain, seq: head.seq, hash: head.hash, signed_at: head.signed_at, key_id: head.key_id }),
  );

export function signHead(head: Omit<SignedHead, 'signature'>, privateKey: KeyObject): SignedHead {
  return { ...head, signature: sign(null, headBytes(head), privateKey).toString('base64') };
}

export function headSignatureValid(head: SignedHead, publicKey: KeyObject): boolean {
  try {
    return verify(null, headBytes(head), publicKey, Buffer.from(head.signature, 'base64'));
  } catch {
    return false;
  }
}

/** An export line: a record (with its hash) or a signed head. */
export type ExportLine = ({ type: 'record' } & ChainedRecord & { hash: string }) | ({ type: 'head' } & SignedHead);

export type VerifyResult =
  | { ok: true; records: number; chains: string[]; heads: number }
  | {
      ok: false;
      line: number;
      seq: number | null;
      problem: 'edited' | 'deleted' | 'inserted' | 'reordered' | 'head' | 'unreadable';
      detail: string;
    };

/**
 * Checks an export (JSON Lines) offline: every record's hash, each chain's links and numbering from its first
 * record (the export's anchor), and every signed head (the last must close each chain). Names the first record
 * that was edited, deleted, inserted or reordered.
 */
export function verifyExport(text: string, publicKey: KeyObject): VerifyResult {
  const last = new Map<string, { seq: number; hash: string }>();
  const seen = new Map<string, Map<number, string>>();
  let records = 0;
  let heads = 0;
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
  for (let i = 0; i < lines.length; i++) {
    const raw = lines[i]!.trim();
    if (!raw) continue;
    const n = i + 1;
    let line: ExportLine;
    try {
      line = JSON.parse(raw) as ExportLine;
    } catch {
      return { ok: false, line: n, seq: null, problem: 'unreadable', detail: `line ${n} is not JSON` };
    }
    if (line.type === 'head') {
      heads++;
      if (!headSignatureValid(line, publicKey)) {
        return {
          ok: false,
          line: n,
          seq: line.seq,
          problem: 'head',
          detail: `the signed head at line ${n} does not verify with this key`,
        };
      }
      const hashes = seen.get(line.chain);
      const at = hashes?.get(line.seq);
      if (hashes && at !== undefined && at !== line.hash) {
        return {
          ok: false,
          line: n,
          seq: line.seq,
          problem: 'edited',
          detail: `record ${line.seq} of ${line.chain} differs from what its signed head pinned`,
        };
      }
      const end = last.get(line.chain);
      if (end && line.seq === end.seq) closed.add(line.chain);
      continue;
    }
    if (line.type !== 'record')
      return { ok: false, line: n, seq: null, problem: 'unreadable', detail: `line ${n} is neither a record nor a head` };
    records++;
    const { type: _type, hash, ...record } = line;
    const prev = last.get(record.chain);
    if (prev) {
      if (record.seq <= prev.seq) {
        return seenBefore(seen, record)
          ? {
              ok: false,
              line: n,
              seq: record.seq,
              problem: 'inserted',
              detail: `record ${record.seq} of ${record.chain} appears twice (line ${n}): one of them was inserted`,
            }
          : {
              ok: false,
              line: n,
              seq: record.seq,
              problem: 'reordered',
              detail: `record ${record.seq} of ${record.chain} comes after record ${prev.seq}`,
            };
      }
      if (record.seq > prev.seq + 1) {
        const missing = prev.seq + 1;
        return present.get(record.chain)?.has(missing)
          ? {
              ok: false,
              line: n,
              seq: missing,
              problem: 'reordered',
              detail: `record ${missing} of ${record.chain} was moved: record ${record.seq} comes before it`,
            }
          : {
              ok: false,
              line: n,
              seq: missing,
              problem: 'deleted',
              detail: `record ${missing} of ${record.chain} was deleted (after ${prev.seq}, before ${record.seq})`,
            };
      }
      if (record.prev_hash !== prev.hash) {
        return {
          ok: false,
          line: n,
          seq: record.seq,
          problem: 'inserted',
          detail: `record ${record.seq} of ${record.chain} does not follow record ${prev.seq} (its link was changed)`,
        };
      }
    }
    if (hashRecord(record) !== hash) {
      return {
        ok: false,
        line: n,
        seq: record.seq,
        problem: 'edited',
        detail: `record ${record.seq} of ${record.chain} was edited (its hash does not match its content)`,
      };
    }
    last.set(record.chain, { seq: record.seq, hash });
    if (!seen.has(record.chain)) seen.set(record.chain, new Map());
    seen.get(record.chain)!.set(record.seq, hash);
    closed.delete(record.chain);
  }
  const open = [...last.keys()].filter((c) => !closed.has(c));
  if (open.length > 0) {
    return {
      ok: false,
      line: lines.length,
      seq: last.get(open[0]!)!.seq,
      problem: 'head',
      detail: `no signed head closes ${open[0]}: records were removed from its end, or the export was cut`,
    };
  }
  return { ok: true, records, chains: [...last.keys()], heads };
}

const seenBefore = (seen: Map<string, Map<number, string>>, r: ChainedRecord) => seen.get(r.chain)?.has(r.seq) ?? false;

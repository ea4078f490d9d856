import { createHash, sign, verify, type KeyObject } from 'node:crypto';
import { canonicalJson } from '../../kernel/canonical-json';

// The audit trail's hash chain (DESIGN.md §16): each record carries the hash of the one before it in its chain
// (one per organisation, one for the platform), so an edited, deleted, inserted or reordered record breaks
// every hash after it; heads signed with the server's evidence key (Ed25519) pin the chain's end, and a checkpoint
// (a head signed when the records before it were archived) is where an archived chain now starts.

/** The hash before a chain's first record. */
export const GENESIS_HASH = '0'.repeat(64);

export const chainOf = (organisationId: string | null | undefined) => (organisationId ? `org:${organisationId}` : 'platform');

export const ACTOR_TYPES = ['user', 'api_key', 'schedule', 'system'] as const;
export type ActorType = (typeof ACTOR_TYPES)[number];

/**
 * Who did it: a person (`name` is their e-mail), an API key or a schedule (their names), or the server itself.
 * An unidentified person (a failed sign-in without an account) is a `user` without id or name.
 */
export interface AuditActor {
  type: ActorType;
  id: string | null;
  name: string | null;
}

/** The server's own actor (jobs, changes no person or key asked for). */
export const SYSTEM_ACTOR: AuditActor = { type: 'system', id: null, name: 'ProxAI' };

/** The actor of records written from migration 0017 to 0020: a person's id and e-mail, hashed in this shape. */
export interface LegacyActor {
  id: string | null;
  email: string | null;
}

/** A record as it is hashed and exported: nothing secret is ever in it (callers never put one in details). */
export interface ChainedRecord {
  chain: string;
  seq: number;
  at: string;
  actor: AuditActor | LegacyActor;
  organisation_id: string | null;
  action: string;
  target: string | null;
  outcome: 'success' | 'failure';
  ip: string | null;
  details: unknown;
  prev_hash: string;
}

/** SHA-256 of the record's canonical JSON, whichever shape its actor has: the verifier needs no version. */
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

/**
 * What a head's signature covers. A checkpoint's also covers its kind: a head relabelled as a checkpoint would
 * otherwise verify and make `audit:verify` read the records before it as archived when they were deleted.
 */
const headBytes = (head: Omit<SignedHead, 'signature'>, kind: 'head' | 'checkpoint') =>
  Buffer.from(
    canonicalJson({
      chain: head.chain,
      seq: head.seq,
      hash: head.hash,
      signed_at: head.signed_at,
      key_id: head.key_id,
      ...(kind === 'checkpoint' ? { kind } : {}),
    }),
  );

export function signHead(
  head: Omit<SignedHead, 'signature'>,
  privateKey: KeyObject,
  kind: 'head' | 'checkpoint' = 'head',
): SignedHead {
  return { ...head, signature: sign(null, headBytes(head, kind), privateKey).toString('base64') };
}

export function headSignatureValid(head: SignedHead, publicKey: KeyObject, kind: 'head' | 'checkpoint' = 'head'): boolean {
  try {
    return verify(null, headBytes(head, kind), publicKey, Buffer.from(head.signature, 'base64'));
  } catch {
    return false;
  }
}

/**
 * An export line: a record (with its hash), a signed head, or a checkpoint: the head signed for the last record
 * of an archive. Before a chain's first record a checkpoint anchors it (the record after it must link to it);
 * after its records it closes them like a head (the archive's last line).
 */
export type ExportLine =
  | ({ type: 'record' } & ChainedRecord & { hash: string })
  | ({ type: 'head' } & SignedHead)
  | ({ type: 'checkpoint' } & SignedHead);

export const exportText = (lines: ExportLine[]) => lines.map((l) => `${JSON.stringify(l)}\n`).join('');

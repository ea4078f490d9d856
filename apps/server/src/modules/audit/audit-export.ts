import type { Db } from '../../db/client';
import type { auditCheckpoints, auditEvents, auditSignedHeads } from '../../db/schema';
import type { EvidenceKey } from '../restore-tests/evidence-key';
import { exportText, signHead, type ExportLine, type SignedHead } from './audit-chain';
import {
  chainedRecordOf,
  chainRecordsPage,
  chainsToSign,
  insertSignedHead,
  latestCheckpoint,
  storedSignedHeads,
} from './audit.repository';

/** A head signed now for a chain's record `seq` (kept with the chain). */
async function signNow(db: Db, key: EvidenceKey, chain: string, seq: number, hash: string): Promise<SignedHead> {
  const head = signHead({ chain, seq, hash, signed_at: new Date().toISOString(), key_id: key.keyId }, key.privateKey);
  await insertSignedHead(db, {
    chain,
    seq,
    hash,
    signedAt: new Date(head.signed_at),
    keyId: head.key_id,
    signature: head.signature,
  });
  return head;
}

export const recordLine = (row: typeof auditEvents.$inferSelect): ExportLine => ({
  type: 'record',
  ...chainedRecordOf(row),
  hash: row.hash ?? '',
});

export const headLine = (
  type: 'head' | 'checkpoint',
  h: Pick<
    typeof auditSignedHeads.$inferSelect & typeof auditCheckpoints.$inferSelect,
    'chain' | 'seq' | 'hash' | 'signedAt' | 'keyId' | 'signature'
  >,
): ExportLine => ({
  type,
  chain: h.chain,
  seq: h.seq,
  hash: h.hash,
  signed_at: h.signedAt.toISOString(),
  key_id: h.keyId,
  signature: h.signature,
});

/** The heads signed and kept for records first…last of a chain, as export lines. */
export async function keptHeadLines(db: Db, chain: string, first: number, last: number): Promise<ExportLine[]> {
  return (await storedSignedHeads(db, chain, first, last)).map((h) => headLine('head', h));
}

/** Records read from the database at a time while an export streams (its memory stays one page, whatever the trail). */
const EXPORT_PAGE = 1000;

/**
 * A chain's records in a time range as JSON Lines, each with its hash, then the signed heads kept for that range,
 * then a head signed at export time for its last record: `npm run audit:verify` checks it offline. An archived
 * chain's export starts with its checkpoint (the head signed for the last archived record) when it starts where
 * the archive ended, or covers the chain from its start: the first record must then link to it. Produced page by
 * page, as the answer is sent.
 */
export async function* exportChain(
  db: Db,
  key: EvidenceKey,
  chain: string,
  range: { from?: Date; to?: Date },
  pageSize = EXPORT_PAGE,
): AsyncGenerator<string> {
  let first: number | undefined;
  let last: { seq: number; hash: string } | undefined;
  for (let after = 0; ;) {
    const rows = await chainRecordsPage(db, chain, range, after, pageSize);
    if (first === undefined && rows[0]?.seq) {
      first = rows[0].seq;
      const checkpoint = await latestCheckpoint(db, chain);
      if (checkpoint && (!range.from || first === checkpoint.seq + 1)) yield exportText([headLine('checkpoint', checkpoint)]);
    }
    if (rows.length > 0) yield exportText(rows.map(recordLine));
    const end = rows.at(-1);
    if (end?.seq && end.hash) last = { seq: end.seq, hash: end.hash };
    if (rows.length < pageSize || !end?.seq) break;
    after = end.seq;
  }
  if (first !== undefined && last) {
    yield exportText(await keptHeadLines(db, chain, first, last.seq));
    yield exportText([{ type: 'head', ...(await signNow(db, key, chain, last.seq, last.hash)) }]);
  }
}

/** Signs the head of every chain that grew since its last signed head (a loop calls it every few minutes). */
export async function signGrownChains(db: Db, key: EvidenceKey): Promise<number> {
  const heads = await chainsToSign(db);
  for (const h of heads) await signNow(db, key, h.chain, h.seq, h.hash);
  return heads.length;
}

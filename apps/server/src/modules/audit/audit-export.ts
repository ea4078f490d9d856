import type { Db } from '../../db/client';
import type { EvidenceKey } from '../restore-tests/evidence-key';
import { signHead, type ExportLine, type SignedHead } from './audit-chain';
import { chainedRecordOf, chainRecords, chainsToSign, insertSignedHead, storedSignedHeads } from './audit.repository';

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

/**
 * A chain's records in a time range as JSON Lines, each with its hash, then the signed heads kept for that range,
 * then a head signed at export time for its last record: `npm run audit:verify` checks it offline.
 */
export async function exportChain(db: Db, key: EvidenceKey, chain: string, range: { from?: Date; to?: Date }): Promise<string> {
  const rows = await chainRecords(db, chain, range);
  const lines: ExportLine[] = rows.map((row) => ({ type: 'record', ...chainedRecordOf(row), hash: row.hash ?? '' }));
  const first = rows[0];
  const last = rows.at(-1);
  if (first?.seq && last?.seq && last.hash) {
    for (const h of await storedSignedHeads(db, chain, first.seq, last.seq)) {
      lines.push({
        type: 'head',
        chain,
        seq: h.seq,
        hash: h.hash,
        signed_at: h.signedAt.toISOString(),
        key_id: h.keyId,
        signature: h.signature,
      });
    }
    lines.push({ type: 'head', ...(await signNow(db, key, chain, last.seq, last.hash)) });
  }
  return lines.map((l) => `${JSON.stringify(l)}\n`).join('');
}

/** Signs the head of every chain that grew since its last signed head (a loop calls it every few minutes). */
export async function signGrownChains(db: Db, key: EvidenceKey): Promise<number> {
  const heads = await chainsToSign(db);
  for (const h of heads) await signNow(db, key, h.chain, h.seq, h.hash);
  return heads.length;
}

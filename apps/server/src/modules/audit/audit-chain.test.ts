import { generateKeyPairSync } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { GENESIS_HASH, hashRecord, signHead, verifyExport, type ChainedRecord, type ExportLine } from './audit-chain';

const keys = generateKeyPairSync('ed25519');
const other = generateKeyPairSync('ed25519');
const CHAIN = 'org:5f0c8f8e-9c7e-4a55-8d55-000000000001';

/** A chain of `n` linked records and the head signed for its last one, as an export writes them. */
function exportOf(n: number): ExportLine[] {
  const lines: ExportLine[] = [];
  let prev = GENESIS_HASH;
  for (let seq = 1; seq <= n; seq++) {
    const record: ChainedRecord = {
      chain: CHAIN,
      seq,
      at: new Date(Date.UTC(2026, 10, 25, 3, seq)).toISOString(),
      actor: { id: null, email: `user${seq}@example.test` },
      organisation_id: CHAIN.slice(4),
      action: seq % 2 ? 'host.add' : 'member.role_changed',
      target: `target-${seq}`,
      outcome: 'success',
      ip: '192.0.2.1',
      details: { n: seq, nested: { z: 1, a: [seq, 'x'] } },
      prev_hash: prev,
    };
    prev = hashRecord(record);
    lines.push({ type: 'record', ...record, hash: prev });
  }
  lines.push({
    type: 'head',
    ...signHead({ chain: CHAIN, seq: n, hash: prev, signed_at: '2026-11-25T05:00:00.000Z', key_id: 'k1' }, keys.privateKey),
  });
  return lines;
}

const text = (lines: unknown[]) => lines.map((l) => JSON.stringify(l)).join('\n');
const records = (lines: ExportLine[]) => lines.filter((l) => l.type === 'record');

describe('the audit chain verifier', () => {
  it('accepts an untouched export, whatever the key order of its JSON', () => {
    const lines = exportOf(6);
    expect(verifyExport(text(lines), keys.publicKey)).toEqual({ ok: true, records: 6, chains: [CHAIN], heads: 1 });
    const reordered = lines.map((l) => Object.fromEntries(Object.entries(l).reverse()));
    expect(verifyExport(text(reordered), keys.publicKey)).toMatchObject({ ok: true });
  });

  it('names an edited field', () => {
    const lines = exportOf(6);
    (records(lines)[3] as { details: unknown }).details = { n: 999 };
    expect(verifyExport(text(lines), keys.publicKey)).toMatchObject({ ok: false, problem: 'edited', seq: 4, line: 4 });
  });

  it('names a deleted record', () => {
    const lines = exportOf(6);
    lines.splice(2, 1);
    expect(verifyExport(text(lines), keys.publicKey)).toMatchObject({ ok: false, problem: 'deleted', seq: 3 });
  });

  it('names an inserted record, even one with a valid hash of its own', () => {
    const lines = exportOf(6);
    const original = records(lines)[2]!;
    const forged: ChainedRecord = { ...original, action: 'licence.revoke', seq: 3, prev_hash: records(lines)[1]!.hash };
    const { type: _t, hash: _h, ...bare } = { ...forged, type: 'record', hash: '' };
    lines.splice(2, 0, { type: 'record', ...bare, hash: hashRecord(bare) });
    expect(verifyExport(text(lines), keys.publicKey)).toMatchObject({ ok: false, problem: 'inserted', seq: 3 });
  });

  it('names a swapped pair', () => {
    const lines = exportOf(6);
    [lines[2], lines[3]] = [lines[3]!, lines[2]!];
    expect(verifyExport(text(lines), keys.publicKey)).toMatchObject({ ok: false, problem: 'reordered', seq: 3 });
  });

  it('refuses a chain cut at its end (no signed head closes it) and a head signed by another key', () => {
    const cut = exportOf(6).filter((l) => !(l.type === 'record' && l.seq === 6));
    expect(verifyExport(text(cut), keys.publicKey)).toMatchObject({ ok: false, problem: 'head' });
    expect(verifyExport(text(exportOf(3)), other.publicKey)).toMatchObject({ ok: false, problem: 'head' });
  });

  it('a rewritten and re-hashed chain contradicts the head signed before', () => {
    const lines = exportOf(4);
    const head = lines.pop()!;
    // Rewrite record 2 and re-link everything after it: hashes are consistent again, the signed head is not.
    let prev = records(lines)[0]!.hash;
    for (const r of records(lines).slice(1)) {
      const { type: _t, hash: _h, ...bare } = r;
      const changed: ChainedRecord = { ...bare, prev_hash: prev, ...(r.seq === 2 ? { outcome: 'failure' as const } : {}) };
      prev = hashRecord(changed);
      Object.assign(r, changed, { hash: prev });
    }
    lines.push(head);
    expect(verifyExport(text(lines), keys.publicKey)).toMatchObject({ ok: false, problem: 'edited', seq: 4 });
  });
});

import { generateKeyPairSync } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import {
  GENESIS_HASH,
  hashRecord,
  signHead,
  type AuditActor,
  type ChainedRecord,
  type ExportLine,
  type LegacyActor,
} from './audit-chain';
import { verifyExport } from './audit-verifier';

const keys = generateKeyPairSync('ed25519');
const other = generateKeyPairSync('ed25519');
const CHAIN = 'org:5f0c8f8e-9c7e-4a55-8d55-000000000001';

type RecordLine = Extract<ExportLine, { type: 'record' }>;

/** The actor of record `seq`: the old `{id, email}` shape up to `legacyUntil`, then each kind in turn. */
function actorOf(seq: number, legacyUntil: number): AuditActor | LegacyActor {
  if (seq <= legacyUntil) return { id: null, email: `user${seq}@example.test` };
  const kinds: AuditActor[] = [
    { type: 'user', id: `u-${seq}`, name: `user${seq}@example.test` },
    { type: 'api_key', id: `k-${seq}`, name: 'Terraform' },
    { type: 'schedule', id: `s-${seq}`, name: 'Nightly stop' },
    { type: 'system', id: null, name: 'ProxAI' },
  ];
  return kinds[seq % kinds.length]!;
}

/** A chain of `n` linked records, as an export writes them (records 1…legacyUntil in the old actor shape). */
function chainOf(n: number, legacyUntil = 0): RecordLine[] {
  const lines: RecordLine[] = [];
  let prev = GENESIS_HASH;
  for (let seq = 1; seq <= n; seq++) {
    const record: ChainedRecord = {
      chain: CHAIN,
      seq,
      at: new Date(Date.UTC(2026, 10, 25, 3, seq)).toISOString(),
      actor: actorOf(seq, legacyUntil),
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
  return lines;
}

const signed = (type: 'head' | 'checkpoint', r: { seq: number; hash: string }, key = keys.privateKey): ExportLine => ({
  type,
  ...signHead({ chain: CHAIN, seq: r.seq, hash: r.hash, signed_at: '2026-11-25T05:00:00.000Z', key_id: 'k1' }, key, type),
});

/** An export of the whole chain: its records and the head signed for its last one. */
function exportOf(n: number, legacyUntil = 0): ExportLine[] {
  const records = chainOf(n, legacyUntil);
  return [...records, signed('head', records.at(-1)!)];
}

/** The export of what remains after records 1…archived were archived: their checkpoint, the rest, a head. */
function checkpointedExport(n: number, archived: number, legacyUntil = 0): ExportLine[] {
  const records = chainOf(n, legacyUntil);
  return [signed('checkpoint', records[archived - 1]!), ...records.slice(archived), signed('head', records.at(-1)!)];
}

const text = (lines: unknown[]) => lines.map((l) => JSON.stringify(l)).join('\n');
const records = (lines: ExportLine[]) => lines.filter((l): l is RecordLine => l.type === 'record');
const verify = (lines: unknown[]) => verifyExport(text(lines), keys.publicKey);

/** Rehashes a record after a change (a forger's consistent record): its own hash matches, its link does not move. */
function rehashed(r: RecordLine, change: Partial<ChainedRecord>): RecordLine {
  const { type: _t, hash: _h, ...bare } = r;
  const changed: ChainedRecord = { ...bare, ...change };
  return { type: 'record', ...changed, hash: hashRecord(changed) };
}

describe('the audit chain verifier', () => {
  it('accepts an untouched export, whatever the key order of its JSON', () => {
    const lines = exportOf(6);
    expect(verify(lines)).toEqual({
      ok: true,
      records: 6,
      chains: [CHAIN],
      heads: 1,
      checkpoints: 0,
      starts: [{ chain: CHAIN, seq: 1, from: 'genesis' }],
    });
    const reordered = lines.map((l) => Object.fromEntries(Object.entries(l).reverse()));
    expect(verify(reordered)).toMatchObject({ ok: true });
  });

  it('names an edited field', () => {
    const lines = exportOf(6);
    (records(lines)[3] as { details: unknown }).details = { n: 999 };
    expect(verify(lines)).toMatchObject({ ok: false, problem: 'edited', seq: 4, line: 4 });
  });

  it('names a deleted record', () => {
    const lines = exportOf(6);
    lines.splice(2, 1);
    expect(verify(lines)).toMatchObject({ ok: false, problem: 'deleted', seq: 3 });
  });

  it('names an inserted record, even one with a valid hash of its own', () => {
    const lines = exportOf(6);
    const forged = rehashed(records(lines)[2]!, { action: 'licence.revoke' });
    lines.splice(2, 0, forged);
    expect(verify(lines)).toMatchObject({ ok: false, problem: 'inserted', seq: 3 });
  });

  it('names a swapped pair', () => {
    const lines = exportOf(6);
    [lines[2], lines[3]] = [lines[3]!, lines[2]!];
    expect(verify(lines)).toMatchObject({ ok: false, problem: 'reordered', seq: 3 });
  });

  it('refuses a first record that claims to start the chain but does not link to the genesis hash', () => {
    const lines = exportOf(3);
    lines[0] = rehashed(records(lines)[0]!, { prev_hash: 'f'.repeat(64) });
    expect(verify(lines)).toMatchObject({ ok: false, problem: 'inserted', seq: 1 });
  });

  it('refuses a chain cut at its end (no signed head closes it) and a head signed by another key', () => {
    const cut = exportOf(6).filter((l) => !(l.type === 'record' && l.seq === 6));
    expect(verify(cut)).toMatchObject({ ok: false, problem: 'head' });
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
    expect(verify(lines)).toMatchObject({ ok: false, problem: 'edited', seq: 4 });
  });
});

describe('records of both actor shapes', () => {
  it('accepts a chain whose old records name {id, email} and whose later ones {type, id, name}', () => {
    const lines = exportOf(9, 4);
    expect(records(lines)[0]!.actor).toEqual({ id: null, email: 'user1@example.test' });
    expect(
      records(lines)
        .slice(4)
        .map((r) => (r.actor as AuditActor).type),
    ).toEqual(['api_key', 'schedule', 'system', 'user', 'api_key']);
    expect(verify(lines)).toMatchObject({ ok: true, records: 9 });
  });

  it('names an old record whose e-mail was changed', () => {
    const lines = exportOf(9, 4);
    (records(lines)[1]!.actor as LegacyActor).email = 'someone-else@example.test';
    expect(verify(lines)).toMatchObject({ ok: false, problem: 'edited', seq: 2 });
  });

  it('names a new record whose actor kind or name was changed', () => {
    const renamed = exportOf(9, 4);
    (records(renamed)[5]!.actor as AuditActor).name = 'Another schedule';
    expect(verify(renamed)).toMatchObject({ ok: false, problem: 'edited', seq: 6 });
    const retyped = exportOf(9, 4);
    (records(retyped)[4]!.actor as AuditActor).type = 'user';
    expect(verify(retyped)).toMatchObject({ ok: false, problem: 'edited', seq: 5 });
  });

  it('names a new record passed off in the old shape', () => {
    const lines = exportOf(9, 4);
    const r = records(lines)[7]!;
    const actor = r.actor as AuditActor;
    r.actor = { id: actor.id, email: actor.name };
    expect(verify(lines)).toMatchObject({ ok: false, problem: 'edited', seq: 8 });
  });
});

describe('a chain continued from a signed checkpoint (archived records)', () => {
  it('accepts an export whose first record follows the checkpoint, and says where it starts', () => {
    expect(verify(checkpointedExport(10, 4, 6))).toEqual({
      ok: true,
      records: 6,
      chains: [CHAIN],
      heads: 1,
      checkpoints: 1,
      starts: [{ chain: CHAIN, seq: 5, from: 'checkpoint' }],
    });
  });

  it('accepts an archive: the previous checkpoint, its records, their heads and the checkpoint closing them', () => {
    const all = chainOf(12, 3);
    const archive = [signed('checkpoint', all[2]!), ...all.slice(3, 8), signed('head', all[5]!), signed('checkpoint', all[7]!)];
    expect(verify(archive)).toMatchObject({ ok: true, records: 5, heads: 1, checkpoints: 2 });
    // The next archive (or export) starts with that same checkpoint.
    const rest = [signed('checkpoint', all[7]!), ...all.slice(8), signed('head', all[11]!)];
    expect(verify(rest)).toMatchObject({ ok: true, records: 4, starts: [{ seq: 9, from: 'checkpoint' }] });
  });

  it('accepts a checkpoint with nothing after it (the whole chain was archived)', () => {
    const all = chainOf(3);
    expect(verify([signed('checkpoint', all[2]!)])).toMatchObject({ ok: true, records: 0, checkpoints: 1 });
  });

  it('refuses a forged checkpoint: signed by another key, or altered after signing', () => {
    const lines = checkpointedExport(10, 4);
    const records10 = chainOf(10);
    lines[0] = signed('checkpoint', records10[3]!, other.privateKey);
    expect(verify(lines)).toMatchObject({ ok: false, problem: 'checkpoint', line: 1 });
    const altered = checkpointedExport(10, 4);
    (altered[0] as { seq: number }).seq = 3;
    expect(verify(altered)).toMatchObject({ ok: false, problem: 'checkpoint', line: 1 });
  });

  it('refuses a checkpoint that does not lead to the first record (a genuine one of another state of the chain)', () => {
    const lines = checkpointedExport(10, 4);
    lines[0] = signed('checkpoint', { seq: 4, hash: 'e'.repeat(64) });
    expect(verify(lines)).toMatchObject({ ok: false, problem: 'checkpoint', seq: 5 });
  });

  it('names the records deleted right after the checkpoint, and a record from before it', () => {
    const deleted = checkpointedExport(10, 4).filter((l) => !(l.type === 'record' && l.seq === 5));
    expect(verify(deleted)).toMatchObject({ ok: false, problem: 'deleted', seq: 5 });
    const all = chainOf(10);
    const early = [signed('checkpoint', all[3]!), all[3]!, ...all.slice(4), signed('head', all[9]!)];
    expect(verify(early)).toMatchObject({ ok: false, problem: 'checkpoint', seq: 4 });
  });

  it('refuses a signed head relabelled as a checkpoint (its signature covers its kind)', () => {
    // Issue 31 §7: records 1–4 deleted, and the head signed for record 4 put first as a "checkpoint": the verifier
    // read the rest as continuing an archive and printed VALID.
    const all = chainOf(10, 0);
    const relabelled = { ...signed('head', all[3]!), type: 'checkpoint' } as ExportLine;
    expect(verify([relabelled, ...all.slice(4), signed('head', all[9]!)])).toMatchObject({
      ok: false,
      problem: 'checkpoint',
      line: 1,
    });
  });

  it('still names an edit, a deletion, an insertion and a swap after the checkpoint', () => {
    const edited = checkpointedExport(10, 4, 6);
    (records(edited)[3] as { target: string }).target = 'elsewhere';
    expect(verify(edited)).toMatchObject({ ok: false, problem: 'edited', seq: 8 });

    const deleted = checkpointedExport(10, 4, 6).filter((l) => !(l.type === 'record' && l.seq === 7));
    expect(verify(deleted)).toMatchObject({ ok: false, problem: 'deleted', seq: 7 });

    const inserted = checkpointedExport(10, 4, 6);
    inserted.splice(3, 0, rehashed(records(inserted)[2]!, { outcome: 'failure' }));
    expect(verify(inserted)).toMatchObject({ ok: false, problem: 'inserted', seq: 7 });

    const swapped = checkpointedExport(10, 4, 6);
    [swapped[2], swapped[3]] = [swapped[3]!, swapped[2]!];
    expect(verify(swapped)).toMatchObject({ ok: false, problem: 'reordered', seq: 6 });
  });
});

import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { and, asc, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { AuditPage } from '@proxai/contract';
import { auditCheckpoints, auditEvents } from '../../db/schema';
import { createTestApp, type TestApp } from '../../testing/app';
import { TEST_DATABASE_KINDS } from '../../testing/database';
import { buildOrganisation, buildUser } from '../../testing/factories';
import { giveLicence } from '../hosts/hosts.testing';
import { buildPlatformAdmin, withEmailStepUp } from '../mfa/step-up.testing';
import { evidenceKeyFor } from '../restore-tests/evidence-key';
import { archiveExpired, type Archive } from './audit-archive';
import { verifyExport } from './audit-verifier';
import { recordAudit } from './audit.repository';
import { evidencePublicKey, verifyCli } from './audit.testing';

/**
 * Retention by archiving (issue 21): an owner (or the platform's administrators) archives the records before a
 * date; the answer is the archive, checked offline like an export; exactly those records leave the database, a
 * signed checkpoint stays, and the rest of the chain is still checked from it. The retention pass does the same
 * for every chain past AUDIT_RETENTION_DAYS, once across replicas.
 */
describe.each(TEST_DATABASE_KINDS)('archiving the audit trail on %s', (kind) => {
  let t: TestApp;
  let dataDir: string;
  beforeAll(async () => {
    dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'proxai-audit-archive-'));
    t = await createTestApp({ jobs: true, database: kind, env: { RATE_LIMIT_ENABLED: 'false', DATA_DIR: dataDir } });
  });
  afterAll(async () => {
    await t?.close();
    fs.rmSync(dataDir, { recursive: true, force: true });
  });

  const OLD = (day: number) => new Date(Date.UTC(2025, 0, day, 12));
  const BEFORE = '2025-06-01T00:00:00Z';

  /** An organisation with an owner, an admin and an operator, and `old` records of January 2025 then `recent` ones. */
  async function team(old: number, recent: number) {
    const org = await buildOrganisation(t.database.db);
    await giveLicence(t.database.db, org.id, 'enterprise');
    const owner = await buildUser(t.database.db, { organisationId: org.id, orgRole: 'owner' });
    const admin = await buildUser(t.database.db, { organisationId: org.id, orgRole: 'admin' });
    const operator = await buildUser(t.database.db, { organisationId: org.id, orgRole: 'operator' });
    for (let i = 1; i <= old; i++) {
      await recordAudit(t.database.db, {
        action: 'test.old',
        outcome: 'success',
        organisationId: org.id,
        actorEmail: owner.user.email,
        details: { i },
        at: OLD(i),
      });
    }
    for (let i = 1; i <= recent; i++) {
      await recordAudit(t.database.db, { action: 'test.recent', outcome: 'success', organisationId: org.id, details: { i } });
    }
    return { org, owner, admin, operator, chain: `org:${org.id}` };
  }
  const archive = (who: { auth: { authorization: string }; user: { email: string } }, before = BEFORE) =>
    withEmailStepUp(t.app, who.auth, who.user.email, { method: 'POST', url: '/api/audit/archive', payload: { before } });
  const exportOf = async (auth: { authorization: string }) => {
    const res = await t.app.inject({ method: 'GET', url: '/api/audit/export', headers: auth });
    expect(res.statusCode, res.body).toBe(200);
    return res.body;
  };
  const seqsOf = async (chain: string) =>
    (
      await t.database.db
        .select({ seq: auditEvents.seq })
        .from(auditEvents)
        .where(eq(auditEvents.chain, chain))
        .orderBy(asc(auditEvents.seq))
    ).map((r) => r.seq);
  const linesOf = (body: string) =>
    body
      .trim()
      .split('\n')
      .map((l) => JSON.parse(l) as { type: string; seq: number; hash: string; action?: string });

  it('an owner archives the records before a date: the archive verifies, exactly they leave, the export starts from the checkpoint', async () => {
    const { owner, chain, org } = await team(5, 3);
    const key = (await evidencePublicKey(t.app)).key;
    const res = await archive(owner);
    expect(res.statusCode, res.body).toBe(200);
    expect(res.headers['content-type']).toContain('application/x-ndjson');
    expect(res.headers['x-archived-records']).toBe('5');
    expect(res.headers['x-archive-more']).toBe('0');
    expect(res.headers['content-disposition']).toBe('attachment; filename="proxai-audit-archive-1-5.jsonl"');
    const archived = linesOf(res.body);
    expect(archived.filter((l) => l.type === 'record').map((l) => l.seq)).toEqual([1, 2, 3, 4, 5]);
    expect(archived.at(-1)).toMatchObject({ type: 'checkpoint', seq: 5 });
    expect(verifyExport(res.body, key)).toMatchObject({
      ok: true,
      records: 5,
      checkpoints: 1,
      starts: [{ chain, seq: 1, from: 'genesis' }],
    });
    // Written to DATA_DIR before the records were removed, byte for byte.
    const file = path.join(dataDir, 'audit-archive', `org_${org.id}-1-5.jsonl`);
    expect(fs.readFileSync(file, 'utf8')).toBe(res.body);

    // Exactly those records left; the checkpoint stays; the archiving is itself recorded, by the owner.
    const seqs = await seqsOf(chain);
    expect(seqs[0]).toBe(6);
    expect(seqs).not.toContain(5);
    const [checkpoint] = await t.database.db.select().from(auditCheckpoints).where(eq(auditCheckpoints.chain, chain));
    expect(checkpoint).toMatchObject({
      seq: 5,
      fromSeq: 1,
      hash: archived.find((l) => l.seq === 5 && l.type === 'record')!.hash,
    });
    const page = (
      await t.app.inject({ method: 'GET', url: '/api/audit?action=audit.archive', headers: owner.auth })
    ).json<AuditPage>();
    expect(page.records).toHaveLength(1);
    expect(page.records[0]).toMatchObject({
      actor: { type: 'user', id: owner.user.id, name: owner.user.email },
      target: chain,
      details: { from_seq: 1, to_seq: 5, records: 5, file: `org_${org.id}-1-5.jsonl` },
    });

    // The rest of the chain is checked from the checkpoint.
    const body = await exportOf(owner.auth);
    expect(linesOf(body)[0]).toMatchObject({ type: 'checkpoint', seq: 5, hash: checkpoint!.hash });
    expect(verifyExport(body, key)).toMatchObject({ ok: true, checkpoints: 1, starts: [{ chain, seq: 6, from: 'checkpoint' }] });

    // Nothing is that old any more.
    const again = await archive(owner);
    expect(again.statusCode, again.body).toBe(200);
    expect(again.headers['x-archived-records']).toBe('0');
    expect(again.body).toBe('');
  });

  it('refuses admins and operators before any step-up, and a date in the future', async () => {
    const { owner, admin, operator, chain } = await team(2, 0);
    for (const who of [admin, operator]) {
      const res = await t.app.inject({
        method: 'POST',
        url: '/api/audit/archive',
        headers: who.auth,
        payload: { before: BEFORE },
      });
      expect(res.statusCode, res.body).toBe(403);
    }
    const future = await t.app.inject({
      method: 'POST',
      url: '/api/audit/archive',
      headers: owner.auth,
      payload: { before: new Date(Date.now() + 86_400_000).toISOString() },
    });
    expect(future.statusCode, future.body).toBe(400);
    // Only records older than 30 days (issue 31 §7): archiving "up to now" would take the trail from everyone's view.
    for (const daysAgo of [0, 29]) {
      const recent = await t.app.inject({
        method: 'POST',
        url: '/api/audit/archive',
        headers: owner.auth,
        payload: { before: new Date(Date.now() - daysAgo * 86_400_000).toISOString() },
      });
      expect(recent.statusCode, recent.body).toBe(400);
      expect(recent.json<{ detail: string }>().detail).toMatch(/older than 30 days/);
    }
    // An owner is asked for a second factor first.
    const unproven = await t.app.inject({
      method: 'POST',
      url: '/api/audit/archive',
      headers: owner.auth,
      payload: { before: BEFORE },
    });
    expect(unproven.json<{ code: string }>()).toMatchObject({ code: 'step_up_required' });
    expect(await seqsOf(chain)).toEqual([1, 2]);
  });

  it('tells the other owners and admins, and is held for a second member where the organisation uses approvals', async () => {
    // Issue 31 §7: an owner archived the whole trail in one step-up; other admins lost it from view, unaware.
    const { org, owner, admin, operator, chain } = await team(4, 1);
    const second = await buildUser(t.database.db, { organisationId: org.id, orgRole: 'owner' });
    const mailsTo = (email: string) => t.app.mailer.outbox.filter((m) => m.to === email && /audit/.test(m.subject));
    const policy = await withEmailStepUp(t.app, owner.auth, owner.user.email, {
      method: 'PUT',
      url: '/api/organisation/security',
      payload: { require_mfa: false, approval_actions: ['hosts.delete'] },
    });
    expect(policy.statusCode, policy.body).toBe(200);

    // Held: nothing leaves the trail until another owner approves.
    const held = await archive(owner);
    expect(held.statusCode, held.body).toBe(202);
    const approvalId = held.json<{ code: string; approval_id: string }>().approval_id;
    expect(held.json()).toMatchObject({ code: 'approval_required' });
    expect(await seqsOf(chain)).toEqual(expect.arrayContaining([1, 2, 3, 4]));
    const approved = await withEmailStepUp(t.app, second.auth, second.user.email, {
      method: 'POST',
      url: `/api/approvals/${approvalId}/approve`,
    });
    expect(approved.statusCode, approved.body).toBe(200);
    expect((await seqsOf(chain)).filter((seq) => (seq ?? 0) <= 4)).toEqual([]);

    // The others are told, in their language (French here), who archived how many records up to when; the one who
    // archived is not.
    for (const other of [admin, second]) {
      const [mail] = mailsTo(other.user.email);
      expect(mail?.subject).toBe(`Le journal d’audit de ${org.name} a été archivé`);
      expect(mail?.text).toContain(
        `${owner.user.email} a archivé les entrées du journal d’audit de ${org.name} écrites avant le 2025-06-01. Entrées archivées\u00a0: 4.`,
      );
      expect(mail?.text).toMatch(/Si vous ne vous y attendiez pas/);
    }
    expect(mailsTo(owner.user.email)).toEqual([]);
    expect(mailsTo(operator.user.email)).toEqual([]);
  });

  it('a forged checkpoint and a record deleted after it are named by the verifier of the next export', async () => {
    const { owner, chain } = await team(4, 3);
    const key = (await evidencePublicKey(t.app)).key;
    expect((await archive(owner)).statusCode).toBe(200);
    const [checkpoint] = await t.database.db.select().from(auditCheckpoints).where(eq(auditCheckpoints.chain, chain));
    // Someone with the database rewrites the checkpoint to hide what came after it: its signature no longer holds.
    await t.database.db
      .update(auditCheckpoints)
      .set({ hash: 'f'.repeat(64) })
      .where(eq(auditCheckpoints.chain, chain));
    expect(verifyExport(await exportOf(owner.auth), key)).toMatchObject({ ok: false, problem: 'checkpoint', line: 1 });
    await t.database.db.update(auditCheckpoints).set({ hash: checkpoint!.hash }).where(eq(auditCheckpoints.chain, chain));
    expect(verifyExport(await exportOf(owner.auth), key)).toMatchObject({ ok: true });
    // The record right after the checkpoint removed without archiving.
    await t.database.db.delete(auditEvents).where(and(eq(auditEvents.chain, chain), eq(auditEvents.seq, 5)));
    expect(verifyExport(await exportOf(owner.auth), key)).toMatchObject({ ok: false, problem: 'deleted', seq: 5 });
  });

  it('a platform administrator archives the platform’s chain', async () => {
    for (let i = 1; i <= 3; i++) {
      await recordAudit(t.database.db, { action: 'test.platform', outcome: 'success', details: { i }, at: OLD(i) });
    }
    // After the old records: enrolling the administrator's factor writes to the platform's chain now.
    const platformAdmin = await buildPlatformAdmin(t.app, t.database.db);
    const res = await platformAdmin.stepUp({ method: 'POST', url: '/api/audit/archive', payload: { before: BEFORE } });
    expect(res.statusCode, res.body).toBe(200);
    const records = linesOf(res.body).filter((l) => l.type === 'record');
    expect(records.length).toBeGreaterThanOrEqual(3);
    expect(records.every((l) => (l as unknown as { chain: string }).chain === 'platform')).toBe(true);
    expect(verifyExport(res.body, (await evidencePublicKey(t.app)).key)).toMatchObject({ ok: true });
    const left = await t.database.db.select().from(auditEvents).where(eq(auditEvents.action, 'test.platform'));
    expect(left).toEqual([]);
  });

  it('the retention pass archives each chain batch after batch, once across replicas, and the files and the rest verify in turn', async () => {
    const { owner, chain, org } = await team(10, 2);
    const key = evidenceKeyFor(t.config, t.app.log);
    const dir = path.join(dataDir, 'retention');
    // Two replicas at once: the chain head's lock lets one archive a given record; the other finds it gone.
    const passes = await Promise.all([
      archiveExpired(t.database.db, key, { days: 30, dir, limit: 4 }),
      archiveExpired(t.database.db, key, { days: 30, dir, limit: 4 }),
    ]);
    const ours = passes.flat().filter((a: Archive) => a.chain === chain);
    expect(ours.map((a) => [a.fromSeq, a.toSeq]).sort((a, b) => a[0]! - b[0]!)).toEqual([
      [1, 4],
      [5, 8],
      [9, 10],
    ]);
    expect(
      fs
        .readdirSync(dir)
        .filter((f) => f.startsWith(`org_${org.id}-`))
        .sort(),
    ).toEqual([`org_${org.id}-1-4.jsonl`, `org_${org.id}-5-8.jsonl`, `org_${org.id}-9-10.jsonl`]);
    const publicKey = (await evidencePublicKey(t.app)).key;
    // Each file verifies; each after the first starts with the checkpoint that closed the one before.
    const files = ['1-4', '5-8', '9-10'].map((r) => fs.readFileSync(path.join(dir, `org_${org.id}-${r}.jsonl`), 'utf8'));
    expect(files.map((f) => verifyExport(f, publicKey))).toMatchObject([
      { ok: true, records: 4, starts: [{ seq: 1, from: 'genesis' }] },
      { ok: true, records: 4, starts: [{ seq: 5, from: 'checkpoint' }] },
      { ok: true, records: 2, starts: [{ seq: 9, from: 'checkpoint' }] },
    ]);
    expect(linesOf(files[1]!)[0]).toEqual(linesOf(files[0]!).at(-1));
    // The system archived them, three times (each archive is recorded in the chain).
    const records = await t.database.db
      .select()
      .from(auditEvents)
      .where(and(eq(auditEvents.chain, chain), eq(auditEvents.action, 'audit.archive')));
    expect(records.map((r) => [r.actorType, r.actorName])).toEqual([
      ['system', 'ProxAI'],
      ['system', 'ProxAI'],
      ['system', 'ProxAI'],
    ]);
    expect(verifyExport(await exportOf(owner.auth), publicKey)).toMatchObject({
      ok: true,
      starts: [{ seq: 11, from: 'checkpoint' }],
    });
    // A second pass finds nothing that old.
    expect((await archiveExpired(t.database.db, key, { days: 30, dir })).filter((a) => a.chain === chain)).toEqual([]);
  });

  it('npm run audit:verify accepts an export from a checkpoint and refuses one whose checkpoint was forged', async () => {
    const { owner, chain } = await team(3, 2);
    expect((await archive(owner)).statusCode).toBe(200);
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'proxai-audit-cli-'));
    try {
      const file = path.join(dir, 'export.jsonl');
      const body = await exportOf(owner.auth);
      fs.writeFileSync(file, body);
      const key = (await evidencePublicKey(t.app)).base64;
      const good = await verifyCli([file, '--public-key', key], dir);
      expect(good, good.stderr).toMatchObject({ code: 0 });
      expect(good.stdout).toMatch(/1 checkpoint\(s\)/);
      expect(good.stdout).toContain(`${chain}: from record 4, after the signed checkpoint of record 3`);
      const [first, ...rest] = body.split('\n');
      const forged = { ...(JSON.parse(first!) as Record<string, unknown>), hash: 'a'.repeat(64) };
      fs.writeFileSync(file, [JSON.stringify(forged), ...rest].join('\n'));
      const bad = await verifyCli([file, '--public-key', key], dir);
      expect(bad.code).toBe(1);
      expect(bad.stderr).toMatch(/^CHECKPOINT: .*forged/);
    } finally {
      fs.rmSync(dir, { recursive: true, force: true });
    }
  });
});

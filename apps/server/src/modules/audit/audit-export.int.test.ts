import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { auditEvents } from '../../db/schema';
import { createTestApp, type TestApp } from '../../testing/app';
import { buildOrganisation, buildUser } from '../../testing/factories';
import { giveLicence } from '../hosts/hosts.testing';
import { evidenceKeyFor } from '../restore-tests/evidence-key';
import { exportChain } from './audit-export';
import { verifyExport } from './audit-verifier';
import { recordAudit } from './audit.repository';
import { evidencePublicKey, verifyCli } from './audit.testing';

describe('the audit trail: a hash chain per organisation, exported and verified offline', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp({ jobs: true, env: { RATE_LIMIT_ENABLED: 'false' } });
  });
  afterAll(async () => {
    await t?.close();
  });

  async function team() {
    const org = await buildOrganisation(t.database.db);
    await giveLicence(t.database.db, org.id, 'enterprise');
    const owner = await buildUser(t.database.db, { organisationId: org.id, orgRole: 'owner' });
    const operator = await buildUser(t.database.db, { organisationId: org.id, orgRole: 'operator' });
    return { org, owner, operator };
  }
  const publicKey = async () => (await evidencePublicKey(t.app)).key;
  const exportOf = async (auth: { authorization: string }) =>
    t.app.inject({ method: 'GET', url: '/api/audit/export', headers: auth });

  it('streams the export page by page: every record once, in order, and it verifies (issue 31 §8)', async () => {
    const { org } = await team();
    for (let i = 0; i < 23; i++) {
      await recordAudit(t.database.db, { action: 'test.page', outcome: 'success', organisationId: org.id, details: { i } });
    }
    let text = '';
    let chunks = 0;
    // Pages of 4 records: the generator reads the trail a page at a time, as the route sends it.
    for await (const chunk of exportChain(t.database.db, evidenceKeyFor(t.app.config, t.app.log), `org:${org.id}`, {}, 4)) {
      text += chunk;
      chunks += 1;
    }
    const records = text
      .trim()
      .split('\n')
      .map((l) => JSON.parse(l) as { type: string; seq: number })
      .filter((l) => l.type === 'record');
    expect(records.map((r) => r.seq)).toEqual(Array.from({ length: 23 }, (_, i) => i + 1));
    expect(chunks).toBeGreaterThanOrEqual(6);
    expect(verifyExport(text, await publicKey())).toMatchObject({ ok: true, records: 23 });
  });

  it('chains every record of an organisation, even written at once, and the export verifies with the public key', async () => {
    const { org, owner, operator } = await team();
    await Promise.all(
      Array.from({ length: 25 }, (_, i) =>
        recordAudit(t.database.db, {
          action: 'test.parallel',
          outcome: 'success',
          organisationId: org.id,
          target: `t${i}`,
          details: { i },
        }),
      ),
    );
    const invited = await t.app.inject({
      method: 'POST',
      url: '/api/invites',
      headers: owner.auth,
      payload: { email: 'new-member@example.test', role: 'operator' },
    });
    expect(invited.statusCode, invited.body).toBe(201);
    const res = await exportOf(owner.auth);
    expect(res.statusCode, res.body).toBe(200);
    expect(res.headers['content-type']).toContain('application/x-ndjson');
    const lines = res.body
      .trim()
      .split('\n')
      .map((l) => JSON.parse(l) as { type: string; seq: number; action?: string });
    const seqs = lines.filter((l) => l.type === 'record').map((l) => l.seq);
    expect(seqs).toEqual(Array.from({ length: seqs.length }, (_, i) => i + 1));
    expect(lines.some((l) => l.action === 'member.invited')).toBe(true);
    expect(lines.at(-1)).toMatchObject({ type: 'head', seq: seqs.at(-1) });
    // Nothing secret: the invite's token never reaches a record.
    expect(res.body).not.toMatch(/token/i);
    expect(verifyExport(res.body, await publicKey())).toMatchObject({
      ok: true,
      records: seqs.length,
      chains: [`org:${org.id}`],
    });
    // Another organisation's chain is not in it; an operator may not export.
    expect(res.body).not.toContain('"chain":"platform"');
    expect((await exportOf(operator.auth)).statusCode).toBe(403);
  });

  it('an edited or deleted row in the database is named by the verifier of the next export', async () => {
    const { org, owner } = await team();
    for (let i = 0; i < 5; i++)
      await recordAudit(t.database.db, { action: 'test.seq', outcome: 'success', organisationId: org.id, details: { i } });
    const chain = `org:${org.id}`;
    const key = await publicKey();
    await t.database.db
      .update(auditEvents)
      .set({ outcome: 'failure' })
      .where(and(eq(auditEvents.chain, chain), eq(auditEvents.seq, 2)));
    expect(verifyExport((await exportOf(owner.auth)).body, key)).toMatchObject({ ok: false, problem: 'edited', seq: 2 });
    await t.database.db
      .update(auditEvents)
      .set({ outcome: 'success' })
      .where(and(eq(auditEvents.chain, chain), eq(auditEvents.seq, 2)));
    expect(verifyExport((await exportOf(owner.auth)).body, key)).toMatchObject({ ok: true });
    await t.database.db.delete(auditEvents).where(and(eq(auditEvents.chain, chain), eq(auditEvents.seq, 4)));
    expect(verifyExport((await exportOf(owner.auth)).body, key)).toMatchObject({ ok: false, problem: 'deleted', seq: 4 });
  });

  it('lists the trail newest first, filtered by action prefix, actor and target, page by page', async () => {
    const { org, owner, operator } = await team();
    for (const [action, email, target] of [
      ['member.invited', 'a@example.test', 'x'],
      ['member.removed', 'b@example.test', 'y'],
      ['host.add', 'a@example.test', 'x'],
      ['member_like.other', 'a@example.test', 'x'],
    ] as const) {
      await recordAudit(t.database.db, { action, outcome: 'success', organisationId: org.id, actorEmail: email, target });
    }
    const list = async (query: string) => {
      const res = await t.app.inject({ method: 'GET', url: `/api/audit?${query}`, headers: owner.auth });
      expect(res.statusCode, res.body).toBe(200);
      return res.json<{ records: { seq: number; action: string }[]; next_before: number | null }>();
    };
    expect((await list('action=member.')).records.map((r) => r.action)).toEqual(['member.removed', 'member.invited']);
    expect((await list('actor=A@EXAMPLE&target=x')).records.map((r) => r.action)).toEqual([
      'member_like.other',
      'host.add',
      'member.invited',
    ]);
    const first = await list('limit=2');
    expect(first.records.map((r) => r.seq)).toEqual([4, 3]);
    expect((await list(`limit=2&before=${first.next_before}`)).records.map((r) => r.seq)).toEqual([2, 1]);
    expect((await t.app.inject({ method: 'GET', url: '/api/audit', headers: operator.auth })).statusCode).toBe(403);
  });

  it('npm run audit:verify checks an export offline: VALID, then names a tampered record (exit 1)', async () => {
    const { org, owner } = await team();
    for (let i = 0; i < 3; i++)
      await recordAudit(t.database.db, { action: 'test.cli', outcome: 'success', organisationId: org.id, details: { i } });
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'proxai-audit-cli-'));
    try {
      const file = path.join(dir, 'export.jsonl');
      fs.writeFileSync(file, (await exportOf(owner.auth)).body);
      const key = (await evidencePublicKey(t.app)).base64;
      const good = await verifyCli([file, '--public-key', key], dir);
      expect(good, good.stderr).toMatchObject({ code: 0 });
      expect(good.stdout).toMatch(/^VALID: .*3 records in 1 chain\(s\), 1 signed head/);
      expect(good.stdout).toContain(`org:${org.id}: from its first record`);
      fs.writeFileSync(file, fs.readFileSync(file, 'utf8').replace('"i":1', '"i":7'));
      const bad = await verifyCli([file, '--public-key', key], dir);
      expect(bad.code).toBe(1);
      expect(bad.stderr).toMatch(/^EDITED: .*record 2 of org:/);
    } finally {
      fs.rmSync(dir, { recursive: true, force: true });
    }
  });
});

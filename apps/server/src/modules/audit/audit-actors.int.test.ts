import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { AuditPage, Schedule } from '@proxai/contract';
import { auditEvents, schedules } from '../../db/schema';
import { createTestApp, type TestApp } from '../../testing/app';
import { TEST_DATABASE_KINDS } from '../../testing/database';
import { buildUser } from '../../testing/factories';
import { dispatchOnce } from '../../events/dispatcher';
import { emitEvent } from '../../events/outbox';
import { giveLicence } from '../hosts/hosts.testing';
import { schedulerTick } from '../schedules/scheduler';
import { scheduleBody, seedHost } from '../schedules/schedules.testing';
import { verifyExport } from './audit-verifier';
import { recordAudit, type AuditEvent } from './audit.repository';
import { auditSubscriber } from './audit.subscriber';
import { evidencePublicKey, writeLegacyRecord } from './audit.testing';
import { withEmailStepUp } from '../mfa/step-up.testing';

/**
 * Actors with a kind and a name (issue 21): each record names a person by e-mail, an API key or a schedule by name,
 * or the server; the page filters by both; records written before actors had a kind keep verifying.
 */
describe.each(TEST_DATABASE_KINDS)('audit actors on %s', (kind) => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp({ jobs: true, database: kind, env: { RATE_LIMIT_ENABLED: 'false', SCHEDULER_TICK_SECONDS: '60' } });
  });
  afterAll(async () => {
    await t?.close();
  });

  async function owner() {
    const o = await buildUser(t.database.db, { orgRole: 'owner' });
    await giveLicence(t.database.db, o.user.organisationId!, 'enterprise');
    return { ...o, org: o.user.organisationId! };
  }
  const list = async (auth: { authorization: string }, query: string) => {
    const res = await t.app.inject({ method: 'GET', url: `/api/audit?${query}`, headers: auth });
    expect(res.statusCode, res.body).toBe(200);
    return res.json<AuditPage>().records;
  };
  /** Hands every pending event to the audit subscriber (the app's own dispatcher may have done some already). */
  const audit = () => dispatchOnce(t.database.db, auditSubscriber);
  /**
   * The organisation's records of these actions once they are all there: the app's own dispatcher may hold the
   * subscriber's cursor (a pass of ours then skips), so this passes again until they are.
   */
  const recordsOf = async (organisationId: string, actions: string[]) => {
    for (let tries = 0; ; tries++) {
      await audit();
      const rows = await t.database.db.select().from(auditEvents).where(eq(auditEvents.organisationId, organisationId));
      if (actions.every((a) => rows.some((r) => r.action === a)) || tries > 100) return rows;
      await new Promise((r) => setTimeout(r, 50));
    }
  };

  it('records a schedule’s run with the schedule’s name as its actor, and the schedule’s change with the person', async () => {
    const o = await owner();
    await seedHost(t.database.db, o.org, [
      [101, ['night'], null],
      [102, ['night'], null],
    ]);
    await audit();
    // A schedule that stops guests is a bulk stop: its maker confirms with a mailed code (no second factor).
    const created = await withEmailStepUp(t.app, o.auth, o.user.email, {
      method: 'POST',
      url: '/api/schedules',
      payload: scheduleBody({ name: 'Nightly stop', cron: '0 3 * * *', selector: { tags: ['night'] } }),
    });
    expect(created.statusCode, created.body).toBe(201);
    const s = created.json<Schedule>();
    // Made long before the clock below: its 03:00 occurrence of 2031-01-07 is due then.
    const madeAt = new Date('2031-01-01T00:00:00Z');
    await t.database.db.update(schedules).set({ createdAt: madeAt, updatedAt: madeAt }).where(eq(schedules.id, s.id));
    await schedulerTick(
      { db: t.database.db, log: t.app.log, dispatch: async () => null },
      new Date('2031-01-07T03:00:01Z'),
      5000,
    );
    const rows = await recordsOf(o.org, ['schedule.change', 'schedule.run', 'task.request.bulk.stop']);
    const byAction = Object.fromEntries(rows.filter((r) => r.target === s.id).map((r) => [r.action, r]));
    expect(byAction['schedule.run']).toMatchObject({ actorType: 'schedule', actorId: s.id, actorName: 'Nightly stop' });
    expect(byAction['schedule.change']).toMatchObject({
      actorType: 'user',
      actorId: o.user.id,
      actorName: o.user.email,
      actorEmail: o.user.email,
    });
    const requested = rows.filter((r) => r.action === 'task.request.bulk.stop');
    expect(requested.map((r) => [r.actorType, r.actorName])).toEqual([['schedule', 'Nightly stop']]);

    // The page lists them by kind and by name.
    const bySchedules = await list(o.auth, 'actor_type=schedule');
    expect(bySchedules.map((r) => r.action).sort()).toEqual(['schedule.run', 'task.request.bulk.stop']);
    expect(bySchedules[0]!.actor).toEqual({ type: 'schedule', id: s.id, name: 'Nightly stop' });
    expect((await list(o.auth, 'actor=nightly')).map((r) => r.action).sort()).toEqual(['schedule.run', 'task.request.bulk.stop']);
    // The schedule's change and the step-up that confirmed it (it stops guests).
    expect((await list(o.auth, 'actor_type=user')).map((r) => r.action)).toEqual(['schedule.change', 'auth.step_up']);
    expect(
      verifyExport(
        (await t.app.inject({ method: 'GET', url: '/api/audit/export', headers: o.auth })).body,
        (await evidencePublicKey(t.app)).key,
      ),
    ).toMatchObject({ ok: true });
  });

  it('records an API key’s change by the key’s name and a change nobody asked for as the server’s', async () => {
    const o = await owner();
    await audit();
    const hostId = crypto.randomUUID();
    const keyId = crypto.randomUUID();
    await emitEvent(
      t.database.db,
      o.org,
      'host.removed',
      { host_id: hostId, name: 'pve7' },
      { type: 'api_key', id: keyId, name: 'Terraform CI', ip: '198.51.100.4' },
    );
    await emitEvent(t.database.db, o.org, 'host.updated', { host_id: hostId, name: 'pve7', changed: ['fingerprint'] });
    await recordsOf(o.org, ['host.delete', 'host.update']);
    const [byKey] = await list(o.auth, 'actor_type=api_key');
    expect(byKey).toMatchObject({
      action: 'host.delete',
      actor: { type: 'api_key', id: keyId, name: 'Terraform CI' },
      ip: '198.51.100.4',
      details: { host_id: hostId, name: 'pve7' },
    });
    expect((await list(o.auth, 'actor=terraform')).map((r) => r.action)).toEqual(['host.delete']);
    const [bySystem] = await list(o.auth, 'actor_type=system');
    expect(bySystem).toMatchObject({ action: 'host.update', actor: { type: 'system', id: null, name: 'ProxAI' } });
  });

  it('recordAudit: actorId/actorEmail name a person, `actor` any kind; neither, someone at an address or the server', async () => {
    const o = await owner();
    const rec = (action: string, more: Partial<AuditEvent>) =>
      recordAudit(t.database.db, { action, outcome: 'success', organisationId: o.org, ...more });
    await rec('t.person', { actorId: o.user.id, actorEmail: o.user.email });
    await rec('t.key', { actor: { type: 'api_key', id: crypto.randomUUID(), name: 'Backup script' } });
    await rec('t.nobody', { ip: '203.0.113.9' });
    await rec('t.job', {});
    const records = await list(o.auth, 'action=t.');
    expect(Object.fromEntries(records.map((r) => [r.action, r.actor]))).toEqual({
      't.person': { type: 'user', id: o.user.id, name: o.user.email },
      't.key': { type: 'api_key', id: expect.any(String), name: 'Backup script' },
      't.nobody': { type: 'user', id: null, name: null },
      't.job': { type: 'system', id: null, name: 'ProxAI' },
    });
    // The export carries the new shape, and verifies.
    const body = (await t.app.inject({ method: 'GET', url: '/api/audit/export', headers: o.auth })).body;
    expect(body).toContain('"actor":{"type":"api_key"');
    expect(verifyExport(body, (await evidencePublicKey(t.app)).key)).toMatchObject({ ok: true, records: 4 });
  });

  it('keeps records written before actors had a kind: hashed in their old shape, verified, listed and filtered', async () => {
    const o = await owner();
    await writeLegacyRecord(t.database.db, {
      organisationId: o.org,
      action: 'old.person',
      actorId: o.user.id,
      actorEmail: 'former@example.test',
    });
    // The subscriber used to keep a key's or a schedule's actor in the details.
    await writeLegacyRecord(t.database.db, {
      organisationId: o.org,
      action: 'old.schedule',
      details: { schedule_id: 'x', actor: { type: 'schedule', id: 'x', name: 'Legacy backups' } },
    });
    await writeLegacyRecord(t.database.db, { organisationId: o.org, action: 'old.nobody' });
    await recordAudit(t.database.db, {
      action: 'new.person',
      outcome: 'success',
      organisationId: o.org,
      actorEmail: 'ada@example.test',
    });

    const body = (await t.app.inject({ method: 'GET', url: '/api/audit/export', headers: o.auth })).body;
    const lines = body
      .trim()
      .split('\n')
      .map((l) => JSON.parse(l) as { type: string; action?: string; actor?: unknown });
    expect(lines.find((l) => l.action === 'old.person')!.actor).toEqual({ id: o.user.id, email: 'former@example.test' });
    expect(lines.find((l) => l.action === 'new.person')!.actor).toEqual({ type: 'user', id: null, name: 'ada@example.test' });
    expect(verifyExport(body, (await evidencePublicKey(t.app)).key)).toMatchObject({ ok: true, records: 4 });

    const records = await list(o.auth, '');
    expect(Object.fromEntries(records.map((r) => [r.action, r.actor]))).toEqual({
      'old.person': { type: 'user', id: o.user.id, name: 'former@example.test' },
      'old.schedule': { type: 'schedule', id: 'x', name: 'Legacy backups' },
      'old.nobody': { type: 'user', id: null, name: null },
      'new.person': { type: 'user', id: null, name: 'ada@example.test' },
    });
    expect((await list(o.auth, 'actor=former')).map((r) => r.action)).toEqual(['old.person']);
    expect((await list(o.auth, 'actor=legacy')).map((r) => r.action)).toEqual(['old.schedule']);
    expect((await list(o.auth, 'actor_type=schedule')).map((r) => r.action)).toEqual(['old.schedule']);
    expect((await list(o.auth, 'actor_type=user')).map((r) => r.action)).toEqual(['new.person', 'old.nobody', 'old.person']);

    // An old record edited in the database is still named.
    await t.database.db
      .update(auditEvents)
      .set({ actorEmail: 'someone-else@example.test' })
      .where(and(eq(auditEvents.organisationId, o.org), eq(auditEvents.action, 'old.person')));
    const edited = (await t.app.inject({ method: 'GET', url: '/api/audit/export', headers: o.auth })).body;
    expect(verifyExport(edited, (await evidencePublicKey(t.app)).key)).toMatchObject({ ok: false, problem: 'edited', seq: 1 });
  });

  it('refuses an unknown actor kind in the filter', async () => {
    const o = await owner();
    const res = await t.app.inject({ method: 'GET', url: '/api/audit?actor_type=robot', headers: o.auth });
    expect(res.statusCode).toBe(400);
  });
});

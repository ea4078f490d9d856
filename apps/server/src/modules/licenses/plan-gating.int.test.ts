import { describe, expect, it, beforeAll, afterAll } from 'vitest';
import { eq } from 'drizzle-orm';
import { organisations } from '../../db/schema';
import { AppError } from '../../errors';
import { createTestApp, type TestApp } from '../../testing/app';
import { buildOrganisation, buildUser } from '../../testing/factories';
import { insertUserWithOrganisation, TRIAL_DAYS } from '../auth/auth.repository';
import { giveLicence } from '../hosts/hosts.testing';
import { withEmailStepUp } from '../mfa/step-up.testing';
import { getEffectivePlan, planWith, requireFeature } from './licenses.service';

const DAY = 86_400_000;

describe('plans: the trial, the demo and features outside the plan', () => {
  let t: TestApp;
  let database: TestApp['database'];
  beforeAll(async () => {
    t = await createTestApp({ env: { RATE_LIMIT_ENABLED: 'false' } });
    database = t.database;
  });
  afterAll(async () => {
    await t?.close();
  });

  it('a new organisation runs on Pro for 14 days, then on Free', async () => {
    const user = await insertUserWithOrganisation(database.db, {
      email: `trial-${Date.now()}@example.test`,
      name: null,
      language: 'en',
      organisationName: 'Trial',
    });
    const org = user!.organisationId!;
    const now = new Date();
    const during = await getEffectivePlan(database.db, org, now);
    expect(during.plan).toBe('pro');
    expect(during.trialEndsAt!.getTime() - now.getTime()).toBeGreaterThan((TRIAL_DAYS - 1) * DAY);
    expect(during.trialEndsAt!.getTime() - now.getTime()).toBeLessThanOrEqual(TRIAL_DAYS * DAY);
    await expect(requireFeature(database.db, org, 'nightly_automation', now)).resolves.toBeUndefined();
    const after = new Date(now.getTime() + (TRIAL_DAYS + 1) * DAY);
    expect((await getEffectivePlan(database.db, org, after)).plan).toBe('free');
    // A licence bought during the trial takes over.
    await giveLicence(database.db, org, 'essential');
    expect((await getEffectivePlan(database.db, org, now)).plan).toBe('essential');
  });

  it('refuses a feature outside the plan with plan_required naming the cheapest plan that has it', async () => {
    const org = await buildOrganisation(database.db);
    const err = await requireFeature(database.db, org.id, 'nightly_automation').catch((e: unknown) => e);
    expect(err).toBeInstanceOf(AppError);
    expect(err).toMatchObject({ code: 'plan_required', status: 403, fields: { plan: 'essential' } });
    expect((err as AppError).detail).toMatch(/Essential plan/);
    expect(planWith('audit_trail')).toBe('pro');
    expect(planWith('manual_snapshots')).toBe('essential');
  });

  it('the demo organisation is Pro', async () => {
    const org = await buildOrganisation(database.db);
    await database.db.update(organisations).set({ demo: true }).where(eq(organisations.id, org.id));
    expect((await getEffectivePlan(database.db, org.id)).plan).toBe('pro');
  });

  it('answers 403 plan_required with the plan that opens it, on every automation route, below Essential', async () => {
    const owner = await buildUser(database.db, { orgRole: 'owner' });
    const guestId = crypto.randomUUID();
    const calls = [
      { method: 'GET', url: '/api/schedules' },
      { method: 'GET', url: '/api/windows' },
      { method: 'GET', url: '/api/schedules/plan?from=2031-01-01T00:00:00Z&to=2031-01-02T00:00:00Z' },
      { method: 'POST', url: '/api/vms/bulk-action', payload: { action: 'stop', ids: [guestId] } },
      { method: 'GET', url: `/api/vms/${guestId}/snapshots` },
    ] as const;
    // A bulk stop is sensitive: the plan is checked by its handler, after the step-up (the gate's order is
    // permission, step-up, approval, handler), so it is asked for first.
    const stop = calls[3];
    const asked = await t.app.inject({ ...stop, headers: owner.auth });
    expect(asked.statusCode, asked.body).toBe(401);
    expect(asked.json()).toMatchObject({ code: 'step_up_required' });
    for (const call of calls) {
      const res = await withEmailStepUp(t.app, owner.auth, owner.user.email, call);
      expect(res.statusCode, `${call.method} ${call.url}`).toBe(403);
      expect(res.json()).toMatchObject({ code: 'plan_required', plan: 'essential' });
    }
    // With Essential, the same calls pass the gate.
    await giveLicence(database.db, owner.user.organisationId!, 'essential');
    expect((await t.app.inject({ method: 'GET', url: '/api/schedules', headers: owner.auth })).statusCode).toBe(200);
  });
});

import { describe, expect, it, beforeAll, afterAll } from 'vitest';
import { eq } from 'drizzle-orm';
import { organisations } from '../../db/schema';
import { AppError } from '../../errors';
import { openTestDatabase } from '../../testing/database';
import { buildOrganisation } from '../../testing/factories';
import { insertUserWithOrganisation, TRIAL_DAYS } from '../auth/auth.repository';
import { giveLicence } from '../hosts/hosts.testing';
import { getEffectivePlan, planWith, requireFeature } from './licenses.service';

const DAY = 86_400_000;

describe('plans: the trial, the demo and features outside the plan', () => {
  let database: Awaited<ReturnType<typeof openTestDatabase>>;
  beforeAll(async () => {
    database = await openTestDatabase('pglite');
  });
  afterAll(async () => {
    await database?.close();
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
});

// Test helper of the alerts integration tests (not shipped code paths): one simulated PVE node added as a host to
// the real app (pollers every 5 s, outbox subscriber, jobs; the evaluation timer rare, so tests evaluate when they
// choose, with a chosen `now` where time must pass), and the reads and requests those tests repeat.
import { generateFleet } from '@proxai/pve-sim';
import type { AlertPage, AlertRuleSet } from '@proxai/contract';
import { and, eq, gt } from 'drizzle-orm';
import { afterAll, beforeAll, expect } from 'vitest';
import { events, hosts } from '../../db/schema';
import { startHostsTestbed, type HostsTestbed } from '../hosts/hosts-testbed.testing';
import { tokenBody } from '../hosts/hosts.testing';
import { evaluateOrganisation } from './evaluator';

/** The pollers' interval in the testbed (seconds). */
export const POLL_INTERVAL_S = 5;

/**
 * The testbed for the tests of one file (started before them, closed after): a node of `fleet.guests` guests
 * (`fleet.seed` fixes which), its host, and helpers bound to them. Read its fields inside tests.
 */
export function alertsTestbedPerFile(kind: 'pglite' | 'postgres', fleet: { guests: number; seed: number }) {
  const state = {} as { bed: HostsTestbed; org: string; hostId: string };
  beforeAll(async () => {
    const bed = await startHostsTestbed({
      spec: generateFleet({ nodes: 1, guests: fleet.guests, seed: fleet.seed, pbs: false }),
      taskDurationMs: 50,
      database: kind,
      env: { SYNC_INTERVAL_SECONDS: String(POLL_INTERVAL_S), ALERT_EVALUATION_SECONDS: '300', PVE_TIMEOUT_MS: '2000' },
      addBody: (n) => tokenBody(n),
    });
    Object.assign(state, { bed, org: bed.owner.user.organisationId!, hostId: bed.hostIds[0]! });
  }, 60_000);
  afterAll(async () => state.bed?.close());

  const db = () => state.bed.t.database.db;
  const deps = () => ({ db: db(), config: state.bed.t.config, log: state.bed.t.app.log });
  /** A request as the owner (or `auth`): its status and body. */
  const api = async <T>(
    method: 'GET' | 'PUT' | 'POST' | 'DELETE',
    url: string,
    payload?: object,
    auth = state.bed.owner.auth,
  ) => {
    const res = await state.bed.t.app.inject({ method, url, headers: auth, payload });
    return { status: res.statusCode, body: res.json<T & { detail?: string; code?: string }>() };
  };
  return {
    get t() {
      return state.bed.t;
    },
    get fleet() {
      return state.bed.fleet;
    },
    get owner() {
      return state.bed.owner;
    },
    get org() {
      return state.org;
    },
    get hostId() {
      return state.hostId;
    },
    db,
    deps,
    api,
    /** One evaluation of the organisation, as the job runs it (at `now`, default the present). */
    evaluate: (now?: Date, options: { maxSampleAgeSeconds?: number } = {}) =>
      evaluateOrganisation(deps(), state.org, { now, ...options }),
    /** GET /api/alerts (up to 200, newest first) with these filters. */
    alerts: async (filters: Record<string, string> = {}) =>
      (await api<AlertPage>('GET', `/api/alerts?${new URLSearchParams({ limit: '200', ...filters }).toString()}`)).body.items,
    /** PUT /api/alert-rules, checked. */
    putRules: async (items: unknown[]) => {
      const res = await api<AlertRuleSet>('PUT', '/api/alert-rules', { items });
      expect(res.status, JSON.stringify(res.body)).toBe(200);
      return res.body;
    },
    /** Makes the host due for a poll now (the pollers pick it up within a second). */
    pollNow: async () => {
      await db().update(hosts).set({ nextPollAt: new Date() }).where(eq(hosts.id, state.hostId));
    },
    hostRow: async () => (await db().select().from(hosts).where(eq(hosts.id, state.hostId)))[0]!,
    /** The newest event id so far (the events after it are a test's own). */
    lastEventId: async () => Math.max(0, ...(await db().select({ id: events.id }).from(events)).map((r) => r.id)),
    /** The data of the organisation's events of `type` (after event `afterId`). */
    alertEvents: async (type: string, afterId = 0) =>
      (
        await db()
          .select()
          .from(events)
          .where(and(eq(events.organisationId, state.org), eq(events.type, type), gt(events.id, afterId)))
      ).map((e) => e.data),
  };
}

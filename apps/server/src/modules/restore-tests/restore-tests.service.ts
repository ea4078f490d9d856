import { randomUUID } from 'node:crypto';
import type {
  ProbeResult,
  RestoreTest,
  RestoreTestAccepted,
  RestoreTestCreateSchema,
  RestoreTestListQuery,
  RestoreTestPage,
  RestoreTestSummary,
} from '@proxai/contract';
import { RestoreTestPolicyParamsSchema, type ScheduleKind } from '@proxai/contract';
import type { z } from 'zod';
import { AppError, notFound, errorText } from '../../errors';
import { guestLabel } from '../../jobs/pve-task';
import { authorize } from '../../access/authorize';
import { seesGuest, sqlScopeOf } from '../api-keys/scoped-lists';
import { criticalGuests, isCritical } from '../backups/critical.repository';
import { findGuestWithHost, findPresentGuests } from '../guests/guests.repository';
import { cronOf } from '../schedules/schedule-logic';
import { enabledSchedules, selectGuests } from '../schedules/schedules.repository';
import { insertTask } from '../tasks/tasks.repository';
import {
  findRestoreTest,
  insertRestoreTest,
  listRestoreTests,
  recentTestsOfGuests,
  testedGuestIds,
  type RestoreTestRow,
} from './restore-tests.repository';
import { RESTORE_TEST_RUN_JOB_NAME, RUN_KIND } from './restore-test.job';
import { parseTimeCursor, timeCursorOf } from '../../db/page-cursor';
import { creatorOf } from '../../kernel/principal';
import { type RequestContext } from '../../kernel/request-context';
import { type ServiceDeps } from '../../kernel/deps';

export type RestoreTestsDeps = ServiceDeps & { jobs: { send(name: string, data: unknown): Promise<string | null> } };

export function toRestoreTestDto(r: RestoreTestRow): RestoreTest {
  return {
    id: r.id,
    guest_id: r.guestId,
    guest_name: r.guestName,
    guest_type: r.guestType,
    vmid: r.vmid,
    host_id: r.hostId,
    backup_volid: r.backupVolid,
    backup_time: r.backupTime?.toISOString() ?? null,
    target_node: r.targetNode,
    target_storage: r.targetStorage,
    restored_vmid: r.restoredVmid,
    status: r.status,
    reason: r.reason,
    rto_seconds: r.rtoSeconds,
    timings: r.timings,
    probes: r.results as ProbeResult[],
    task_id: r.taskId,
    schedule_id: r.scheduleId,
    has_evidence: r.evidence !== null,
    created_at: r.createdAt.toISOString(),
    ended_at: r.endedAt?.toISOString() ?? null,
  };
}

/**
 * Queues a restore test (202 {id, task_id}); the `restore-test.run` job does the rest. Operators and up; a probe
 * of type `exec` runs a command of the caller's choice as root inside a copy of the guest and shows its output,
 * so it needs the admin role. A guest of another organisation is a 404 like a missing one.
 */
export async function createRestoreTest(
  deps: RestoreTestsDeps,
  ctx: RequestContext,
  input: z.output<typeof RestoreTestCreateSchema>,
): Promise<RestoreTestAccepted> {
  authorize(ctx.user, 'restore_tests.run');
  if (input.probes.some((p) => p.type === 'exec')) authorize(ctx.user, 'restore_tests.exec');
  const found = await findGuestWithHost(deps.db, ctx.organisationId, input.guest_id);
  if (!found) throw notFound('vm');
  const { guest, host } = found;
  const targetNode = input.target_node ?? guest.node;
  const id = randomUUID();
  const row = await deps.db.transaction(async (tx) => {
    const task = await insertTask(
      tx,
      {
        organisationId: ctx.organisationId,
        kind: RUN_KIND,
        params: {
          restore_test_id: id,
          vmid: guest.vmid,
          name: guest.name,
          boot_timeout_seconds: input.boot_timeout_seconds,
          healthy_timeout_seconds: input.healthy_timeout_seconds,
        },
        hostId: host.id,
        guestId: guest.id,
        createdBy: creatorOf(ctx.user),
      },
      `Restore test of ${guestLabel(guest)} on ${targetNode}, asked by ${ctx.user.email}`,
    );
    return insertRestoreTest(tx, {
      id,
      organisationId: ctx.organisationId,
      guestId: guest.id,
      hostId: host.id,
      guestName: guest.name,
      guestType: guest.type,
      vmid: guest.vmid,
      backupVolid: input.backup ?? null,
      targetNode,
      targetStorage: input.target_storage ?? null,
      probes: input.probes,
      taskId: task.id,
    });
  });
  await deps.jobs.send(RESTORE_TEST_RUN_JOB_NAME, { task_id: row.taskId });
  return { id: row.id, task_id: row.taskId };
}

/** The position after a row, opaque to clients: base64url of `created_at|id`. */
const cursorOf = (r: RestoreTestRow) => timeCursorOf(r.createdAt, r.id);

function parseCursor(cursor: string): { createdAt: Date; id: string } {
  const { at, id } = parseTimeCursor(cursor);
  return { createdAt: at, id };
}

export async function listRestoreTestsOf(
  deps: ServiceDeps,
  ctx: RequestContext,
  query: RestoreTestListQuery,
): Promise<RestoreTestPage> {
  const limit = Number(query.limit ?? 50);
  const rows = await listRestoreTests(
    deps.db,
    ctx.organisationId,
    // A scoped API key reads the tests of the guests it sees.
    { guestId: query.guest_id, status: query.status, scope: await sqlScopeOf(deps.db, ctx.user) },
    limit + 1,
    query.cursor ? parseCursor(query.cursor) : undefined,
  );
  const page = rows.slice(0, limit);
  return { items: page.map(toRestoreTestDto), next_cursor: rows.length > limit ? cursorOf(page.at(-1)!) : null };
}

async function rowOf(deps: ServiceDeps, ctx: RequestContext, id: string): Promise<RestoreTestRow> {
  const row = await findRestoreTest(deps.db, ctx.organisationId, id, await sqlScopeOf(deps.db, ctx.user));
  if (!row) throw notFound('restoreTest');
  return row;
}

export async function getRestoreTest(deps: ServiceDeps, ctx: RequestContext, id: string): Promise<RestoreTest> {
  return toRestoreTestDto(await rowOf(deps, ctx, id));
}

/** The signed evidence document of an ended test (404 while it runs). */
export async function restoreTestEvidence(deps: ServiceDeps, ctx: RequestContext, id: string): Promise<Record<string, unknown>> {
  const row = await rowOf(deps, ctx, id);
  if (!row.evidence) throw new AppError('not_found', errorText('restoreTests.noEvidence'));
  return row.evidence;
}

/** How many passed tests the RTO trend shows per guest. */
const TREND = 20;

/**
 * One row per guest that has a restore test, is critical, or is selected by an enabled restore-test schedule:
 * its last outcome, RTO trend and the next occurrence of such a schedule.
 */
export async function restoreTestSummary(deps: ServiceDeps, ctx: RequestContext, now = new Date()): Promise<RestoreTestSummary> {
  const { db } = deps;
  const org = ctx.organisationId;
  const nextAt = new Map<string, Date>();
  for (const s of await enabledSchedules(db, org)) {
    if ((s.kind as ScheduleKind) !== 'restore-test' || !RestoreTestPolicyParamsSchema.safeParse(s.params).success) continue;
    const next = cronOf(s.cron, s.timezone).nextRun(now);
    if (!next) continue;
    for (const g of await selectGuests(db, org, s.selector)) {
      const known = nextAt.get(g.id);
      if (!known || next < known) nextAt.set(g.id, next);
    }
  }
  const critical = await criticalGuests(db, org);
  const ids = [...new Set([...(await testedGuestIds(db, org)), ...critical.map((g) => g.id), ...nextAt.keys()])];
  const [guests, criticalIds, tests] = await Promise.all([
    findPresentGuests(db, org, ids),
    isCritical(db, ids),
    recentTestsOfGuests(db, ids, 50),
  ]);
  const byGuest = new Map<string, RestoreTestRow[]>();
  for (const t of tests) if (t.guestId) byGuest.set(t.guestId, [...(byGuest.get(t.guestId) ?? []), t]);
  return {
    items: guests
      .filter((g) => seesGuest(ctx.user, g))
      .map((g) => {
        const list = byGuest.get(g.id) ?? [];
        const ended = list.filter((t) => t.endedAt);
        const last = list[0];
        const passed = ended.filter((t) => t.status === 'passed');
        return {
          guest_id: g.id,
          name: g.name,
          vmid: g.vmid,
          host_id: g.hostId,
          last_status: last?.status ?? null,
          last_at: (last?.endedAt ?? last?.createdAt)?.toISOString() ?? null,
          last_passed_at: passed[0]?.endedAt?.toISOString() ?? null,
          last_rto_seconds: passed[0]?.rtoSeconds ?? null,
          rto_trend: passed
            .slice(0, TREND)
            .reverse()
            .map((t) => ({ at: t.endedAt!.toISOString(), rto_seconds: t.rtoSeconds ?? 0 })),
          next_scheduled_at: nextAt.get(g.id)?.toISOString() ?? null,
          critical: criticalIds.has(g.id),
        };
      }),
  };
}

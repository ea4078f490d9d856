import { z } from 'zod';
import type { JobDefinition, PayloadTable } from './job-runtime';

/**
 * Every job the portal queues, by name, with the schema of its payload: one table, so that queuing a job with a
 * name it does not know or a payload of the wrong shape is a type error (issue 30 §2). It imports nothing of the
 * modules whose jobs it lists: they import it (their names, `defineJob`), and the catalogue binds the handlers.
 */

/** A task's job: the task row says what to do; the job only carries its id. */
const TaskPayload = z.object({ task_id: z.uuid() });
const HostPayload = z.object({ host_id: z.uuid() });
const Empty = z.object({});

export const JOB_PAYLOADS = {
  'guest-action': TaskPayload,
  'bulk.guest-action': TaskPayload,
  'snapshot.action': TaskPayload,
  'snapshot.policy': TaskPayload,
  'backup.policy': TaskPayload,
  'backup.now': TaskPayload,
  'backup.restore': TaskPayload,
  'restore-test.run': TaskPayload,
  'restore-test.policy': TaskPayload,
  'host-poll': HostPayload,
  'backup-inventory': HostPayload,
  'metrics-backfill': z.object({ host_id: z.uuid(), owner: z.string() }),
  'metrics-agent-reads': z.object({ host_id: z.uuid(), until: z.iso.datetime() }),
  'metrics-rollup': Empty,
  'metrics-retention': Empty,
  'alert-evaluate': z.object({ organisation_id: z.uuid() }),
  'notification.deliver': z.object({ delivery_id: z.uuid() }),
  'notification.digest': Empty,
} as const satisfies PayloadTable;

export type JobPayloads = typeof JOB_PAYLOADS;
export type JobName = keyof JobPayloads;
/** What `send` takes for job `N`. */
export type JobInput<N extends JobName> = z.input<JobPayloads[N]>;

/** The jobs whose payload is a task's id (defineTaskJob's). */
export type TaskJobName = { [N in JobName]: JobPayloads[N] extends typeof TaskPayload ? N : never }[JobName];

/** Queues a job of the catalogue: a name of the table and its payload. */
export type SendJob = <N extends JobName>(name: N, data: JobInput<N>) => Promise<string | null>;

/** One entry of the portal's catalogue: the handler of job `N` with its policies (its payload is the table's). */
export type PortalJob<N extends JobName = JobName> = JobDefinition<JobPayloads, N>;

/** Any entry of the portal's catalogue. */
export type AnyPortalJob = { [N in JobName]: PortalJob<N> }[JobName];

export const defineJob = <N extends JobName>(definition: PortalJob<N>): PortalJob<N> => definition;

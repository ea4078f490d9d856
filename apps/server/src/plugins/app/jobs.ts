import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import { jobCatalogue, taskResumers } from './job-catalogue';
import type { Clock } from '../../jobs/clock';
import { JOB_PAYLOADS, type JobPayloads, type SendJob } from '../../jobs/job-payloads';
import { startJobRuntime, type JobRuntime } from '../../jobs/job-runtime';
import { startTaskRecovery, taskTiming } from '../../jobs/task-runner';
import { startPollDispatcher } from '../../modules/hosts/pollers';
import { startScheduler } from '../../modules/schedules/scheduler';
import { auditSubscriber } from '../../modules/audit/audit.subscriber';
import { startDispatcher } from '../../events/dispatcher';
import { metricsLoops, metricsSubscribers } from '../../modules/metrics/metrics.jobs';
import { collectLoops, collectSubscribers } from '../../modules/metrics/collect.jobs';
import { alertLoops, alertSubscribers } from '../../modules/alerts/alerts.jobs';
import { notificationLoops, notificationSubscribers } from '../../modules/notifications/notifications.jobs';
import { auditLoops } from '../../modules/audit/audit.jobs';
import { backupLoops } from '../../modules/backups/backups.jobs';

/** Each module's periodic loops and durable event subscribers, started with the job runtime. */
const LOOPS = [...metricsLoops, ...collectLoops, ...alertLoops, ...notificationLoops, ...backupLoops, ...auditLoops];
const SUBSCRIBERS = [
  auditSubscriber,
  ...metricsSubscribers,
  ...collectSubscribers,
  ...alertSubscribers,
  ...notificationSubscribers,
];

declare module 'fastify' {
  interface FastifyInstance {
    /** Queues durable jobs (pg-boss); started when the app is ready, stopped when it closes. */
    jobs: { send: SendJob };
  }
}

/**
 * The job runtime and everything periodic (pollers, scheduler, subscribers, loops); with PROXAI_WORKERS=0 only
 * the queueing side of the runtime (a web-only replica). `enabled: false` is for tests
 * that exercise requests alone (createTestApp's default): nothing runs in the background, and a route that queues
 * a job fails loudly, so a test that needs jobs says so (`createTestApp({ jobs: true })`).
 */
async function jobsPlugin(app: FastifyInstance, opts: { enabled: boolean; clock: Clock }): Promise<void> {
  let runtime: JobRuntime<JobPayloads> | undefined;
  let recovery: ReturnType<typeof startTaskRecovery> | undefined;
  let pollers: { stop(): Promise<void> } | undefined;
  let scheduler: { stop(): Promise<void> } | undefined;
  let subscribers: { stop(): Promise<void> } | undefined;
  let loops: { stop(): Promise<void> }[] = [];
  app.decorate('jobs', {
    send: (name, data) => {
      if (!runtime) throw new Error(opts.enabled ? 'the job runtime is not started' : 'this app runs without jobs');
      return runtime.send(name, data);
    },
  });
  if (!opts.enabled) return;
  app.addHook('onReady', async () => {
    const deps = { db: app.db, config: app.config, log: app.log, clock: opts.clock };
    const work = app.config.PROXAI_WORKERS;
    runtime = await startJobRuntime(app.database, JOB_PAYLOADS, jobCatalogue(deps), app.log, { work });
    // A web-only replica queues jobs; the replicas that run background work run them and everything periodic.
    if (!work) return;
    recovery = startTaskRecovery(app.db, taskTiming(app.config.TASK_HEARTBEAT_SECONDS), taskResumers(deps), app.log);
    const started = runtime;
    const send: SendJob = (name, data) => started.send(name, data);
    pollers = startPollDispatcher(deps, send);
    scheduler = startScheduler({ ...deps, dispatch: send }, { tickMs: app.config.SCHEDULER_TICK_SECONDS * 1000 });
    subscribers = await startDispatcher(app.db, SUBSCRIBERS, app.log);
    loops = LOOPS.map((loop) => loop.start(deps, send));
  });
  // The shutdown order (DESIGN.md §17). HTTP intake stopped before this hook (Fastify closes the server first), and
  // the database closes after it (the db plugin's hook, registered earlier, runs later): stop fetching jobs, let the
  // handlers under way end within the grace period (the rest go back to pg-boss and their tasks to recovery), then
  // stop the periodic work, and the job runtime last, once none of its statements is under way.
  app.addHook('onClose', async () => {
    const graceEnds = Date.now() + app.config.SHUTDOWN_GRACE_MS;
    await runtime?.drain(app.config.SHUTDOWN_GRACE_MS);
    await recovery?.stop(Math.max(0, graceEnds - Date.now()));
    await Promise.all(loops.map((l) => l.stop()));
    loops = [];
    await scheduler?.stop();
    await pollers?.stop();
    await subscribers?.stop();
    await runtime?.stop();
    runtime = undefined;
  });
}

export const jobs = fp(jobsPlugin, { name: 'jobs', dependencies: ['db'] });

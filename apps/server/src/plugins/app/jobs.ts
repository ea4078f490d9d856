import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import { jobCatalogue, taskResumers } from '../../jobs/catalogue';
import { startJobRuntime, type JobRuntime } from '../../jobs/job-runtime';
import { startTaskRecovery, taskTiming } from '../../jobs/task-runner';
import { startPollDispatcher } from '../../modules/hosts/pollers';
import { startScheduler } from '../../modules/schedules/scheduler';
import { auditSubscriber } from '../../modules/audit/audit.subscriber';
import { startDispatcher } from '../../modules/events/dispatcher';
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
    jobs: Pick<JobRuntime, 'send'>;
  }
}

async function jobsPlugin(app: FastifyInstance): Promise<void> {
  let runtime: JobRuntime | undefined;
  let recovery: { stop(): Promise<void> } | undefined;
  let pollers: { stop(): Promise<void> } | undefined;
  let scheduler: { stop(): Promise<void> } | undefined;
  let subscribers: { stop(): Promise<void> } | undefined;
  let loops: { stop(): Promise<void> }[] = [];
  app.decorate('jobs', {
    send: (name: string, data: unknown) => {
      if (!runtime) throw new Error('the job runtime is not started');
      return runtime.send(name, data);
    },
  });
  app.addHook('onReady', async () => {
    const deps = { db: app.db, config: app.config, log: app.log };
    runtime = await startJobRuntime(app.database, jobCatalogue(deps), app.log);
    recovery = startTaskRecovery(app.db, taskTiming(app.config.TASK_HEARTBEAT_SECONDS), taskResumers(deps), app.log);
    const started = runtime;
    pollers = startPollDispatcher(deps, (name, data) => started.send(name, data));
    scheduler = startScheduler(
      { ...deps, dispatch: (name, data) => started.send(name, data) },
      { tickMs: app.config.SCHEDULER_TICK_SECONDS * 1000 },
    );
    subscribers = await startDispatcher(app.db, SUBSCRIBERS, app.log);
    loops = LOOPS.map((loop) => loop.start(deps, (name, data) => started.send(name, data)));
  });
  app.addHook('onClose', async () => {
    await Promise.all(loops.map((l) => l.stop()));
    loops = [];
    await scheduler?.stop();
    await pollers?.stop();
    await subscribers?.stop();
    await recovery?.stop();
    await runtime?.stop();
    runtime = undefined;
  });
}

export const jobs = fp(jobsPlugin, { name: 'jobs', dependencies: ['db'] });

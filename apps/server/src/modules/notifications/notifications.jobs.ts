import { periodic, type BackgroundDeps, type BackgroundLoop } from '../../jobs/background';
import { defineJob, type AnyPortalJob } from '../../jobs/job-payloads';
import type { Subscriber } from '../../events/dispatcher';
import { attemptDelivery, pumpDeliveries } from './delivery';
import { webhookEventRouter } from './event-webhooks';
import { notificationRouter, sendDueDigests } from './routing';

/**
 * Notifications in the background: two outbox subscribers route alert events, and the domain events organisation
 * webhooks subscribe to (event-webhooks.ts), into deliveries; each replica's pump leases due deliveries and queues
 * one `notification.deliver` job each (its own retries live on the delivery row, so the job itself is not
 * retried); a loop queues the `notification.digest` singleton job that turns ended quiet hours into digests.
 */

export const DELIVER_JOB = 'notification.deliver';
export const DIGEST_JOB = 'notification.digest';
const PUMP_MS = 1000;
const DIGEST_MS = 30_000;

export function notificationJobs(deps: BackgroundDeps): AnyPortalJob[] {
  return [
    defineJob({
      name: DELIVER_JOB,
      handler: async ({ delivery_id }) => {
        await attemptDelivery(deps, delivery_id);
      },
      retryLimit: 0,
      retryDelaySeconds: 0,
      // The attempt itself times out after 10 s (outbound-http); the lease (2 min) covers a crashed worker.
      expireInSeconds: 60,
      // Many short jobs side by side, so one slow receiver (10 s timeout) does not stall the rest.
      concurrency: 20,
    }),
    defineJob({
      name: DIGEST_JOB,
      handler: async () => {
        await sendDueDigests(deps.db);
      },
      retryLimit: 2,
      retryDelaySeconds: 10,
      expireInSeconds: 120,
      singletonKey: () => 'digest',
      policy: 'stately',
    }),
  ];
}

export const notificationLoops: BackgroundLoop[] = [
  periodic('notification-pump', { periodMs: PUMP_MS }, (deps, send) =>
    pumpDeliveries(deps, (id) => send(DELIVER_JOB, { delivery_id: id })),
  ),
  periodic('notification-digest', { periodMs: DIGEST_MS }, (_deps, send) => send(DIGEST_JOB, {})),
];

export const notificationSubscribers: Subscriber[] = [notificationRouter(), webhookEventRouter()];

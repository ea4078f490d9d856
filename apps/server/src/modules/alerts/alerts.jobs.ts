import { periodic, type BackgroundDeps, type BackgroundLoop } from '../../jobs/background';
import { defineJob, type AnyPortalJob } from '../../jobs/job-payloads';
import type { Subscriber } from '../../events/dispatcher';
import { organisationsWithHosts } from './alerts.repository';
import { evaluateOrganisation } from './evaluator';
import { guestStopSubscriber } from './guest-stops';

// The alert evaluator's wiring: a timer on every replica queues, every ALERT_EVALUATION_SECONDS, one job per
// organisation with hosts ('stately' per organisation: at most one queued and one running across replicas); the
// evaluation itself takes the organisation's advisory lock as well. Guest stops come in through a durable
// subscriber of the outbox.

export const ALERT_EVALUATE_JOB = 'alert-evaluate';

export function alertJobs(deps: BackgroundDeps): AnyPortalJob[] {
  return [
    defineJob({
      name: ALERT_EVALUATE_JOB,
      handler: async (data) => {
        await evaluateOrganisation(deps, data.organisation_id);
      },
      // The next tick evaluates again: a failed pass is not worth retrying.
      retryLimit: 0,
      retryDelaySeconds: 1,
      expireInSeconds: 120,
      singletonKey: (data) => data.organisation_id,
      policy: 'stately',
    }),
  ];
}

const evaluatorLoop = periodic(
  'alert-evaluator',
  (config) => ({ periodMs: config.ALERT_EVALUATION_SECONDS * 1000 }),
  async (deps, send) => {
    for (const organisationId of await organisationsWithHosts(deps.db)) {
      await send(ALERT_EVALUATE_JOB, { organisation_id: organisationId });
    }
  },
);

export const alertLoops: BackgroundLoop[] = [evaluatorLoop];

export const alertSubscribers: Subscriber[] = [guestStopSubscriber];

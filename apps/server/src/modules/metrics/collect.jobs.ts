import type { BackgroundDeps, BackgroundLoop } from '../../jobs/background';
import type { AnyPortalJob } from '../../jobs/job-payloads';
import type { Subscriber } from '../../events/dispatcher';
import { agentDispatchLoop, agentReadJob } from './collect/agent-reads';
import { backfillDispatchLoop, backfillJob } from './collect/backfill';
import { backfillSubscriber } from './collect/backfill-state';

// Metric collection beside the poll (ADR 012): history backfill of added hosts, guest-agent memory reads.

export function collectJobs(deps: BackgroundDeps): AnyPortalJob[] {
  return [backfillJob(deps), agentReadJob(deps)];
}

export const collectLoops: BackgroundLoop[] = [backfillDispatchLoop, agentDispatchLoop];

export const collectSubscribers: Subscriber[] = [backfillSubscriber];

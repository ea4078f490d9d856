// The metric store's API (briefs: interfaces.md; ADR 011): what the poller, the collectors, the alert engine and the
// routes use. Writes go to staging (writeSamples) or straight to a tier (writeHistory); reads are querySeries
// (charts) and latestValues (alerts, exposition).
export { METRIC_NAMES, subjectKey, type MetricName, type Subject, type SubjectKind } from './catalogue';
export { writeSamples, latestValues, type SampleBatch } from './staging';
export { writeHistory } from './history';
export { querySeries, RANGES } from './query';
export { runRollup, runRetention, type RollupOutcome } from './compact';
export { recordPoll, type PollRecord } from './record-poll';

import type { LightMyRequestResponse } from 'fastify';
import { brief, type RouteStats } from './judge';
import { type Plan } from './plans';
import { type FuzzRequest } from './requests';

/*
 * What a fuzz run prints: the per-route table of answers, and the bad answers grouped by route and kind of problem,
 * each with one full example and the cases that showed it: one line per kind of bug, however many requests hit it.
 */

/** Bad answers by `route: problem`. */
export type Problems = Map<string, { count: number; example: string; labels: Set<string> }>;

/** Counts one bad answer under `key`, keeping the first request that showed it and up to 12 kinds of cases. */
export function recordProblem(
  problems: Problems,
  key: string,
  plan: Plan,
  request: FuzzRequest,
  res: LightMyRequestResponse,
): void {
  const seen = problems.get(key);
  const label = `${plan.phase} ${plan.focus}: ${[plan.body.label, plan.params.label, plan.query.label, plan.headers.label].join(' / ')}`;
  if (seen) {
    seen.count++;
    if (seen.labels.size < 12) seen.labels.add(label);
  } else
    problems.set(key, {
      count: 1,
      labels: new Set([label]),
      example: `${plan.phase}/${plan.focus}/${plan.caller}/${plan.body.label}/${plan.params.label}/${plan.query.label}/${plan.headers.label} ${request.method} ${brief(request.url)} body=${brief(request.payload)} -> ${res.statusCode} ${brief(res.body)}`,
    });
}

/** One entry per kind of bad answer, for the assertion message. */
export function problemReport(problems: Problems): string[] {
  return [...problems.entries()].map(
    ([key, p]) => `${key} (x${p.count})\n    e.g. ${p.example}\n    cases: ${[...p.labels].join('; ')}`,
  );
}

/** The run's table: per route, requests sent, answers by status class, 400s by part, valid requests let through. */
export function statsTable(
  allStats: RouteStats[],
  run: { sent: number; swept: number; routes: number; seconds: number; seed: number },
): string {
  const { sent, swept, routes, seconds, seed } = run;
  const totals = { '2xx': 0, '3xx': 0, '4xx': 0, '5xx': 0 };
  for (const s of allStats) for (const k of Object.keys(totals) as (keyof typeof totals)[]) totals[k] += s.classes[k];
  const pad = (v: unknown, n: number) => String(v).padStart(n);
  const lines = [
    `fuzz: ${sent} requests (${swept} from the schema sweeps, ${sent - swept} random) over ${routes} routes in ${seconds.toFixed(1)} s (seed ${seed})`,
    `${'route'.padEnd(42)} ${pad('sent', 5)} ${pad('2xx', 5)} ${pad('3xx', 5)} ${pad('4xx', 5)} ${pad('5xx', 5)}  400 by part (body/params/query/headers)  valid-through     ms`,
    ...allStats.map(
      (s) =>
        `${s.route.padEnd(42)} ${pad(s.sent, 5)} ${pad(s.classes['2xx'], 5)} ${pad(s.classes['3xx'], 5)} ${pad(s.classes['4xx'], 5)} ${pad(s.classes['5xx'], 5)}  ${pad(`${s.rejected.body}/${s.rejected.params}/${s.rejected.querystring}/${s.rejected.headers}`, 38)}  ${pad(s.passedValidation, 13)} ${pad(Math.round(s.ms), 6)}`,
    ),
    `${'total'.padEnd(42)} ${pad(sent, 5)} ${pad(totals['2xx'], 5)} ${pad(totals['3xx'], 5)} ${pad(totals['4xx'], 5)} ${pad(totals['5xx'], 5)}`,
  ];
  return lines.join('\n');
}

#!/usr/bin/env node
// npm test: every check, in phases whose durations are printed, so the next regression shows where it is: build,
// typecheck, lint (with the import-cycle check), format, the unit and integration tests, the benchmarks' smoke runs,
// the browser tests.
//
// The phases run in two stages of two lanes each, side by side: the tests wait on sockets, timers, PostgreSQL, child
// processes and a browser much of the time. The static checks run beside the unit tests, the benchmarks' smoke runs
// beside the browser tests. Measured on fresh clones with PostgreSQL (2026-12-07): the unit tests took 744 s alone
// (one run of 514b8cf) and 717–745 s with the checks beside them (three runs of 2c177e4): the checks cost nothing
// there; run after them, they added their own time. The first lane's output streams; the second's is printed whole
// when it ends.
// A phase that fails stops its lane; the run stops after the stage it failed in; the summary lists every phase run.
import { spawn } from 'node:child_process';

/** Stages, each of lanes run side by side; a lane's phases (npm scripts) run one after another. */
const STAGES = [[['build']], [['test:unit'], ['typecheck', 'lint', 'format:check']], [['test:e2e'], ['bench:smoke']]];

/** Runs `npm run <script>`; answers its exit code and duration. `capture` keeps its output to print at the end. */
function run(script, { capture = false } = {}) {
  const started = Date.now();
  return new Promise((resolve) => {
    const child = spawn('npm', ['run', '--silent', script], { stdio: capture ? ['ignore', 'pipe', 'pipe'] : 'inherit' });
    const out = [];
    if (capture) {
      child.stdout.on('data', (d) => out.push(d));
      child.stderr.on('data', (d) => out.push(d));
    }
    child.on('error', (err) => out.push(Buffer.from(`${err.message}\n`)));
    child.on('close', (code) =>
      resolve({ script, code: code ?? 1, seconds: (Date.now() - started) / 1000, out: Buffer.concat(out).toString() }),
    );
  });
}

/** Runs scripts one after another, stopping at the first failure. */
async function lane(scripts, options) {
  const results = [];
  for (const script of scripts) {
    const result = await run(script, options);
    results.push(result);
    if (options?.capture)
      process.stdout.write(`\n── npm run ${script} (${result.seconds.toFixed(0)} s, exit ${result.code}) ──\n${result.out}`);
    if (result.code !== 0) break;
  }
  return results;
}

const started = Date.now();
const phases = [];
const oneLane = process.argv.includes('--one-lane');
for (const stage of STAGES) {
  const lanes = oneLane ? [stage.flat()] : stage;
  const results = await Promise.all(lanes.map((scripts, i) => lane(scripts, { capture: i > 0 })));
  phases.push(...results.flat());
  if (phases.some((p) => p.code !== 0)) break;
}

const total = (Date.now() - started) / 1000;
process.stdout.write('\n── npm test: phases (lanes of a stage run side by side) ──\n');
for (const p of phases)
  process.stdout.write(`${p.code === 0 ? 'ok    ' : 'FAILED'} ${p.script.padEnd(14)} ${p.seconds.toFixed(0).padStart(5)} s\n`);
process.stdout.write(`total ${total.toFixed(0)} s (${(total / 60).toFixed(1)} min)\n`);
process.exit(phases.some((p) => p.code !== 0) ? 1 : 0);

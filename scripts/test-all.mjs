#!/usr/bin/env node
// npm test: every check, in phases whose durations are printed, so the next regression shows where it is.
//   1. build (the web app, the server, the simulator): the unit tests of the web and the browser tests use it;
//   2. beside each other: the static checks (typecheck, lint, format, the benchmarks' smoke runs) and the unit and
//      integration tests: the tests wait on sockets and timers much of the time, which leaves room for the checks;
//   3. the browser tests.
// A phase that fails stops the run after its group (its output is shown); the summary lists every phase run.
import { spawn } from 'node:child_process';

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
const failed = () => phases.some((p) => p.code !== 0);

phases.push(...(await lane(['build'])));
if (!failed()) {
  const [checks, tests] = await Promise.all([
    lane(['typecheck', 'lint', 'format:check', 'bench:smoke'], { capture: true }),
    lane(['test:unit']),
  ]);
  phases.push(...checks, ...tests);
}
if (!failed()) phases.push(...(await lane(['test:e2e'])));

const total = (Date.now() - started) / 1000;
process.stdout.write('\n── npm test: phases ──\n');
for (const p of phases)
  process.stdout.write(`${p.code === 0 ? 'ok    ' : 'FAILED'} ${p.script.padEnd(14)} ${p.seconds.toFixed(0).padStart(5)} s\n`);
process.stdout.write(`total ${total.toFixed(0)} s (${(total / 60).toFixed(1)} min)\n`);
process.exit(failed() ? 1 : 0);

#!/usr/bin/env node
// Every benchmark's smoke run (`run.ts --smoke`: tiny sizes, its whole path, figures printed but not judged), so a
// change that breaks a benchmark fails the tests. Prints each one's duration; fails when any fails. The portal must
// be built first (`npm run build`); the browser benchmarks need Chromium (/usr/bin/chromium or CHROME_PATH) and
// pollers a PostgreSQL at 127.0.0.1:5432: each says so when it is missing.
//
// Two run side by side by default: alone, each leaves much of the second core idle (it waits on its portal, the
// simulator's latency, a poll cycle, the browser). Each one's output is printed whole when it ends.
//
//   node bench/smoke.mjs                 # all of them
//   node bench/smoke.mjs soak pollers    # some of them
//   node bench/smoke.mjs --jobs 1        # one after another, output as it comes
import { execFileSync, spawn } from 'node:child_process';
import net from 'node:net';
import path from 'node:path';
import { parseArgs } from 'node:util';
import { fileURLToPath } from 'node:url';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
/** Longest first, so the two lanes end close together. */
const BENCHMARKS = [
  'backups-render',
  'dashboard-render',
  'soak',
  'idle',
  'pollers',
  'api-read',
  'metrics-store',
  'backup-inventory',
  'pve-sync',
];
/** A smoke run that has not ended by then is stopped and fails (each takes seconds on a quiet machine). */
const TIMEOUT_MS = 5 * 60_000;

const { values, positionals } = parseArgs({ options: { jobs: { type: 'string', default: '2' } }, allowPositionals: true });
const jobs = Number(values.jobs);
const unknown = positionals.filter((name) => !BENCHMARKS.includes(name));
if (unknown.length > 0 || !(jobs >= 1)) {
  console.error(`usage: node bench/smoke.mjs [--jobs N] [${BENCHMARKS.join('|')}]…`);
  process.exit(2);
}
/** Whether a PostgreSQL answers where bench/pollers makes its database (it runs two replicas on one). */
const postgresAnswers = () =>
  new Promise((resolve) => {
    const socket = net.connect({ host: '127.0.0.1', port: 5432, timeout: 2000 }, () => {
      socket.end();
      resolve(true);
    });
    socket.on('error', () => resolve(false));
    socket.on('timeout', () => {
      socket.destroy();
      resolve(false);
    });
  });
let chosen = positionals.length > 0 ? BENCHMARKS.filter((name) => positionals.includes(name)) : BENCHMARKS;
// Without PostgreSQL (npm test runs on the embedded database alone) the pollers benchmark cannot run: said, not hidden.
if (chosen.includes('pollers') && !(await postgresAnswers())) {
  console.log('bench/pollers: skipped, no PostgreSQL answers on 127.0.0.1:5432 (it runs two replicas on one database)');
  chosen = chosen.filter((name) => name !== 'pollers');
}
const streamed = jobs === 1 || chosen.length === 1;

/** The smoke runs going on: stopped with their whole process group when this script is interrupted. */
const running = new Set();
for (const signal of ['SIGINT', 'SIGTERM'])
  process.on(signal, () => {
    for (const child of running) process.kill(-child.pid, 'SIGTERM');
    process.exit(1);
  });

/** Runs one smoke run in its own process group, so a timeout stops its portal, simulator and browser too. */
function smoke(name) {
  return new Promise((resolve) => {
    const started = performance.now();
    if (streamed) console.log(`\n── bench/${name} --smoke ──`);
    const child = spawn(process.execPath, ['--import', 'tsx', path.join('bench', name, 'run.ts'), '--smoke'], {
      cwd: root,
      stdio: ['ignore', streamed ? 'inherit' : 'pipe', streamed ? 'inherit' : 'pipe'],
      detached: true,
    });
    running.add(child);
    const output = [];
    child.stdout?.on('data', (chunk) => output.push(chunk));
    child.stderr?.on('data', (chunk) => output.push(chunk));
    let timedOut = false;
    const timer = setTimeout(() => {
      timedOut = true;
      process.kill(-child.pid, 'SIGKILL');
    }, TIMEOUT_MS);
    const done = (outcome) => {
      clearTimeout(timer);
      running.delete(child);
      const result = { name, seconds: (performance.now() - started) / 1000, ...outcome };
      if (!streamed) process.stdout.write(`\n── bench/${name} --smoke ──\n${Buffer.concat(output).toString()}`);
      console.log(`── bench/${name}: ${result.ok ? 'ok' : `FAILED (${result.why})`} in ${result.seconds.toFixed(1)} s`);
      resolve(result);
    };
    child.on('error', (err) => done({ ok: false, why: err.message }));
    // Whatever it started and left running (its pipes would keep 'close' waiting) is stopped with it.
    child.on('exit', () => {
      let left = '';
      try {
        left = execFileSync('ps', ['-o', 'args=', '-s', String(child.pid)], { encoding: 'utf8' });
      } catch {
        return; // none left: the usual case (ps exits 1 when it lists nothing)
      }
      try {
        process.kill(-child.pid, 'SIGKILL');
      } catch {
        // gone meanwhile
      }
      // A zombie (a helper that exited, such as tsx's esbuild, not yet reaped) holds nothing: not worth a word.
      const names = left
        .split('\n')
        .filter((line) => line && !line.includes('<defunct>'))
        .map((line) => line.slice(0, 60));
      if (names.length > 0) console.log(`bench/${name} left ${names.length} process(es) running, stopped: ${names.join('; ')}`);
    });
    child.on('close', (code, signal) =>
      done(
        timedOut
          ? { ok: false, why: `stopped after ${TIMEOUT_MS / 1000} s` }
          : { ok: code === 0, why: signal ? `killed by ${signal}` : `exit code ${code}` },
      ),
    );
  });
}

const started = performance.now();
const queue = [...chosen];
const results = [];
await Promise.all(
  Array.from({ length: Math.min(jobs, chosen.length) }, async () => {
    for (let name = queue.shift(); name; name = queue.shift()) results.push(await smoke(name));
  }),
);

const failed = results.filter((r) => !r.ok);
console.log(`\nbenchmark smoke runs (${jobs} at a time):`);
for (const r of results)
  console.log(`  ${r.name.padEnd(18)} ${r.ok ? 'ok    ' : 'FAILED'} ${r.seconds.toFixed(1).padStart(6)} s`);
console.log(`  ${'total'.padEnd(18)} ${''.padEnd(6)} ${((performance.now() - started) / 1000).toFixed(1).padStart(6)} s`);
console.log(`benchmarks: ${results.length - failed.length} passed, ${failed.length} failed`);
process.exit(failed.length > 0 ? 1 : 0);

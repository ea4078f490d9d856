#!/usr/bin/env node
// npm run test:unit: every unit and integration test, as two Vitest runs side by side. The server's files that wait
// on real minutes (apps/server/src/testing/realtime-tests.ts) run in one (PROXAI_TESTS=realtime), everything else in
// the other: the waiting files no longer hold one of the two workers idle for minutes. The real-time run's output is
// printed when both have ended; the command fails when either does. Arguments are passed to both runs.
import { spawn } from 'node:child_process';

function vitest(env, capture) {
  return new Promise((resolve) => {
    const child = spawn('npx', ['vitest', 'run', ...process.argv.slice(2)], {
      env: { ...process.env, ...env },
      stdio: capture ? ['ignore', 'pipe', 'pipe'] : 'inherit',
    });
    const out = [];
    if (capture) {
      child.stdout.on('data', (d) => out.push(d));
      child.stderr.on('data', (d) => out.push(d));
    }
    child.on('error', (err) => out.push(Buffer.from(`${err.message}\n`)));
    child.on('close', (code) => resolve({ code: code ?? 1, out: Buffer.concat(out).toString() }));
  });
}

const [others, realtime] = await Promise.all([vitest({}, false), vitest({ PROXAI_TESTS: 'realtime' }, true)]);
process.stdout.write(`\n── The tests that wait on real minutes (PROXAI_TESTS=realtime) ──\n${realtime.out}`);
if (others.code !== 0 || realtime.code !== 0)
  process.stderr.write(`test:unit failed: other tests exit ${others.code}, real-time tests exit ${realtime.code}\n`);
process.exit(others.code || realtime.code);

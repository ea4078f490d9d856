import fs from 'node:fs';
import path from 'node:path';
import { inject } from 'vitest';
import { containsSecret } from './contains-secret';

/**
 * Registers values that must never appear in a log line (passwords, tokens, codes, session ids) handled by a
 * test. At the end of the run, global teardown scans every log line any test app wrote and fails the run if one
 * of these values shows up (see global-setup.ts).
 */
export function trackSecret(...values: (string | undefined | null)[]): void {
  // Each value once per process: a session's bearer comes with every request of a test.
  const kept = values.filter((v): v is string => typeof v === 'string' && v.length >= 6 && !tracked.has(v));
  if (kept.length === 0) return;
  for (const v of kept) tracked.add(v);
  fs.writeSync(runFile('secrets', 'txt'), kept.map((v) => `${v}\n`).join(''));
}

/** Appends captured log lines of a test app to the run's log folder. */
export function persistLogLine(line: string): void {
  fs.writeSync(runFile('logs', 'jsonl'), `${line}\n`);
}

/**
 * The secrets this process wrote to its file already, and its files in the run's log folder, opened once for
 * appending (a write each, no open and close). On globalThis: a Vitest worker loads this module again for each test
 * file it runs, and one process needs one descriptor per file.
 */
const shared = globalThis as typeof globalThis & { proxaiTestLogs?: { tracked: Set<string>; files: Map<string, number> } };
shared.proxaiTestLogs ??= { tracked: new Set(), files: new Map() };
const { tracked, files } = shared.proxaiTestLogs;
function runFile(kind: 'secrets' | 'logs', extension: string): number {
  let fd = files.get(kind);
  if (fd === undefined) {
    fd = fs.openSync(path.join(inject('testLogDir'), `${kind}-${process.pid}.${extension}`), 'a');
    files.set(kind, fd);
  }
  return fd;
}

/** Every tracked secret found in a log line, for the end-of-run check. */
export function findLeaks(dir: string): { secret: string; line: string }[] {
  const files = fs.readdirSync(dir);
  const secrets = new Set(
    files
      .filter((f) => f.startsWith('secrets-'))
      .flatMap((f) => fs.readFileSync(path.join(dir, f), 'utf8').split('\n').filter(Boolean)),
  );
  const leaks: { secret: string; line: string }[] = [];
  for (const file of files.filter((f) => f.startsWith('logs-'))) {
    for (const line of fs.readFileSync(path.join(dir, file), 'utf8').split('\n')) {
      for (const secret of secrets) if (containsSecret(line, secret)) leaks.push({ secret, line });
    }
  }
  return leaks;
}

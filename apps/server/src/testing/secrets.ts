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
  const kept = values.filter((v): v is string => typeof v === 'string' && v.length >= 6);
  if (kept.length === 0) return;
  fs.appendFileSync(path.join(inject('testLogDir'), `secrets-${process.pid}.txt`), kept.map((v) => `${v}\n`).join(''));
}

/** Appends captured log lines of a test app to the run's log folder. */
export function persistLogLine(line: string): void {
  fs.appendFileSync(path.join(inject('testLogDir'), `logs-${process.pid}.jsonl`), `${line}\n`);
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

import { execFile } from 'node:child_process';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';

const serverEntry = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../server.ts');

/** The server started with `env`: its exit code and stderr (asynchronously: the test worker keeps answering). */
function startServer(env: Record<string, string | undefined>): Promise<{ status: number | null; stderr: string }> {
  return new Promise((resolve) => {
    execFile(
      process.execPath,
      ['--import', 'tsx', serverEntry],
      { env, encoding: 'utf8', timeout: 30_000 },
      (err, _out, stderr) => resolve({ status: err ? (typeof err.code === 'number' ? err.code : null) : 0, stderr }),
    );
  });
}

describe('server start-up with a bad configuration', () => {
  it('exits with status 1 and one clear line per bad variable', async () => {
    const result = await startServer({ PATH: process.env.PATH, PORT: 'not-a-port', SYNC_INTERVAL_SECONDS: '1' });
    expect(result.status).toBe(1);
    expect(result.stderr).toContain('Invalid configuration');
    expect(result.stderr).toMatch(/- PORT: .+/);
    expect(result.stderr).toMatch(/- SYNC_INTERVAL_SECONDS: .+/);
    expect(result.stderr).not.toMatch(/\n\s+at /); // a message, not a stack trace
  });
});

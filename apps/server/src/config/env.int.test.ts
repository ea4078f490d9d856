import { spawnSync } from 'node:child_process';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';

const serverEntry = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../server.ts');

describe('server start-up with a bad configuration', () => {
  it('exits with status 1 and one clear line per bad variable', () => {
    const result = spawnSync(process.execPath, ['--import', 'tsx', serverEntry], {
      env: { PATH: process.env.PATH, PORT: 'not-a-port', SYNC_INTERVAL_SECONDS: '1' },
      encoding: 'utf8',
      timeout: 30_000,
    });
    expect(result.status).toBe(1);
    expect(result.stderr).toContain('Invalid configuration');
    expect(result.stderr).toMatch(/- PORT: .+/);
    expect(result.stderr).toMatch(/- SYNC_INTERVAL_SECONDS: .+/);
    expect(result.stderr).not.toMatch(/\n\s+at /); // a message, not a stack trace
  });
});

import { spawn } from 'node:child_process';
import fs from 'node:fs';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';

const serverEntry = path.resolve(path.dirname(fileURLToPath(import.meta.url)), 'server.ts');

async function freePort(): Promise<number> {
  return new Promise((resolve) => {
    const srv = net.createServer().listen(0, '127.0.0.1', () => {
      const { port } = srv.address() as net.AddressInfo;
      srv.close(() => resolve(port));
    });
  });
}

describe('graceful shutdown', () => {
  it('stops on SIGTERM with exit 0 after closing the database', async () => {
    const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'proxai-shutdown-'));
    const port = await freePort();
    const child = spawn(process.execPath, ['--import', 'tsx', serverEntry], {
      env: {
        PATH: process.env.PATH,
        NODE_ENV: 'test',
        PORT: String(port),
        HOST: '127.0.0.1',
        DATA_DIR: dataDir,
        PROXAI_DEMO: '0',
      },
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    let output = '';
    child.stdout.on('data', (c: Buffer) => (output += c.toString()));
    child.stderr.on('data', (c: Buffer) => (output += c.toString()));
    try {
      const deadline = Date.now() + 45_000;
      for (;;) {
        const ok = await fetch(`http://127.0.0.1:${port}/api/health`).then(
          (r) => r.ok,
          () => false,
        );
        if (ok) break;
        if (Date.now() > deadline || child.exitCode !== null) throw new Error(`server did not start:\n${output}`);
        await new Promise((r) => setTimeout(r, 200));
      }
      const exited = new Promise<number | null>((resolve) => child.once('exit', (code) => resolve(code)));
      child.kill('SIGTERM');
      expect(await exited).toBe(0);
      expect(output).toContain('shutting down');
      expect(output).toContain('bye');
      await expect(fetch(`http://127.0.0.1:${port}/api/health`)).rejects.toThrow();
    } finally {
      if (child.exitCode === null) child.kill('SIGKILL');
      fs.rmSync(dataDir, { recursive: true, force: true });
    }
  }, 60_000);
});

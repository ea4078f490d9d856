import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { randomBytes } from 'node:crypto';
import { describe, expect, it, vi } from 'vitest';
import type { FastifyBaseLogger } from 'fastify';
import { parseConfig } from '../../config/env';
import { AppError } from '../../errors';
import { createSecretBox, secretBoxFor, UNREADABLE_SECRET } from './secret-box';

const fakeLog = () => ({ warn: vi.fn(), info: vi.fn() }) as unknown as FastifyBaseLogger & { warn: ReturnType<typeof vi.fn> };

describe('secret box', () => {
  it('round-trips, never shows the plaintext, and rejects tampering', () => {
    const box = createSecretBox(randomBytes(32));
    const sealed = box.seal('s3cret-pve-password');
    expect(sealed).not.toContain('s3cret');
    expect(box.seal('s3cret-pve-password')).not.toBe(sealed); // fresh IV each time
    expect(box.open(sealed)).toBe('s3cret-pve-password');
    const [iv, tag, ct] = sealed.split('.');
    const flipped = Buffer.from(ct!, 'base64url');
    flipped[0] = flipped[0]! ^ 1;
    expect(() => box.open([iv, tag, flipped.toString('base64url')].join('.'))).toThrow();
    expect(() => createSecretBox(randomBytes(32)).open(sealed)).toThrow();
  });

  it('a value sealed with another key fails naming PROXAI_SECRET_KEY, not "unable to authenticate data"', () => {
    const sealed = createSecretBox(randomBytes(32)).seal('s3cret-pve-password');
    let thrown: unknown;
    try {
      createSecretBox(randomBytes(32)).open(sealed);
    } catch (err) {
      thrown = err;
    }
    expect(thrown).toBeInstanceOf(AppError);
    expect(thrown).toMatchObject({ code: 'invalid_state', detail: UNREADABLE_SECRET, status: 409 });
    expect(UNREADABLE_SECRET).toMatch(/PROXAI_SECRET_KEY/);
    expect((thrown as AppError).message).not.toMatch(/Unsupported state|authenticate data/);
    // The cause is kept for the logs.
    expect(String((thrown as AppError).cause)).toMatch(/unable to authenticate data/);
  });

  it('generates a 0600 key file in the data directory once, with a log line, and reuses it', () => {
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'proxai-key-'));
    const log = fakeLog();
    const sealed = secretBoxFor(parseConfig({ DATA_DIR: dir }), log).seal('x-secret');
    const file = path.join(dir, 'secret.key');
    expect(fs.statSync(file).mode & 0o777).toBe(0o600);
    expect(log.warn).toHaveBeenCalledTimes(1);
    expect(String(log.warn.mock.calls[0]![1])).toMatch(/PROXAI_SECRET_KEY is not set/);
    const log2 = fakeLog();
    expect(secretBoxFor(parseConfig({ DATA_DIR: dir }), log2).open(sealed)).toBe('x-secret');
    expect(log2.warn).not.toHaveBeenCalled();
  });

  it('uses PROXAI_SECRET_KEY (hex or base64) when set', () => {
    const key = randomBytes(32);
    const a = secretBoxFor(parseConfig({ DATA_DIR: '/nonexistent-dir', PROXAI_SECRET_KEY: key.toString('hex') }), fakeLog());
    const b = secretBoxFor(parseConfig({ DATA_DIR: '/nonexistent-dir', PROXAI_SECRET_KEY: key.toString('base64') }), fakeLog());
    expect(b.open(a.seal('hello-there'))).toBe('hello-there');
  });
});

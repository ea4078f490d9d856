import { describe, expect, it } from 'vitest';
import { isRetryable } from './api-envelope';
import { isPveError, PveError, type PveErrorKind } from './errors';
import { classifyNetworkError } from './net-errors';
import { isTaskOk } from './wait';

describe('PveError', () => {
  it('carries kind, status, path and the server message in its text', () => {
    const e = new PveError({
      kind: 'api-error',
      method: 'POST',
      path: '/nodes/pve1/qemu/102/status/reboot',
      status: 500,
      serverMessage: 'VM 102 not running',
    });
    expect(e.message).toBe('POST /nodes/pve1/qemu/102/status/reboot: API error (HTTP 500): VM 102 not running');
    expect(isPveError(e)).toBe(true);
    expect(isPveError(e, 'api-error')).toBe(true);
    expect(isPveError(e, 'timeout')).toBe(false);
    expect(isPveError(new Error('x'))).toBe(false);
  });

  it('names the address policy refusal and the size limit', () => {
    const refusal = new Error('169.254.169.254 is link-local');
    const refused = new PveError({ kind: 'address-refused', method: 'GET', path: '/version', cause: refusal });
    expect(refused.message).toBe(
      'GET /version: connection refused by the outbound address policy: 169.254.169.254 is link-local',
    );
    expect(refused.cause).toBe(refusal);
    const big = new PveError({
      kind: 'too-large',
      method: 'GET',
      path: '/cluster/resources',
      status: 200,
      limitBytes: 16 * 2 ** 20,
    });
    expect(big.message).toBe('GET /cluster/resources: answer larger than 16 MiB (HTTP 200)');
    expect(big.limitBytes).toBe(16 * 2 ** 20);
    expect(new PveError({ kind: 'too-large', method: 'GET', path: '/x', limitBytes: 1536 }).message).toMatch(/than 1.5 KiB$/);
  });

  it('retries only transient failures, never a refused address or an oversized answer', () => {
    const retried = (kind: PveErrorKind, status?: number): boolean =>
      isRetryable(new PveError({ kind, method: 'GET', path: '/version', ...(status ? { status } : {}) }));
    expect(retried('unreachable')).toBe(true);
    expect(retried('timeout')).toBe(true);
    expect(retried('api-error', 500)).toBe(true);
    expect(retried('api-error', 400)).toBe(false);
    expect(retried('address-refused')).toBe(false);
    expect(retried('too-large', 200)).toBe(false);
    expect(retried('tls-fingerprint-mismatch')).toBe(false);
  });

  it('classifies socket and TLS errors, following causes', () => {
    expect(classifyNetworkError(Object.assign(new Error('x'), { code: 'ECONNREFUSED' }))).toBe('unreachable');
    expect(
      classifyNetworkError(
        new Error('wrapped', { cause: Object.assign(new Error('y'), { code: 'DEPTH_ZERO_SELF_SIGNED_CERT' }) }),
      ),
    ).toBe('tls-untrusted');
    expect(classifyNetworkError(Object.assign(new Error('x'), { code: 'UND_ERR_CONNECT_TIMEOUT' }))).toBe('timeout');
    expect(classifyNetworkError(new Error('plain'))).toBeUndefined();
  });

  it('isTaskOk accepts OK and warnings only when stopped', () => {
    expect(isTaskOk({ status: 'stopped', exitstatus: 'OK' })).toBe(true);
    expect(isTaskOk({ status: 'stopped', exitstatus: 'WARNINGS: 2' })).toBe(true);
    expect(isTaskOk({ status: 'stopped', exitstatus: 'VM 103 already running' })).toBe(false);
    expect(isTaskOk({ status: 'running' })).toBe(false);
  });
});

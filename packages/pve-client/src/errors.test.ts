import { describe, expect, it } from 'vitest';
import { isPveError, PveError } from './errors';
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

import { PveError, type PveErrorKind } from '@proxai/pve-client';
import { describe, expect, it } from 'vitest';
import { OutboundRefused } from '../../net/outbound-policy';
import { toHostError, type PveErrorContext } from './pve-errors';

const url = 'https://10.0.0.5:8006';
const ctx: PveErrorContext = {
  url,
  node: 'pve1',
  user: 'root@pam',
  authType: 'password',
  policy: 'private',
  maxResponseBytes: 16 * 1024 * 1024,
};
const probing = { ...ctx, probing: true };
const pve = (kind: PveErrorKind, extra: Partial<ConstructorParameters<typeof PveError>[0]> = {}) =>
  new PveError({ kind, method: 'GET', path: '/nodes', ...extra });
const withCode = (code: string) => Object.assign(new Error(code), { code });

describe('toHostError', () => {
  it('answers refused, reset, timed out, not HTTPS and unresolved alike: one fixed "cannot reach" text', () => {
    const cannotReach = `Cannot reach a Proxmox VE API at ${url}: check the address, the port (8006) and that the host accepts HTTPS connections from this portal`;
    const failures = [
      pve('unreachable', { cause: withCode('ECONNREFUSED') }),
      pve('unreachable', { cause: withCode('ECONNRESET') }),
      pve('unreachable', { cause: withCode('ERR_SSL_WRONG_VERSION_NUMBER') }),
      pve('unreachable', { cause: withCode('ENOTFOUND') }),
      pve('timeout'),
      Object.assign(new Error('The operation was aborted due to timeout'), { name: 'TimeoutError' }),
      pve('address-refused', { cause: new Error('did not resolve') }),
    ];
    for (const err of failures) {
      for (const c of [ctx, probing])
        expect(toHostError(err, c)).toMatchObject({ code: 'host_unreachable', detail: cannotReach });
    }
  });

  it('names the class of a refused address and the policy, not the address', () => {
    const err = pve('address-refused', { cause: new OutboundRefused('pve.example', 'loopback', 'private') });
    expect(toHostError(err, probing)).toMatchObject({
      code: 'address_not_allowed',
      detail: `${url} leads to a loopback address (this server itself), which this portal does not connect to (HOST_ADDRESS_POLICY=private)`,
    });
    const metadata = pve('address-refused', { cause: new OutboundRefused('x', 'metadata', 'public') });
    expect(toHostError(metadata, { ...probing, policy: 'public' }).detail).toContain('a cloud metadata address');
  });

  it('while probing, never repeats what the remote side said', () => {
    const secret = 'internal service token 7f3a';
    for (const kind of ['api-error', 'not-found', 'forbidden'] as const) {
      const err = pve(kind, { status: 500, serverMessage: secret, errors: { field: secret } });
      const detail = toHostError(err, probing).detail;
      expect(detail).not.toContain(secret);
    }
    expect(toHostError(pve('api-error', { serverMessage: 'x' }), probing)).toMatchObject({
      code: 'host_error',
      detail: `${url} answered, but not as a Proxmox VE API: check the address and the port (8006)`,
    });
    expect(toHostError(pve('forbidden', { serverMessage: 'x' }), probing).detail).toMatch(
      /^The credentials of root@pam were accepted, but they lack privileges/,
    );
  });

  it('passes on the own messages of a registered (pinned) host', () => {
    expect(toHostError(pve('api-error', { status: 500, serverMessage: 'VM 100 is locked (backup)' }), ctx).detail).toBe(
      'VM 100 is locked (backup)',
    );
    expect(toHostError(pve('forbidden', { serverMessage: 'Permission check failed (/vms/100, VM.PowerMgmt)' }), ctx).detail).toBe(
      'PVE refused the request for root@pam: Permission check failed (/vms/100, VM.PowerMgmt)',
    );
    expect(toHostError(pve('api-error', { status: 500 }), ctx).detail).toBe('PVE error on /nodes (HTTP 500)');
  });

  it('says an answer was too large, with the limit', () => {
    expect(toHostError(pve('too-large', { limitBytes: 16 * 1024 * 1024 }), probing)).toMatchObject({
      code: 'host_error',
      detail: `${url} sent an answer larger than 16 MiB; the portal stopped reading it`,
    });
  });

  it('keeps the TLS and authentication texts, with the presented fingerprint', () => {
    expect(toHostError(pve('auth-failed'), ctx)).toMatchObject({
      code: 'bad_request',
      detail: 'Authentication failed for root@pam: wrong user name or password',
    });
    expect(toHostError(pve('auth-failed'), { ...ctx, authType: 'token', user: 'root@pam!portal' }).detail).toBe(
      'Authentication failed: API token root@pam!portal was rejected (wrong token name or value)',
    );
    expect(
      toHostError(pve('tls-fingerprint-mismatch', { actualFingerprint: 'CC:DD' }), {
        ...probing,
        isAdding: true,
        pinned: 'AA:BB',
      }).detail,
    ).toBe(`The TLS certificate fingerprint of ${url} is CC:DD, not the fingerprint you gave (AA:BB)`);
    expect(toHostError(pve('tls-fingerprint-mismatch', { actualFingerprint: 'CC:DD' }), { ...ctx, pinned: 'AA:BB' }).detail).toBe(
      `The TLS certificate of ${url} changed: fingerprint CC:DD instead of the pinned AA:BB. If the change is expected, renew the pin: edit the host, then Renew certificate.`,
    );
    expect(toHostError(new Error('boom'), ctx)).toMatchObject({
      code: 'host_error',
      detail: `Unexpected error talking to ${url}`,
    });
  });

  it('answers in the language of the context, with the same code', () => {
    const fr = { ...ctx, language: 'fr' as const };
    expect(toHostError(pve('timeout'), fr)).toMatchObject({
      code: 'host_unreachable',
      detail: expect.stringMatching(
        new RegExp(`^Impossible de joindre une API Proxmox VE à ${url.replace(/\./g, '\\.')}\u00a0:`),
      ) as string,
    });
    expect(toHostError(pve('auth-failed'), { ...ctx, language: 'de' })).toMatchObject({
      code: 'bad_request',
      detail: 'Authentifizierung für root@pam fehlgeschlagen: falscher Benutzername oder falsches Passwort',
    });
  });
});

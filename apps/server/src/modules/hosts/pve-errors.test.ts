import { PveError, type PveErrorKind } from '@proxai/pve-client';
import { describe, expect, it } from 'vitest';
import { toHostError, type PveErrorContext } from './pve-errors';

const url = 'https://10.0.0.5:8006';
const ctx: PveErrorContext = { url, node: 'pve1', user: 'root@pam', authType: 'password', timeoutMs: 1500 };
const pve = (kind: PveErrorKind, extra: Partial<ConstructorParameters<typeof PveError>[0]> = {}) =>
  new PveError({ kind, method: 'GET', path: '/nodes', ...extra });
const refused = pve('unreachable', { cause: Object.assign(new Error('connect ECONNREFUSED'), { code: 'ECONNREFUSED' }) });
const reset = pve('unreachable', { cause: Object.assign(new Error('read ECONNRESET'), { code: 'ECONNRESET' }) });

describe('toHostError', () => {
  it('answers in English by default, as before', () => {
    expect(toHostError(refused, ctx)).toMatchObject({
      code: 'host_unreachable',
      detail: `Connection refused by ${url}: is the PVE API (pveproxy) listening on that port?`,
    });
    expect(toHostError(reset, ctx).detail).toBe(`Cannot reach ${url}: connection reset`);
    expect(toHostError(pve('timeout'), ctx)).toMatchObject({
      code: 'host_timeout',
      detail: `${url} did not answer within 1500 ms (timed out)`,
    });
    expect(toHostError(pve('auth-failed'), ctx)).toMatchObject({
      code: 'bad_request',
      detail: 'Authentication failed for root@pam: wrong user name or password',
    });
    expect(toHostError(pve('auth-failed'), { ...ctx, authType: 'token', user: 'root@pam!portal' }).detail).toBe(
      'Authentication failed: API token root@pam!portal was rejected (wrong token name or value)',
    );
    expect(toHostError(pve('forbidden'), ctx).detail).toBe('PVE refused the request for root@pam: permission denied');
    expect(toHostError(pve('tls-fingerprint-mismatch'), { ...ctx, isAdding: true, pinned: 'AA:BB' }).detail).toBe(
      `The TLS certificate fingerprint of ${url} is different, not the fingerprint you gave (AA:BB)`,
    );
    expect(toHostError(pve('tls-fingerprint-mismatch', { actualFingerprint: 'CC:DD' }), { ...ctx, pinned: 'AA:BB' }).detail).toBe(
      `The TLS certificate of ${url} changed: fingerprint CC:DD instead of the pinned AA:BB. If the change is expected, delete and add the host again.`,
    );
    expect(toHostError(pve('not-found', { path: '/version' }), ctx).detail).toBe('PVE answered not found for /version');
    expect(toHostError(pve('api-error', { status: 500 }), ctx).detail).toBe('PVE error on /nodes (HTTP 500)');
    expect(toHostError(new Error('boom'), ctx)).toMatchObject({
      code: 'host_error',
      detail: `Unexpected error talking to ${url}`,
    });
  });

  it('answers in the language of the context, with the same code', () => {
    const fr = { ...ctx, language: 'fr' as const };
    expect(toHostError(refused, fr)).toMatchObject({
      code: 'host_unreachable',
      detail: `Connexion refusée par ${url}\u00a0: l'API PVE (pveproxy) écoute-t-elle bien sur ce port\u00a0?`,
    });
    expect(toHostError(reset, fr).detail).toBe(`Impossible de joindre ${url}\u00a0: connexion réinitialisée`);
    expect(toHostError(pve('auth-failed'), { ...ctx, language: 'de' })).toMatchObject({
      code: 'bad_request',
      detail: 'Authentifizierung für root@pam fehlgeschlagen: falscher Benutzername oder falsches Passwort',
    });
    // PVE's own words are passed on untranslated.
    expect(toHostError(pve('forbidden', { serverMessage: 'Permission check failed (/, Sys.Audit)' }), fr).detail).toBe(
      'PVE a refusé la requête de root@pam\u00a0: Permission check failed (/, Sys.Audit)',
    );
  });
});

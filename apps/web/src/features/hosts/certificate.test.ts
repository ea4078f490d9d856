// @vitest-environment node
import { describe, expect, it } from 'vitest';
import { fingerprintGroups, isCertificateChange } from './certificate';
import { buildHost, PINNED, PRESENTED } from './testing/build-host';

describe('isCertificateChange', () => {
  it("is the offline host whose error names its pinned fingerprint, whatever the error's language or format", () => {
    const offline = { status: 'offline' as const };
    expect(
      isCertificateChange(buildHost({ ...offline, last_error: `Le certificat a changé : ${PRESENTED} au lieu de ${PINNED}.` })),
    ).toBe(true);
    expect(
      isCertificateChange(
        buildHost({ ...offline, fingerprint: PINNED.replaceAll(':', '').toLowerCase(), last_error: `pinned ${PINNED}` }),
      ),
    ).toBe(true);
  });

  it('is not another failure, an online host or a host with no pin', () => {
    expect(isCertificateChange(buildHost({ status: 'offline', last_error: 'Connection refused' }))).toBe(false);
    expect(isCertificateChange(buildHost({ status: 'online', last_error: `pinned ${PINNED}` }))).toBe(false);
    expect(isCertificateChange(buildHost({ status: 'offline', fingerprint: null, last_error: `pinned ${PINNED}` }))).toBe(false);
  });
});

describe('fingerprintGroups', () => {
  it('groups a SHA-256 fingerprint by four bytes, from either form', () => {
    const groups = fingerprintGroups(PINNED);
    expect(groups).toEqual([
      'AA:BB:CC:DD',
      'EE:FF:00:11',
      '22:33:44:55',
      '66:77:88:99',
      'AA:BB:CC:DD',
      'EE:FF:00:11',
      '22:33:44:55',
      '66:77:88:99',
    ]);
    expect(groups.join(':')).toBe(PINNED);
    expect(fingerprintGroups(PINNED.replaceAll(':', '').toLowerCase())).toEqual(groups);
  });

  it('leaves anything else whole', () => {
    expect(fingerprintGroups('not a fingerprint')).toEqual(['not a fingerprint']);
  });
});

import { X509Certificate } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { createCertificate } from './tls';

describe('createCertificate', () => {
  it('builds a valid self-signed certificate whose fingerprint is the DER SHA-256', async () => {
    const c = await createCertificate('pve7', 'Proxmox Virtual Environment');
    const x = new X509Certificate(c.cert);
    expect(x.fingerprint256).toBe(c.fingerprint);
    expect(c.fingerprint).toMatch(/^([0-9A-F]{2}:){31}[0-9A-F]{2}$/);
    expect(x.verify(x.publicKey)).toBe(true);
    expect(x.subject).toContain('CN=pve7');
    expect(x.subjectAltName).toContain('IP Address:127.0.0.1');
    expect(x.checkPrivateKey((await import('node:crypto')).createPrivateKey(c.key))).toBe(true);
  });

  it('always produces parseable DER (serial numbers are minimal INTEGERs)', async () => {
    const certs = await Promise.all(Array.from({ length: 400 }, () => createCertificate('x', 'o')));
    for (const c of certs) expect(new X509Certificate(c.cert).serialNumber).toMatch(/^[4-7][0-9A-F]{31}$/);
  });

  it('gives a new fingerprint for every certificate (rotation) and is fast once the key exists', async () => {
    await createCertificate('a', 'o');
    const cpu = process.cpuUsage();
    const [a, b] = await Promise.all([createCertificate('a', 'o'), createCertificate('a', 'o')]);
    const used = process.cpuUsage(cpu);
    expect((used.user + used.system) / 1000).toBeLessThan(100);
    expect(a.fingerprint).not.toBe(b.fingerprint);
  });
});

import { createHash, createPublicKey, generateKeyPair, randomBytes, sign, type KeyObject } from 'node:crypto';

/**
 * Self-signed server certificates built with node:crypto only (a minimal X.509 DER writer),
 * so starting a fleet costs one RSA key per process and ~1 ms per certificate.
 */
export interface SimCertificate {
  key: string;
  cert: string;
  /** 'AA:BB:…' SHA-256 of the DER certificate, as PVE shows it. */
  fingerprint: string;
}

let keyPairPromise: Promise<{ privateKey: KeyObject; privatePem: string; spki: Buffer }> | undefined;

/** One RSA-2048 key pair per process (keygen is the slow part; certificates differ by serial). */
function keyPair(): Promise<{ privateKey: KeyObject; privatePem: string; spki: Buffer }> {
  keyPairPromise ??= new Promise((resolve, reject) => {
    generateKeyPair('rsa', { modulusLength: 2048 }, (err, _pub, privateKey) => {
      if (err) {
        reject(err);
        return;
      }
      const spki = createPublicKey(privateKey).export({ type: 'spki', format: 'der' });
      const privatePem = privateKey.export({ type: 'pkcs8', format: 'pem' }).toString();
      resolve({ privateKey, privatePem, spki });
    });
  });
  return keyPairPromise;
}

export async function createCertificate(commonName: string, organization: string): Promise<SimCertificate> {
  const { privateKey, privatePem, spki } = await keyPair();
  const der = buildCertificate(commonName, organization, spki, privateKey);
  const b64 = der.toString('base64').replace(/.{64}/g, '$&\n');
  const cert = `-----BEGIN CERTIFICATE-----\n${b64.endsWith('\n') ? b64 : `${b64}\n`}-----END CERTIFICATE-----\n`;
  return { key: privatePem, cert, fingerprint: formatFingerprint(createHash('sha256').update(der).digest()) };
}

export function formatFingerprint(digest: Buffer): string {
  return digest
    .toString('hex')
    .toUpperCase()
    .replace(/(..)(?!$)/g, '$1:');
}

// ---- DER ---------------------------------------------------------------------------------

function tlv(tag: number, content: Buffer): Buffer {
  const n = content.length;
  let len: Buffer;
  if (n < 0x80) len = Buffer.from([n]);
  else {
    const bytes: number[] = [];
    for (let v = n; v > 0; v >>= 8) bytes.unshift(v & 0xff);
    len = Buffer.from([0x80 | bytes.length, ...bytes]);
  }
  return Buffer.concat([Buffer.from([tag]), len, content]);
}
const seq = (...parts: Buffer[]): Buffer => tlv(0x30, Buffer.concat(parts));
const set = (...parts: Buffer[]): Buffer => tlv(0x31, Buffer.concat(parts));
const utf8 = (s: string): Buffer => tlv(0x0c, Buffer.from(s, 'utf8'));
const octets = (b: Buffer): Buffer => tlv(0x04, b);
const bits = (b: Buffer, unused = 0): Buffer => tlv(0x03, Buffer.concat([Buffer.from([unused]), b]));
const explicit = (n: number, content: Buffer): Buffer => tlv(0xa0 + n, content);

function integer(b: Buffer): Buffer {
  return tlv(0x02, (b[0] ?? 0) & 0x80 ? Buffer.concat([Buffer.from([0]), b]) : b);
}

function oid(dotted: string): Buffer {
  const parts = dotted.split('.').map(Number);
  const out: number[] = [40 * (parts[0] ?? 0) + (parts[1] ?? 0)];
  for (const p of parts.slice(2)) {
    const chunk: number[] = [p & 0x7f];
    for (let v = p >>> 7; v > 0; v >>>= 7) chunk.unshift(0x80 | (v & 0x7f));
    out.push(...chunk);
  }
  return tlv(0x06, Buffer.from(out));
}

function time(d: Date): Buffer {
  const iso = d.toISOString().replace(/[-:T]/g, '').slice(0, 14);
  return d.getUTCFullYear() < 2050 ? tlv(0x17, Buffer.from(`${iso.slice(2)}Z`)) : tlv(0x18, Buffer.from(`${iso}Z`));
}

function name(cn: string, org: string, ou: string): Buffer {
  const rdn = (id: string, v: string): Buffer => set(seq(oid(id), utf8(v)));
  return seq(rdn('2.5.4.6', 'AT'), rdn('2.5.4.10', org), rdn('2.5.4.11', ou), rdn('2.5.4.3', cn));
}

function buildCertificate(cn: string, org: string, spki: Buffer, privateKey: KeyObject): Buffer {
  // DER INTEGER must be minimal and positive: first byte 0x40–0x7f (no padding byte, no sign bit).
  const serial = randomBytes(16);
  serial[0] = 0x40 | ((serial[0] ?? 0) & 0x3f);
  const now = Date.now();
  const sha256WithRsa = seq(oid('1.2.840.113549.1.1.11'), Buffer.from([0x05, 0x00]));
  const subject = name(cn, org, 'PVE Cluster Node');
  const san = seq(tlv(0x82, Buffer.from(cn)), tlv(0x82, Buffer.from('localhost')), tlv(0x87, Buffer.from([127, 0, 0, 1])));
  const extensions = seq(
    seq(oid('2.5.29.19'), octets(seq())),
    seq(oid('2.5.29.15'), tlv(0x01, Buffer.from([0xff])), octets(bits(Buffer.from([0xa0]), 5))),
    seq(oid('2.5.29.37'), octets(seq(oid('1.3.6.1.5.5.7.3.1')))),
    seq(oid('2.5.29.17'), octets(san)),
  );
  const tbs = seq(
    explicit(0, integer(Buffer.from([2]))),
    integer(serial),
    sha256WithRsa,
    subject,
    seq(time(new Date(now - 86_400_000)), time(new Date(now + 2 * 365 * 86_400_000))),
    subject,
    spki,
    explicit(3, extensions),
  );
  const signature = sign('sha256', tbs, privateKey);
  return seq(tbs, sha256WithRsa, bits(signature));
}

import type { Host } from '@proxai/contract';

const hex = (fingerprint: string) => fingerprint.replace(/[:\s]/g, '').toUpperCase();

/**
 * Whether the host went offline because its certificate no longer matches its pin: the server's error (in the
 * member's language) names the pinned fingerprint, which the host carries too.
 */
export function isCertificateChange(host: Pick<Host, 'status' | 'fingerprint' | 'last_error'>): boolean {
  if (host.status === 'online' || !host.fingerprint || !host.last_error) return false;
  return hex(host.last_error).includes(hex(host.fingerprint));
}

/**
 * 'AA:BB:…' in groups of four bytes ('AA:BB:CC:DD'), so a 32-byte fingerprint reads and wraps as eight groups
 * that are easy to compare with the one shown in Proxmox. Anything else stays one group.
 */
export function fingerprintGroups(fingerprint: string): string[] {
  const digits = hex(fingerprint);
  if (!/^([0-9A-F]{2}){8,}$/.test(digits)) return [fingerprint];
  const bytes = digits.match(/../g) ?? [];
  const groups: string[] = [];
  for (let i = 0; i < bytes.length; i += 4) groups.push(bytes.slice(i, i + 4).join(':'));
  return groups;
}

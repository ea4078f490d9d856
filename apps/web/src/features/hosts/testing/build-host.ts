import type { Host } from '@proxai/contract';
// The shared host builder, with this feature's pinned certificate.
import { buildHost as buildDashboardHost } from '@/testing/build-host';

export const PINNED = 'AA:BB:CC:DD:EE:FF:00:11:22:33:44:55:66:77:88:99:AA:BB:CC:DD:EE:FF:00:11:22:33:44:55:66:77:88:99';
export const PRESENTED = '12:34:56:78:9A:BC:DE:F0:12:34:56:78:9A:BC:DE:F0:12:34:56:78:9A:BC:DE:F0:12:34:56:78:9A:BC:DE:F0';

/** A host as `GET /api/hosts` answers it: online, reached with the API token root@pam!portal, its certificate pinned. */
export const buildHost = (overrides: Partial<Host> = {}): Host => buildDashboardHost({ fingerprint: PINNED, ...overrides });

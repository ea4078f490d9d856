import type { HostType } from '@proxai/contract';
import { probePbs, toPbsError } from '../pbs/pbs-connection';
import { probeHost } from '../pve/pve-connection';
import { toHostError } from '../pve/pve-errors';

/** The first contact of each kind of host (adding it, new credentials, a new pin): both pin the certificate alike. */
export const probeOf = (type: HostType) => (type === 'pbs' ? probePbs : probeHost);

/** How each kind of host's failures read (a PBS's name its product and port). */
export const toErrorOf = (type: HostType) => (type === 'pbs' ? toPbsError : toHostError);

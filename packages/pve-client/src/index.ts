export { agentUnavailable, type AgentUnavailable } from './agent-errors';
export { type PveAuth, type PveClientOptions } from './api-core';
export { isPveError, PveError, type PveErrorKind } from './errors';
export { fetchFingerprint, normalizeFingerprint } from './fingerprint';
export { parseMeminfo, type Meminfo } from './meminfo';
export { PbsClient, type PbsClientOptions } from './pbs-client';
export type * from './pbs-types';
export { DEFAULT_MAX_LISTING_BYTES } from './pve-backup-client';
export { PveClient } from './pve-client';
export type * from './pve-types';
export type * from './agent-types';
export type * from './backup-types';
export type * from './rrd-types';
export type * from './cluster-types';
export type * from './task-types';
export { type ResolveAddress, type ResolvedAddress } from './resolve-address';
export { DEFAULT_MAX_RESPONSE_BYTES } from './transport';
export { parseUpid, type ParsedUpid } from './upid';
export { isTaskOk, type WaitOptions } from './wait';
export {
  AgentFileReadSchema,
  AgentInterfacesSchema,
  GuestRrdSchema,
  NodeRrdSchema,
  RrdSchema,
  StorageRrdSchema,
} from './schemas';

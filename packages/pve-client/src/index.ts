export { type PveAuth, type PveClientOptions } from './api-core';
export { isPveError, PveError, type PveErrorKind } from './errors';
export { fetchFingerprint, normalizeFingerprint } from './fingerprint';
export { PbsClient, type PbsClientOptions } from './pbs-client';
export type * from './pbs-types';
export { PveClient } from './pve-client';
export type * from './pve-types';
export { parseUpid, type ParsedUpid } from './upid';
export { isTaskOk, type WaitOptions } from './wait';

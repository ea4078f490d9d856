export { fixtureFleet } from './fixture-fleet';
export { startFleet, type Fleet, type StartFleetOptions } from './fleet';
export { FleetSpecSchema, parseFleetSpec, parseFleetSpecJson, type FleetSpecInput, type FleetSpecResult } from './fleet-schema';
export { generateFleet, type GenerateOptions } from './generator';
export { createCertificate, type SimCertificate } from './tls';
export { SimNode, type StorageState } from './node-state';
export { SimPbs } from './pbs-state';
export type {
  AptPackageSpec,
  BackupSpec,
  Fault,
  FleetSpec,
  GuestSpec,
  GuestType,
  NodeSpec,
  PbsDatastoreSpec,
  PbsSnapshotSpec,
  PbsSpec,
  SimGuest,
  SimNodeInfo,
  SimPbsInfo,
  SimStats,
  SimTask,
  SnapshotSpec,
  StorageSpec,
  StorageType,
  TaskSpec,
} from './types';

export { SimCluster } from './cluster';
export { fixtureFleet } from './fixture-fleet';
export { startFleet, type Fleet, type StartFleetOptions } from './fleet';
export { FleetSpecSchema, parseFleetSpec, parseFleetSpecJson, type FleetSpecInput, type FleetSpecResult } from './fleet-schema';
export { generateFleet, type GenerateOptions } from './generator';
export { createCertificate, type SimCertificate } from './tls';
export { SimNode, type StorageState } from './node-state';
export { SimPbs } from './pbs-state';
export type { SimRequestStats } from './request-stats';
export type { BackupGuestConfig, BackupJob, BackupVolumeState, GuestProbe, SimQuirks } from './restore-types';
export type {
  AptPackageSpec,
  BackupSpec,
  ClusterSpec,
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
  SimSnapshot,
  SimStats,
  SimTask,
  SnapshotFault,
  SnapshotSpec,
  StorageSpec,
  StorageType,
  TaskSpec,
} from './types';

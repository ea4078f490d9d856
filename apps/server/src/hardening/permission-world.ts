// Who calls and what they find, for the permission matrix (permissions.int.test.ts). Not shipped code.
import { randomBytes } from 'node:crypto';
import type { Fleet } from '@proxai/pve-sim';

export const ACTORS = ['anonymous', 'other', 'readonly', 'operator', 'owner', 'platformAdmin'] as const;
export type Actor = (typeof ACTORS)[number];

/** Expected status per actor: `other` owns another organisation; `platformAdmin` is vendor staff without one. */
type Row = [number, number, number, number, number, number];

export interface Case {
  /** The route pattern as registered, e.g. `POST /api/hosts/:id/sync`. */
  route: string;
  name: string;
  method: 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';
  url: (w: World) => string;
  body?: (w: World, actor: Actor) => unknown;
  headers?: Record<string, string>;
  /** A never-ending answer (the event stream): asked over a real socket, only its status is read. */
  stream?: true;
  expect: Row;
}

export interface World {
  orgA: string;
  hostA: string;
  /** The fleet's Proxmox Backup Server, a host of organisation A. */
  pbsA: string;
  hostsToDelete: string[];
  runningGuestA: string;
  runningGuestVmid: number;
  licenceA: string;
  /** A queued task of organisation A (no job runs it). */
  taskA: string;
  windowA: string;
  scheduleA: string;
  /** Made by the owner's create calls, deleted by its delete calls. */
  windowsToDelete: string[];
  schedulesToDelete: string[];
  /** A storage of hostA (recorded by its first poll). */
  storageA: string;
  /** An e-mail channel and a webhook of organisation A, one more channel for the delete row, a test delivery. */
  channelA: string;
  webhookA: string;
  channelsToDelete: string[];
  deliveryA: string;
  fleet: Fleet;
}

export const unique = () => randomBytes(4).toString('hex');

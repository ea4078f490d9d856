// Who calls and what they find, for the permission matrix (permissions.int.test.ts). Not shipped code.
import { randomBytes } from 'node:crypto';
import type { Fleet } from '@proxai/pve-sim';

export const ACTORS = ['anonymous', 'other', 'readonly', 'operator', 'admin', 'owner', 'platformAdmin'] as const;
export type Actor = (typeof ACTORS)[number];

/**
 * Expected status per actor: `other` owns another organisation; `admin` is an organisation Admin of A (not an
 * owner); `platformAdmin` is vendor staff without one. A step-up asked of an actor is answered (by e-mailed code)
 * and the status after it is the one expected.
 */
type Row = [number, number, number, number, number, number, number];

export interface Case {
  /** The route pattern as registered, e.g. `POST /api/hosts/:id/sync`. */
  route: string;
  name: string;
  method: 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';
  url: (w: World, actor?: Actor) => string;
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
  /** A readonly member of A for each of the admin's and the owner's rows to change and remove. */
  memberTargets: Partial<Record<Actor, string>>;
  /** A pending invite of A for each of the admin's and the owner's revoke rows. */
  invitesToRevoke: Partial<Record<Actor, string>>;
  /** An API key of A (made by the owner) for each actor's revoke row. */
  apiKeysToRevoke: Partial<Record<Actor, string>>;
}

export const unique = () => randomBytes(4).toString('hex');

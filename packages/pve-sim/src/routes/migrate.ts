import type { Identity } from '../auth';
import { moveGuest } from '../cluster';
import type { SimNode } from '../node-state';
import { nodeIp } from '../node-views';
import { nodeParam, type ParamSchema, type ParamValue } from '../params';
import { ApiError, num, type RouteDef } from '../router';
import type { GuestType, SimGuest } from '../types';
import { checkLock, findGuest, guestKind, startNodeTask, vmPerm } from './common';
import { startGuest } from './guest-actions';

/**
 * `POST /nodes/{node}/{qemu|lxc}/{vmid}/migrate` to another member of the node's cluster: qemu-server
 * API2/Qemu.pm migrate_vm + QemuMigrate.pm, pve-container API2/LXC.pm migrate_vm + LXC/Migrate.pm,
 * pve-guest-common AbstractMigrate.pm. The guest holds the 'migrate' lock while the task runs and
 * belongs to the target when it ends.
 */

const PARAMS: Record<GuestType, ParamSchema> = {
  qemu: {
    target: nodeParam,
    online: { type: 'boolean', optional: true },
    force: { type: 'boolean', optional: true },
    migration_type: { type: 'string', optional: true, enum: ['secure', 'insecure'] },
    migration_network: { type: 'string', optional: true },
    'with-local-disks': { type: 'boolean', optional: true },
    'with-conntrack-state': { type: 'boolean', optional: true },
    targetstorage: { type: 'string', optional: true },
    bwlimit: { type: 'integer', optional: true, min: 0 },
  },
  lxc: {
    target: nodeParam,
    online: { type: 'boolean', optional: true },
    restart: { type: 'boolean', optional: true },
    timeout: { type: 'integer', optional: true },
    'target-storage': { type: 'string', optional: true },
    bwlimit: { type: 'number', optional: true, min: 0 },
  },
};

/** AbstractMigrate's log: `2026-01-01 12:00:00 text`, errors with `ERROR:` (node-local time; the simulator uses UTC). */
const logLine = (text: string, error = false): string =>
  `${new Date().toISOString().replace('T', ' ').slice(0, 19)}${error ? ' ERROR:' : ''} ${text}`;

/** The storage holding the guest's disks (the first one for images / container volumes). */
function diskStorage(node: SimNode, g: SimGuest): { id: string; shared: boolean } | undefined {
  const content = g.type === 'qemu' ? 'images' : 'rootdir';
  const s = [...node.storages.values()].find((x) => x.spec.content.split(',').includes(content));
  return s ? { id: s.spec.id, shared: s.spec.shared ?? false } : undefined;
}

/** A failure inside the worker: the log says why, the task ends 'migration aborted'. */
function aborted(reason: string, lines: string[] = []): Error {
  return Object.assign(new Error('migration aborted'), {
    lines: [...lines, logLine(`migration aborted (duration 00:00:00): ${reason}`, true)],
  });
}

/** The checks the API makes before forking (they answer 400/500 at once); returns the target member. */
function checkRequest(node: SimNode, g: SimGuest, p: Record<string, ParamValue>): SimNode {
  const targetName = String(p['target']);
  if (targetName === node.name) {
    throw new ApiError(400, 'Parameter verification failed.', { errors: { target: 'target is local node.' } });
  }
  if (node.cluster && !node.cluster.quorate) throw new ApiError(500, 'cluster not ready - no quorum?');
  const target = node.cluster?.member(targetName);
  if (!target) throw new ApiError(500, `no such cluster node '${targetName}'`);
  const running = g.status === 'running';
  if (g.type === 'qemu') {
    // qemu-server checks the lock up front ("try to detect errors early"); pve-container in the worker.
    checkLock(g);
    if (running && p['online'] !== true) throw new ApiError(500, "can't migrate running VM without --online");
    const disks = diskStorage(node, g);
    if (disks && !target.storages.has(disks.id)) {
      throw new ApiError(500, `storage '${disks.id}' is not available on node '${target.name}'`);
    }
  } else if (running && p['online'] !== true && p['restart'] !== true) {
    throw new ApiError(500, "can't migrate running container without --online or --restart");
  }
  return target;
}

/** The worker's prepare phase (at once) and its effect (when the task ends). */
function migrationWork(node: SimNode, target: SimNode, g: SimGuest, p: Record<string, ParamValue>) {
  const wasRunning = g.status === 'running';
  return {
    prepare: (): string[] => {
      if (target.down) throw aborted("Can't connect to destination address using public key");
      try {
        checkLock(g);
      } catch (err) {
        throw aborted((err as Error).message);
      }
      const log = [logLine(`starting migration of ${guestKind(g)} ${g.vmid} to node '${target.name}' (${nodeIp(target)})`)];
      if (g.type === 'lxc' && wasRunning && p['online'] === true)
        throw aborted('lxc live migration is currently not implemented');
      const disks = diskStorage(node, g);
      if (g.type === 'qemu' && wasRunning && disks && !disks.shared && p['with-local-disks'] !== true) {
        const volid = `${disks.id}:vm-${g.vmid}-disk-0`;
        throw aborted("Problem found while scanning volumes - can't migrate VM - check log", [
          ...log,
          logLine(`can't migrate local disk '${volid}': can't live migrate attached local disks without with-local-disks option`),
        ]);
      }
      g.lock = 'migrate';
      return log;
    },
    run: (): string[] => {
      delete g.lock;
      if (target.down) throw aborted("Can't connect to destination address using public key");
      moveGuest(node, target, g.vmid);
      // A live-migrated VM runs in a new process on the target; a restart-mode container starts there again.
      if (wasRunning) startGuest(target, g);
      return [logLine('migration finished successfully (duration 00:00:01)')];
    },
  };
}

function migrate(node: SimNode, type: GuestType, p: Record<string, ParamValue>, identity: Identity): string {
  const g = findGuest(node, type, num(p['vmid']) ?? 0);
  const target = checkRequest(node, g, p);
  const work = migrationWork(node, target, g, p);
  if (g.ha) {
    // HA-managed: the API queues the request with ha-manager; the CRM moves the guest.
    const what = `${type === 'qemu' ? 'VM' : 'CT'} ${g.vmid}`;
    return startNodeTask(node, 'hamigrate', String(g.vmid), identity, {
      log: [`Requesting HA migration for ${what} to node ${target.name}`],
      run: () => {
        // The request is queued either way (the task ends OK); the guest moves only if the CRM's migration works.
        try {
          work.prepare();
          work.run();
        } catch {
          // The CRM's migration failed (its own task would say why): the guest stays where it is.
        }
      },
    });
  }
  return startNodeTask(node, type === 'qemu' ? 'qmigrate' : 'vzmigrate', String(g.vmid), identity, work);
}

export function migrateRoutes(type: GuestType): RouteDef<SimNode>[] {
  return [
    {
      method: 'POST',
      path: `/nodes/{node}/${type}/{vmid}/migrate`,
      params: PARAMS[type],
      perm: vmPerm('VM.Migrate'),
      handler: ({ state, params, identity }) => migrate(state, type, params, identity),
    },
  ];
}

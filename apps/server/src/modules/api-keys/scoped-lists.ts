import type { Host, Stats, Task, Vm } from '@proxai/contract';
import type { Db } from '../../db/client';
import { findAlert, type AlertScope } from '../alerts/alerts.repository';
import type { ScheduleScope } from '../schedules/schedules.repository';
import type { EventRow } from '../../events/outbox';
import type { FleetSnapshot } from '../metrics/collect/fleet-snapshot';
import { guestInScope, KEY_SCHEDULE_KINDS, scopeOf, taskInScope, visibleHostIds, visibleHosts, type KeyScope } from './key-scope';
import { guestPlacement, guestPlacements, taskPlacement } from './key-scope.repository';
import { type AuthUser } from '../../kernel/principal';

// The lists a scoped API key reads, narrowed to its hosts and tags (people and unscoped keys get them whole).

/** The Prometheus exposition's fleet, narrowed for a scoped key (its hosts' series, its guests'). */
export async function narrowSnapshot(db: Db, user: AuthUser | undefined, snapshot: FleetSnapshot): Promise<FleetSnapshot> {
  const scope = scopeOf(user);
  if (!scope || !user?.organisationId) return snapshot;
  const sees = await visibleHosts(db, user.organisationId, scope);
  return {
    ...snapshot,
    hosts: snapshot.hosts.filter((h) => sees(h.id)),
    guests: snapshot.guests.filter((g) => guestInScope(scope, { host_id: g.hostId, tags: g.tags })),
    storages: snapshot.storages.filter((s) => sees(s.hostId)),
  };
}

/**
 * A scoped key's scope as the repositories filter by it in SQL: the guests it sees (on `guestHostIds`, carrying one
 * of `guestTags`; null: any) and the hosts it sees (`hostIds`). Alerts: about a guest it sees, or about a host it
 * sees or that host's storage (as its event stream); backups: of a guest it sees. Undefined for a person or an
 * unscoped key.
 */
export async function sqlScopeOf(db: Db, user: AuthUser | undefined): Promise<AlertScope | undefined> {
  const scope = scopeOf(user);
  if (!scope || !user?.organisationId) return undefined;
  return {
    guestHostIds: scope.hostIds ? [...scope.hostIds] : null,
    guestTags: scope.tags ? [...scope.tags] : null,
    hostIds: [...(await visibleHostIds(db, user.organisationId, scope))],
  };
}

/** Whether the principal sees this guest (always, unless it is a scoped key). */
export function seesGuest(user: AuthUser | undefined, guest: { hostId: string; tags: readonly string[] }): boolean {
  const scope = scopeOf(user);
  return !scope || guestInScope(scope, { host_id: guest.hostId, tags: guest.tags });
}

/** Entries naming a guest (or none), narrowed for a scoped key to those of a guest it sees. */
export async function narrowByGuest<T extends { guest_id: string | null }>(
  db: Db,
  user: AuthUser | undefined,
  items: T[],
): Promise<T[]> {
  const scope = scopeOf(user);
  if (!scope || !user?.organisationId) return items;
  const ids = [...new Set(items.flatMap((i) => (i.guest_id ? [i.guest_id] : [])))];
  const seen = new Set(
    (await guestPlacements(db, user.organisationId, ids))
      .filter((g) => guestInScope(scope, { host_id: g.hostId, tags: g.tags }))
      .map((g) => g.id),
  );
  return items.filter((i) => i.guest_id !== null && seen.has(i.guest_id));
}

/** The hosts and guests ProxAI's advice is written from, narrowed for a scoped key. */
export async function narrowFleetRows<H extends { id: string }, G extends { hostId: string; tags: string[] }>(
  db: Db,
  user: AuthUser | undefined,
  rows: { hostRows: H[]; guestRows: G[] },
): Promise<{ hostRows: H[]; guestRows: G[] }> {
  const scope = scopeOf(user);
  if (!scope || !user?.organisationId) return rows;
  const sees = await visibleHosts(db, user.organisationId, scope);
  return {
    hostRows: rows.hostRows.filter((h) => sees(h.id)),
    guestRows: rows.guestRows.filter((g) => guestInScope(scope, { host_id: g.hostId, tags: g.tags })),
  };
}

/** The schedules a scoped key lists, reads, changes and runs (key-scope.ts's scheduleWithinKey); undefined: all. */
export function scheduleScopeOf(user: AuthUser | undefined): ScheduleScope | undefined {
  const scope = scopeOf(user);
  if (!scope) return undefined;
  return {
    kinds: KEY_SCHEDULE_KINDS,
    hostIds: scope.hostIds ? [...scope.hostIds] : null,
    tags: scope.tags ? [...scope.tags] : null,
  };
}

/** GET /vms as serialised for the organisation, narrowed for a scoped key. */
export function narrowVmsJson(user: AuthUser | undefined, json: string): string {
  const scope = scopeOf(user);
  if (!scope) return json;
  return JSON.stringify((JSON.parse(json) as Vm[]).filter((vm) => guestInScope(scope, vm)));
}

export async function narrowHosts(db: Db, user: AuthUser | undefined, hosts: Host[]): Promise<Host[]> {
  const scope = scopeOf(user);
  if (!scope || !user?.organisationId) return hosts;
  const sees = await visibleHosts(db, user.organisationId, scope);
  return hosts.filter((h) => sees(h.id));
}

/** GET /stats for a scoped key: counted over what it sees (the organisation's plan usage is not its business). */
export async function narrowStatsJson(
  db: Db,
  user: AuthUser | undefined,
  json: string,
  lists: { vmsJson: () => Promise<string>; hosts: () => Promise<Host[]> },
): Promise<string> {
  const scope = scopeOf(user);
  if (!scope) return json;
  const vms = JSON.parse(narrowVmsJson(user, await lists.vmsJson())) as Vm[];
  const hosts = (await narrowHosts(db, user, await lists.hosts())).filter((h) => h.type === 'pve');
  const stats: Stats = {
    hosts: hosts.length,
    vms: vms.length,
    running_vms: vms.filter((v) => v.state === 'running').length,
    stopped_vms: vms.filter((v) => v.state === 'stopped').length,
  };
  return JSON.stringify(stats);
}

export async function narrowTasks(db: Db, user: AuthUser | undefined, items: Task[]): Promise<Task[]> {
  const scope = scopeOf(user);
  if (!scope || !user) return items;
  const kept: Task[] = [];
  for (const t of items) {
    const placement = { hostId: t.target.host_id, guestId: t.target.guest_id, createdBy: t.created_by };
    if (await taskInScope(db, user, scope, placement)) kept.push(t);
  }
  return kept;
}

/**
 * Whether a scoped key's event stream carries this event: events about a guest or host it sees, and tasks it sees;
 * events about nothing it can be narrowed to (members, schedules, keys, licences) are left out.
 */
export function eventFilterOf(db: Db, user: AuthUser | undefined): ((row: EventRow) => Promise<boolean>) | null {
  const scope: KeyScope | null = scopeOf(user);
  if (!scope || !user?.organisationId) return null;
  const organisationId = user.organisationId;
  return async (row) => {
    const data = row.data;
    // An alert (and each alert grouped with it) as GET /api/alerts decides it: by its subject, not its host.
    if (typeof data.alert_id === 'string') {
      const alertScope = await sqlScopeOf(db, user);
      const members = Array.isArray(data.group) ? (data.group as { alert_id?: unknown }[]) : [];
      const ids = [data.alert_id, ...members.map((m) => m.alert_id).filter((id): id is string => typeof id === 'string')];
      for (const id of new Set(ids)) if (!(await findAlert(db, organisationId, id, alertScope))) return false;
      return true;
    }
    const task = (data.task ?? null) as Task | null;
    if (task) {
      const placement = { hostId: task.target.host_id, guestId: task.target.guest_id, createdBy: task.created_by };
      return taskInScope(db, user, scope, placement);
    }
    if (row.type === 'task.progress' && typeof data.task_id === 'string') {
      const placement = await taskPlacement(db, organisationId, data.task_id);
      return !!placement && taskInScope(db, user, scope, placement);
    }
    if (typeof data.guest_id === 'string') {
      const guest = await guestPlacement(db, organisationId, data.guest_id);
      return !!guest && guestInScope(scope, { host_id: guest.hostId, tags: guest.tags });
    }
    if (typeof data.host_id === 'string') {
      if (typeof data.vmid === 'number' && scope.tags) return false;
      return (await visibleHosts(db, organisationId, scope))(data.host_id);
    }
    return false;
  };
}

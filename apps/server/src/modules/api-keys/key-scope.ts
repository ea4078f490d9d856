import type { FastifyRequest } from 'fastify';
import type { NotificationScope, Selector } from '@proxai/contract';
import type { Db } from '../../db/client';
import { AppError, notFound, errorText } from '../../errors';
import { guestPlacement, guestPlacements, hostsWithTaggedGuests, taskPlacement } from './key-scope.repository';
import { type ApiKeyIdentity, type AuthUser } from '../../kernel/principal';

/**
 * An API key's host/tag scope (DESIGN.md §16): a key made for some hosts, or for guests carrying some tags, sees
 * and touches only those. Anything outside answers 404 (as if it did not exist), lists leave it out, and calls
 * that cannot be narrowed this way are refused to such a key (fail closed).
 */
export interface KeyScope {
  hostIds: ReadonlySet<string> | null;
  tags: ReadonlySet<string> | null;
}

/** The scope of the principal, or null when nothing narrows it (a person, or a key without hosts or tags). */
export function scopeOf(user: AuthUser | undefined): KeyScope | null {
  const key: ApiKeyIdentity | undefined = user?.apiKey;
  if (!key || (!key.hostIds && !key.tags)) return null;
  return { hostIds: key.hostIds ? new Set(key.hostIds) : null, tags: key.tags ? new Set(key.tags) : null };
}

export function guestInScope(scope: KeyScope, guest: { host_id: string; tags: readonly string[] }): boolean {
  if (scope.hostIds && !scope.hostIds.has(guest.host_id)) return false;
  return !scope.tags || guest.tags.some((t) => scope.tags!.has(t));
}

/** The hosts a scoped key sees: its hosts, or (with tags) those of them holding a guest it sees. */
export async function visibleHostIds(db: Db, organisationId: string, scope: KeyScope): Promise<ReadonlySet<string>> {
  if (!scope.tags) return scope.hostIds!;
  const holding = await hostsWithTaggedGuests(db, organisationId, [...scope.tags]);
  return scope.hostIds ? new Set([...holding].filter((id) => scope.hostIds!.has(id))) : holding;
}

export async function visibleHosts(db: Db, organisationId: string, scope: KeyScope): Promise<(id: string) => boolean> {
  const ids = await visibleHostIds(db, organisationId, scope);
  return (id) => ids.has(id);
}

/**
 * The notification channels a scoped key sees and changes: those whose scope lies within its own, so that they only
 * ever carry what the key sees (a channel covers all, some hosts or guests with some tags: a key limited by both hosts
 * and tags has none, as no channel scope is their intersection).
 */
export function channelWithinKey(scope: KeyScope, channel: NotificationScope): boolean {
  if (scope.hostIds && scope.tags) return false;
  if ('host_ids' in channel) return !!scope.hostIds && channel.host_ids.every((id) => scope.hostIds!.has(id));
  if ('tags' in channel) return !!scope.tags && channel.tags.every((tag) => scope.tags!.has(tag));
  return false;
}

/** The scope a channel made or changed by this principal gets: a scoped key's `{all}` is all it sees; wider is 403. */
export function channelScopeFor(user: AuthUser, requested: NotificationScope): NotificationScope {
  const scope = scopeOf(user);
  if (!scope) return requested;
  if (scope.hostIds && scope.tags) throw new AppError('forbidden', errorText('access.keyChannelBoth'));
  const own: NotificationScope = scope.hostIds ? { host_ids: [...scope.hostIds] } : { tags: [...scope.tags!] };
  const wanted = 'all' in requested ? own : requested;
  if (!channelWithinKey(scope, wanted)) throw new AppError('forbidden', errorText('access.keyChannelWithin'));
  return wanted;
}

/** The schedule kinds a scoped key sees and makes: those whose whole effect is on its guests (a backup writes to a shared datastore). */
export const KEY_SCHEDULE_KINDS: readonly string[] = ['snapshot', 'guest_action'];

/**
 * A schedule lies within a scoped key when it can only ever act on guests the key sees, whatever changes in the
 * fleet: its selector is limited to some of the key's hosts (`host_ids` ⊆ its hosts) when the key has hosts, and to
 * some of its tags (`tags` ⊆ its tags) when it has tags (a guest must match the whole selector), and its kind is one
 * of KEY_SCHEDULE_KINDS. A selector by guest ids, VM ids, pools or all alone is not: the guests may move.
 */
export function scheduleWithinKey(scope: KeyScope, schedule: { kind: string; selector: Selector }): boolean {
  const within = (wanted: readonly string[] | undefined, allowed: ReadonlySet<string> | null) =>
    !allowed || (!!wanted && wanted.length > 0 && wanted.every((v) => allowed.has(v)));
  return (
    KEY_SCHEDULE_KINDS.includes(schedule.kind) &&
    within(schedule.selector.host_ids, scope.hostIds) &&
    within(schedule.selector.tags, scope.tags)
  );
}

/** A schedule made or changed by this principal must lie within its scope (403). */
export function checkScheduleForKey(user: AuthUser, schedule: { kind: string; selector: Selector }): void {
  const scope = scopeOf(user);
  if (!scope || scheduleWithinKey(scope, schedule)) return;
  throw new AppError('forbidden', errorText('access.keyScheduleSelector'));
}

/**
 * How a route's target is found, for the calls a scoped key may make; any other call is refused to it. `handler`:
 * the handler narrows or checks (lists; backups and restore tests by their guest: backups.service.ts,
 * restore-tests.service.ts; alerts by their subject:
 * alerts.service.ts; schedules by their selector: schedules.service.ts; notification channels by their scope:
 * channel-access.ts); maintenance windows name no host or guest and are read whole.
 */
type Target = 'handler' | 'host' | 'whole-host' | 'guest' | 'guests' | 'task';
export const SCOPED_ROUTES: Readonly<Record<string, Target>> = {
  'GET /api/hosts': 'handler',
  'GET /api/vms': 'handler',
  'GET /api/stats': 'handler',
  'GET /api/tasks': 'handler',
  'GET /api/events': 'handler',
  'GET /api/metrics/prometheus': 'handler',
  'GET /api/tasks/:id': 'task',
  'POST /api/tasks/:id/cancel': 'task',
  'PATCH /api/hosts/:id': 'whole-host',
  'DELETE /api/hosts/:id': 'whole-host',
  'POST /api/hosts/:id/sync': 'host',
  'GET /api/hosts/:id/certificate': 'host',
  'GET /api/hosts/:id/privileges': 'host',
  'GET /api/hosts/:id/pbs': 'host',
  'GET /api/metrics/node/:id': 'host',
  'POST /api/vms/:id/action': 'guest',
  'GET /api/vms/:id/snapshots': 'guest',
  'POST /api/vms/:id/snapshots': 'guest',
  'POST /api/vms/:id/snapshots/:name/rollback': 'guest',
  'DELETE /api/vms/:id/snapshots/:name': 'guest',
  'GET /api/vms/:id/critical': 'guest',
  'PATCH /api/vms/:id/critical': 'guest',
  'POST /api/vms/:id/backup': 'guest',
  'GET /api/metrics/guest/:id': 'guest',
  'POST /api/vms/bulk-action': 'guests',
  'GET /api/proxai/advice': 'handler',
  'GET /api/backups': 'handler',
  'GET /api/backups/coverage': 'handler',
  'GET /api/restore-tests': 'handler',
  'GET /api/restore-tests/summary': 'handler',
  'GET /api/restore-tests/:id': 'handler',
  'GET /api/restore-tests/:id/evidence': 'handler',
  'GET /api/schedules': 'handler',
  'GET /api/schedules/plan': 'handler',
  'GET /api/schedules/:id': 'handler',
  'POST /api/schedules': 'handler',
  'PATCH /api/schedules/:id': 'handler',
  'DELETE /api/schedules/:id': 'handler',
  'POST /api/schedules/:id/run': 'handler',
  'GET /api/windows': 'handler',
  'GET /api/alerts': 'handler',
  'GET /api/alerts/count': 'handler',
  'POST /api/alerts/:id/ack': 'handler',
  'POST /api/alerts/:id/silence': 'handler',
  'GET /api/notification-channels': 'handler',
  'POST /api/notification-channels': 'handler',
  'GET /api/notification-channels/:id': 'handler',
  'PATCH /api/notification-channels/:id': 'handler',
  'DELETE /api/notification-channels/:id': 'handler',
  'POST /api/notification-channels/:id/test': 'handler',
  'POST /api/notification-channels/:id/rotate-secret': 'handler',
  'GET /api/notification-channels/:id/deliveries': 'handler',
  'GET /api/notification-channels/:id/dead-letters': 'handler',
  'POST /api/notification-deliveries/:id/replay': 'handler',
};

const idParam = (request: FastifyRequest) => (request.params as { id?: unknown } | undefined)?.id;

/**
 * The gate of a scoped key, after its permission was checked: 404 for a host, guest or task outside its scope,
 * 403 for a call that cannot be narrowed to it. `handler` routes are narrowed by their handlers (`scopeOf`).
 */
export async function checkKeyScope(db: Db, request: FastifyRequest, route: string): Promise<void> {
  const user = request.user;
  const scope = scopeOf(user);
  if (!scope || !user?.organisationId) return;
  const organisationId = user.organisationId;
  const target = SCOPED_ROUTES[route];
  if (!target) {
    throw new AppError('forbidden', errorText('access.keyCallUnavailable'));
  }
  const id = idParam(request);
  if (target === 'whole-host') {
    // A change to a host changes all its guests: only a key given the host itself may, never one that sees some
    // of its guests through their tags.
    if (typeof id !== 'string' || !(await visibleHosts(db, organisationId, scope))(id)) throw notFound('host');
    if (scope.tags || !scope.hostIds?.has(id)) {
      throw new AppError('forbidden', errorText('access.keyWholeHost'));
    }
  } else if (target === 'host') {
    if (typeof id !== 'string' || !(await visibleHosts(db, organisationId, scope))(id)) throw notFound('host');
  } else if (target === 'guest') {
    const guest = typeof id === 'string' ? await guestPlacement(db, organisationId, id) : undefined;
    if (!guest || !guestInScope(scope, { host_id: guest.hostId, tags: guest.tags })) throw notFound('guest');
  } else if (target === 'guests') {
    const ids = (request.body as { ids?: unknown } | undefined)?.ids;
    const wanted = Array.isArray(ids) ? ids.filter((v): v is string => typeof v === 'string') : [];
    const found = await guestPlacements(db, organisationId, wanted);
    if (found.length !== new Set(wanted).size || !found.every((g) => guestInScope(scope, { host_id: g.hostId, tags: g.tags }))) {
      throw notFound('guest');
    }
  } else if (target === 'task') {
    const task = typeof id === 'string' ? await taskPlacement(db, organisationId, id) : undefined;
    if (!task || !(await taskInScope(db, user, scope, task))) throw notFound('task');
  }
}

/** A task is the key's own, or works on a guest (or, without one, a host) the key sees. */
export async function taskInScope(
  db: Db,
  user: AuthUser,
  scope: KeyScope,
  task: { hostId: string | null; guestId: string | null; createdBy: { type: string; id: string | null } },
): Promise<boolean> {
  if (task.createdBy.type === 'api_key' && task.createdBy.id === user.apiKey?.id) return true;
  if (task.guestId) {
    const guest = await guestPlacement(db, user.organisationId!, task.guestId);
    return !!guest && guestInScope(scope, { host_id: guest.hostId, tags: guest.tags });
  }
  if (task.hostId) return (await visibleHosts(db, user.organisationId!, scope))(task.hostId);
  return false;
}

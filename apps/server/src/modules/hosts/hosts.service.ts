import type { FastifyBaseLogger } from 'fastify';
import {
  PLANS,
  withinLimit,
  type Host,
  type HostCertificate,
  type HostCreate,
  type HostPrivileges,
  type HostUpdate,
  type Language,
} from '@proxai/contract';
import { normalizeFingerprint } from '@proxai/pve-client';
import type { Config } from '../../config/env';
import type { Db } from '../../db/client';
import { AppError, notFound } from '../../errors';
import { FALLBACK_LANGUAGE, message } from '../../i18n/messages';
import { requireOrgRole } from '../../plugins/app/auth';
import { recordAudit } from '../audit/audit.repository';
import { emitEvent, type EventActor } from '../events/events.repository';
import { getEffectivePlan } from '../licenses/licenses.service';
import type { AuthUser } from '../sessions/sessions.service';
import { dropClient, pooledClient } from './client-pool';
import { evaluatePrivileges } from './host-privileges';
import { fleetChanged } from './fleet-cache';
import { syncHost, syncMessage, UNREADABLE_CREDENTIALS, type SyncOutcome } from './host-sync';
import {
  countGuests,
  countHosts,
  deleteHost,
  findHost,
  insertHostWithinLimits,
  listHosts,
  updateHost,
  type HostRow,
  type NewHostRow,
} from './hosts.repository';
import {
  connectSettings,
  createClient,
  errorContext,
  normalizePveUrl,
  presentedFingerprint,
  probeHost,
  targetOf,
  type ConnectionTarget,
  type ConnectSettings,
} from './pve-connection';
import { toHostError } from './pve-errors';
import { secretBoxFor } from './secret-box';

export interface HostsDeps {
  db: Db;
  config: Config;
  log: FastifyBaseLogger;
}

export interface RequestContext {
  user: AuthUser;
  organisationId: string;
  ip?: string;
  /** Language of the texts answered (`message`, error `detail`): the request's Accept-Language; English if absent. */
  language?: Language;
}

export function toHostDto(h: HostRow): Host {
  return {
    id: h.id,
    name: h.name,
    pve_url: h.pveUrl,
    pve_node: h.pveNode,
    status: h.status,
    user: h.username,
    auth_type: h.authType,
    token_name: h.tokenName,
    fingerprint: h.tlsFingerprint,
    pve_version: h.pveVersion,
    last_sync_at: h.lastSyncAt?.toISOString() ?? null,
    last_error: h.lastError,
    created_at: h.createdAt.toISOString(),
  };
}

export async function listHostsOf(deps: HostsDeps, ctx: RequestContext): Promise<Host[]> {
  return (await listHosts(deps.db, ctx.organisationId)).map(toHostDto);
}

const planName = (plan: string) => PLANS[plan as keyof typeof PLANS]?.slug ?? plan;
const PLAN_LABELS = { free: 'plan.free', essential: 'plan.essential', pro: 'plan.pro', enterprise: 'plan.enterprise' } as const;
/** The plan's name in `language` ('Pro', 'Gratuit'…). */
export const planLabel = (plan: string, language: Language) =>
  plan in PLAN_LABELS ? message(language, PLAN_LABELS[plan as keyof typeof PLAN_LABELS]) : planName(plan);

/** Counts the node's guests with the already-pinned connection, for the guest limit of the plan. */
async function countNodeGuests(target: ConnectionTarget, settings: ConnectSettings, language: Language): Promise<number> {
  const client = createClient(target, settings, { signal: AbortSignal.timeout(settings.timeoutMs * 2) });
  try {
    const [q, l] = await Promise.all([client.qemuList(target.node), client.lxcList(target.node)]);
    return q.filter((g) => g.template !== 1).length + l.filter((g) => g.template !== 1).length;
  } catch (err) {
    throw toHostError(err, errorContext(target, settings, { probing: true, language }));
  } finally {
    await client.close().catch(() => undefined);
  }
}

/**
 * Adds a host after really connecting to it. The limits are checked before connecting (a quick answer) and
 * again in the transaction that inserts the host, under a per-organisation lock, so concurrent adds cannot
 * together pass the plan's limit. `skipLimits` and `trustedAddress` are for the demo's own simulated nodes only.
 */
export async function addHost(
  deps: HostsDeps,
  ctx: RequestContext,
  input: HostCreate,
  opts: { skipLimits?: boolean; trustedAddress?: boolean } = {},
): Promise<Host> {
  requireOrgRole(ctx.user, 'admin', 'add hosts');
  const { db, config } = deps;
  const settings = connectSettings(config);
  const language = ctx.language ?? FALLBACK_LANGUAGE;
  const effective = await getEffectivePlan(db, ctx.organisationId);
  const plan = planLabel(effective.plan, language);
  const hostLimit = () =>
    new AppError('plan_limit', message(language, 'plan.limitHosts', { plan, count: effective.limits.max_hosts }));
  const guestLimit = (incoming: number, existing: number) =>
    new AppError(
      'plan_limit',
      message(language, 'plan.limitGuests', { plan, count: effective.limits.max_vms, incoming, existing }),
    );
  if (!opts.skipLimits && !withinLimit(effective.limits.max_hosts, (await countHosts(db, ctx.organisationId)) + 1)) {
    throw hostLimit();
  }
  const secret = input.auth_type === 'password' ? input.password : input.token_value;
  const target: ConnectionTarget = {
    url: normalizePveUrl(input.pve_url),
    node: input.pve_node,
    user: input.user,
    authType: input.auth_type,
    tokenName: input.auth_type === 'token' ? input.token_name : null,
    secret,
    fingerprint: input.fingerprint ?? null,
    addressTrusted: opts.trustedAddress ?? false,
  };
  const auditFailure = (detail: string) =>
    recordAudit(db, {
      action: 'host.add',
      outcome: 'failure',
      actorId: ctx.user.id,
      actorEmail: ctx.user.email,
      organisationId: ctx.organisationId,
      ip: ctx.ip ?? null,
      details: { name: input.name, pve_url: target.url, pve_node: input.pve_node, auth_type: input.auth_type, detail },
    });
  try {
    const probe = await probeHost(target, settings, language);
    const pinned = { ...target, fingerprint: probe.fingerprint };
    const incoming = !opts.skipLimits && effective.limits.max_vms !== -1 ? await countNodeGuests(pinned, settings, language) : 0;
    if (!opts.skipLimits) {
      const existing = await countGuests(db, ctx.organisationId);
      if (!withinLimit(effective.limits.max_vms, existing + incoming)) throw guestLimit(incoming, existing);
    }
    const box = secretBoxFor(config, deps.log);
    const limits = opts.skipLimits
      ? undefined
      : {
          check: ({ hosts, guests }: { hosts: number; guests: number }) => {
            if (!withinLimit(effective.limits.max_hosts, hosts + 1)) throw hostLimit();
            if (effective.limits.max_vms !== -1 && !withinLimit(effective.limits.max_vms, guests + incoming))
              throw guestLimit(incoming, guests);
          },
        };
    const row = await insertHostWithinLimits(
      db,
      limits,
      {
        organisationId: ctx.organisationId,
        name: input.name,
        pveUrl: target.url,
        pveNode: target.node,
        username: target.user,
        authType: target.authType,
        tokenName: target.tokenName,
        secretEncrypted: box.seal(secret),
        tlsFingerprint: probe.fingerprint,
        pveVersion: probe.version.version,
        status: 'online',
        addressTrusted: opts.trustedAddress ?? false,
        // Read in full just below: the pollers take it from the next cycle on.
        nextPollAt: new Date(Date.now() + deps.config.SYNC_INTERVAL_SECONDS * 1000),
      },
      actorOf(ctx),
    );
    // Its audit record comes from the host.added event (audit.subscriber.ts); a failed add has none, see below.
    await fleetChanged(db, ctx.organisationId);
    const outcome = await syncHost(db, box, row, settings, deps.log);
    if (!outcome.ok) deps.log.warn({ hostId: row.id, detail: outcome.error?.detail }, 'first sync of a new host failed');
    const fresh = await findHost(db, ctx.organisationId, row.id);
    return toHostDto(fresh ?? row);
  } catch (err) {
    const detail = err instanceof AppError ? err.detail : 'unexpected error';
    await auditFailure(detail);
    throw asConnectFailure(err);
  }
}

const UPSTREAM_FAILURES: ReadonlySet<string> = new Set(['host_unreachable', 'host_error', 'host_timeout']);

/**
 * While adding, a host that cannot be reached or is not a PVE API is a problem with what the user typed
 * (address, port, node): 422 with the same detail. The 502/504 of sync and actions mean a registered host failed.
 */
function asConnectFailure(err: unknown): unknown {
  if (!(err instanceof AppError) || !UPSTREAM_FAILURES.has(err.code)) return err;
  return new AppError('host_connect_failed', err.detail, { cause: err });
}

export async function removeHost(deps: HostsDeps, ctx: RequestContext, id: string): Promise<void> {
  requireOrgRole(ctx.user, 'admin', 'delete hosts');
  const host = await findHost(deps.db, ctx.organisationId, id);
  if (!host) throw notFound('Host');
  await deps.db.transaction(async (tx) => {
    await deleteHost(tx, ctx.organisationId, id);
    await emitEvent(tx, ctx.organisationId, 'host.removed', { host_id: id, name: host.name }, actorOf(ctx));
  });
  dropClient(id);
  await fleetChanged(deps.db, ctx.organisationId);
}

/** The person behind a request, as events record it (the audit subscriber's actor). */
export const actorOf = (ctx: RequestContext): EventActor => ({
  type: 'user',
  id: ctx.user.id,
  name: ctx.user.email,
  ...(ctx.ip ? { ip: ctx.ip } : {}),
});

/** Manual sync: answers with what changed, or the host's error as `detail` (the audit keeps the English one). */
export async function syncOneHost(deps: HostsDeps, ctx: RequestContext, id: string): Promise<{ message: string }> {
  requireOrgRole(ctx.user, 'operator', 'sync hosts');
  const host = await findHost(deps.db, ctx.organisationId, id);
  if (!host) throw notFound('Host');
  const outcome: SyncOutcome = await syncHost(
    deps.db,
    secretBoxFor(deps.config, deps.log),
    host,
    connectSettings(deps.config),
    deps.log,
    ctx.language,
  );
  await recordAudit(deps.db, {
    action: 'host.sync',
    outcome: outcome.ok ? 'success' : 'failure',
    actorId: ctx.user.id,
    actorEmail: ctx.user.email,
    organisationId: ctx.organisationId,
    target: id,
    ip: ctx.ip ?? null,
    details: outcome.ok
      ? { added: outcome.added, removed: outcome.removed, changed: outcome.changed, total: outcome.total }
      : { detail: outcome.lastError },
  });
  if (!outcome.ok) throw outcome.error ?? new AppError('host_error', 'Sync failed');
  return { message: syncMessage(host.name, outcome, ctx.language) };
}

/** The certificate the host presents now against its pin: the new fingerprint to show before re-pinning. */
export async function hostCertificate(deps: HostsDeps, ctx: RequestContext, id: string): Promise<HostCertificate> {
  requireOrgRole(ctx.user, 'admin', 'check host certificates');
  const host = await findHost(deps.db, ctx.organisationId, id);
  if (!host) throw notFound('Host');
  const target = targetOf(host, secretBoxFor(deps.config, deps.log));
  const presented = await presentedFingerprint(target, connectSettings(deps.config), ctx.language);
  const pinned = host.tlsFingerprint ? normalizeFingerprint(host.tlsFingerprint) : null;
  return { pinned, presented, matches: pinned === presented };
}

/** Which Proxmox privileges each feature needs and whether the host's user or token has them, read live. */
export async function hostPrivileges(deps: HostsDeps, ctx: RequestContext, id: string): Promise<HostPrivileges> {
  const host = await findHost(deps.db, ctx.organisationId, id);
  if (!host) throw notFound('Host');
  const settings = connectSettings(deps.config);
  const target = targetOf(host, secretBoxFor(deps.config, deps.log));
  const client = pooledClient(host, () => target, settings);
  try {
    const permissions = await client.permissions(undefined, { signal: AbortSignal.timeout(settings.timeoutMs) });
    return evaluatePrivileges(permissions, host.pveNode, new Date());
  } catch (err) {
    throw toHostError(err, errorContext(target, settings, { language: ctx.language }));
  }
}

/**
 * Renames a host, rotates its credentials or re-pins its renewed certificate. New credentials or a new pin are
 * tried on the host first (the pin must be the certificate the host presents now): nothing is saved when they do
 * not work. The host keeps its id, so its guests, tasks and history stay.
 */
export async function editHost(deps: HostsDeps, ctx: RequestContext, id: string, input: HostUpdate): Promise<Host> {
  requireOrgRole(ctx.user, 'admin', 'edit hosts');
  const { db, config } = deps;
  const host = await findHost(db, ctx.organisationId, id);
  if (!host) throw notFound('Host');
  const box = secretBoxFor(config, deps.log);
  const values: Partial<NewHostRow> = {};
  if (input.name !== undefined) values.name = input.name;
  if (input.credentials || input.fingerprint) {
    // New credentials replace stored ones that can no longer be read (a lost PROXAI_SECRET_KEY).
    let current: ConnectionTarget;
    try {
      current = targetOf(host, box);
    } catch {
      if (!input.credentials) throw new AppError('invalid_state', UNREADABLE_CREDENTIALS);
      current = { ...targetOf({ ...host, secretEncrypted: box.seal('') }, box) };
    }
    const c = input.credentials;
    const target: ConnectionTarget = {
      ...current,
      ...(c
        ? {
            user: c.user,
            authType: c.auth_type,
            tokenName: c.auth_type === 'token' ? c.token_name : null,
            secret: c.auth_type === 'password' ? c.password : c.token_value,
          }
        : {}),
      fingerprint: input.fingerprint ?? current.fingerprint,
    };
    const probe = await probeHost(target, connectSettings(config), ctx.language ?? FALLBACK_LANGUAGE).catch((err: unknown) => {
      throw asConnectFailure(err);
    });
    Object.assign(values, {
      username: target.user,
      authType: target.authType,
      tokenName: target.tokenName,
      secretEncrypted: box.seal(target.secret),
      tlsFingerprint: probe.fingerprint,
      pveVersion: probe.version.version,
      status: 'online' as const,
      lastError: null,
      nextPollAt: new Date(),
    });
  }
  await db.transaction(async (tx) => {
    await updateHost(tx, id, values);
    const changed = [
      ...(input.name !== undefined ? (['name'] as const) : []),
      ...(input.credentials ? (['credentials'] as const) : []),
      ...(input.fingerprint ? (['fingerprint'] as const) : []),
    ];
    await emitEvent(
      tx,
      ctx.organisationId,
      'host.updated',
      { host_id: id, name: values.name ?? host.name, changed },
      actorOf(ctx),
    );
  });
  dropClient(id);
  await fleetChanged(db, ctx.organisationId);
  const fresh = await findHost(db, ctx.organisationId, id);
  return toHostDto(fresh ?? host);
}

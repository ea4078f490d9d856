import { PLANS, withinLimit, type Host, type HostCreate, type Language } from '@proxai/contract';
import type { Db } from '../../db/client';
import { AppError, notFound, errorText } from '../../errors';
import { FALLBACK_LANGUAGE, message } from '../../i18n/messages';
import { authorize } from '../../access/authorize';
import { recordAudit } from '../audit/audit.repository';
import { emitEvent } from '../../events/outbox';
import { getEffectivePlan } from '../licenses/licenses.service';
import { PBS_NODE } from '../pbs/pbs-connection';
import { pollPbs } from '../pbs/pbs-poll';
import { pbsText } from '../pbs/pbs-texts';
import { pbsSummary } from '../pbs/pbs-usage';
import { pbsStatesOf, type PbsStateRow } from '../pbs/pbs.repository';
import { dropClient } from '../pve/client-pool';
import { fleetChanged } from '../fleet/fleet-cache';
import { probeOf } from './host-probe';
import { syncHost, syncMessage, type SyncOutcome } from './host-sync';
import {
  countGuests,
  countHosts,
  deleteHost,
  findHost,
  insertHostWithinLimits,
  listHosts,
  type HostRow,
} from './hosts.repository';
import {
  connectSettings,
  createClient,
  errorContext,
  normalizePveUrl,
  type ConnectionTarget,
  type ConnectSettings,
} from '../pve/pve-connection';
import { toHostError } from '../pve/pve-errors';
import { secretBoxFor } from '../pve/secret-box';
import { creatorOf } from '../../kernel/principal';
import { actorOf, type RequestContext } from '../../kernel/request-context';
import type { ServiceDeps } from '../../kernel/deps';

/** A host as the API answers it; `pbs` is a PBS host's last poll (pbs_states), absent before its first one. */
export function toHostDto(h: HostRow, pbs?: PbsStateRow): Host {
  return {
    id: h.id,
    name: h.name,
    type: h.type,
    pve_url: h.pveUrl,
    pve_node: h.pveNode,
    status: h.status,
    user: h.username,
    auth_type: h.authType,
    token_name: h.tokenName,
    fingerprint: h.tlsFingerprint,
    pve_version: h.pveVersion,
    pbs: h.type === 'pbs' ? pbsSummary(pbs) : null,
    last_sync_at: h.lastSyncAt?.toISOString() ?? null,
    last_error: h.lastError,
    created_at: h.createdAt.toISOString(),
  };
}

export async function listHostsOf(deps: ServiceDeps, ctx: RequestContext): Promise<Host[]> {
  const rows = await listHosts(deps.db, ctx.organisationId);
  const pbs = await pbsStatesOf(
    deps.db,
    rows.filter((h) => h.type === 'pbs').map((h) => h.id),
  );
  return rows.map((h) => toHostDto(h, pbs.get(h.id)));
}

/** The host as answered after a change: read again, with a PBS's last poll. */
export async function hostDto(db: Db, host: HostRow): Promise<Host> {
  const fresh = (await findHost(db, host.organisationId, host.id)) ?? host;
  return toHostDto(fresh, fresh.type === 'pbs' ? (await pbsStatesOf(db, [fresh.id])).get(fresh.id) : undefined);
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
  deps: ServiceDeps,
  ctx: RequestContext,
  input: HostCreate,
  opts: { skipLimits?: boolean; trustedAddress?: boolean } = {},
): Promise<Host> {
  authorize(ctx.user, 'hosts.manage');
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
  // A PBS is not counted by the plan's host limit and brings no guests: no limit applies to adding one.
  const isPve = input.type !== 'pbs';
  const skipLimits = opts.skipLimits === true || !isPve;
  if (!skipLimits && !withinLimit(effective.limits.max_hosts, (await countHosts(db, ctx.organisationId)) + 1)) {
    throw hostLimit();
  }
  const type = isPve ? 'pve' : 'pbs';
  const secret = input.auth_type === 'password' ? input.password : input.token_value;
  const target: ConnectionTarget = {
    url: normalizePveUrl(input.pve_url, type),
    node: isPve ? (input.pve_node ?? '') : PBS_NODE,
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
      actor: creatorOf(ctx.user),
      organisationId: ctx.organisationId,
      ip: ctx.ip ?? null,
      details: { name: input.name, type, pve_url: target.url, pve_node: target.node, auth_type: input.auth_type, detail },
    });
  try {
    const probe = await probeOf(type)(target, settings, language);
    const pinned = { ...target, fingerprint: probe.fingerprint };
    const incoming = !skipLimits && effective.limits.max_vms !== -1 ? await countNodeGuests(pinned, settings, language) : 0;
    if (!skipLimits) {
      const existing = await countGuests(db, ctx.organisationId);
      if (!withinLimit(effective.limits.max_vms, existing + incoming)) throw guestLimit(incoming, existing);
    }
    const box = secretBoxFor(config, deps.log);
    const limits = skipLimits
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
        type,
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
    const outcome = isPve ? await syncHost(db, box, row, settings, deps.log) : await pollPbs(deps, row, { full: true });
    if (!outcome.ok) deps.log.warn({ hostId: row.id, detail: outcome.error?.detail }, 'first sync of a new host failed');
    return await hostDto(db, row);
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
export function asConnectFailure(err: unknown): unknown {
  if (!(err instanceof AppError) || !UPSTREAM_FAILURES.has(err.code)) return err;
  return new AppError('host_connect_failed', err.detail, { cause: err });
}

export async function removeHost(deps: ServiceDeps, ctx: RequestContext, id: string): Promise<void> {
  authorize(ctx.user, 'hosts.manage');
  const host = await findHost(deps.db, ctx.organisationId, id);
  if (!host) throw notFound('host');
  await deps.db.transaction(async (tx) => {
    await deleteHost(tx, ctx.organisationId, id);
    await emitEvent(tx, ctx.organisationId, 'host.removed', { host_id: id, name: host.name }, actorOf(ctx));
  });
  dropClient(id);
  await fleetChanged(deps.db, ctx.organisationId);
}

/** The person behind a request, as events record it (the audit subscriber's actor). */
/** Manual sync: answers with what changed, or the host's error as `detail` (the audit keeps the English one). */
export async function syncOneHost(deps: ServiceDeps, ctx: RequestContext, id: string): Promise<{ message: string }> {
  authorize(ctx.user, 'hosts.sync');
  const host = await findHost(deps.db, ctx.organisationId, id);
  if (!host) throw notFound('host');
  if (host.type === 'pbs') return syncPbsHost(deps, ctx, host);
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
    actor: creatorOf(ctx.user),
    organisationId: ctx.organisationId,
    target: id,
    ip: ctx.ip ?? null,
    details: outcome.ok
      ? { added: outcome.added, removed: outcome.removed, changed: outcome.changed, total: outcome.total }
      : { detail: outcome.lastError },
  });
  if (!outcome.ok) throw outcome.error ?? new AppError('host_error', errorText('hosts.syncFailed'));
  return { message: syncMessage(host.name, outcome, ctx.language) };
}

/** A manual read of a PBS host: its light poll in full now, audited like a PVE host's sync. */
async function syncPbsHost(deps: ServiceDeps, ctx: RequestContext, host: HostRow): Promise<{ message: string }> {
  const outcome = await pollPbs(deps, host, { full: true, ...(ctx.language ? { language: ctx.language } : {}) });
  await recordAudit(deps.db, {
    action: 'host.sync',
    outcome: outcome.ok ? 'success' : 'failure',
    actor: creatorOf(ctx.user),
    organisationId: ctx.organisationId,
    target: host.id,
    ip: ctx.ip ?? null,
    details: outcome.ok ? { version: outcome.version } : { detail: outcome.lastError },
  });
  if (!outcome.ok) throw outcome.error ?? new AppError('host_error', errorText('hosts.syncFailed'));
  const language = ctx.language ?? FALLBACK_LANGUAGE;
  return { message: pbsText(language, 'pbs.read', { host: host.name, version: outcome.version ?? '?' }) };
}

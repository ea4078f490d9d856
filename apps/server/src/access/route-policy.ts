import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { AppError, errorText } from '../errors';
import type { ApprovalAction, Permission, PlatformPermission } from '@proxai/contract/permissions';
import { scheduleStopsGuests } from '@proxai/contract';
import { acceptedLanguage, message } from '../i18n/messages';
import { authorize, authorizePlatform } from './authorize';

/**
 * What each /api route needs, declared in one place (DESIGN.md §15) and decided by one authorize():
 * - `public`: anyone (sign-in steps, public keys, the health check; a route may check a token of its own);
 * - `session`: a signed-in person, whatever their organisation (their own account and factors);
 * - a permission of the map: the role held in the organisation the session acts in;
 * - `platform:…`: vendor staff (licences, organisations).
 * `stepUp` marks a sensitive action: a fresh second-factor check bound to the exact request (challenges.ts).
 * permissions.int.test.ts checks that every registered route is here.
 */
export type RouteNeed = 'public' | 'session' | Permission | `platform:${PlatformPermission}`;
export interface RoutePolicy {
  /** What the route needs; a function when it depends on the body (restoring over a guest needs more). */
  need: RouteNeed | ((body: unknown) => RouteNeed);
  stepUp?: boolean | ((body: unknown) => boolean);
  /** A person's own act, never an API key's (leaving, deciding an approval, a browser's stream ticket). */
  personOnly?: true;
  /** The four-eyes action this request is, when its organisation lists it (held for another member's approval). */
  approval?: ApprovalAction | ((body: unknown) => ApprovalAction | undefined);
}

const field = (body: unknown, name: string) =>
  body && typeof body === 'object' ? (body as Record<string, unknown>)[name] : undefined;

export const ROUTE_POLICIES: Record<string, RoutePolicy> = {
  // Public: sign-in steps, public keys and forms; each checks what it is given.
  'GET /api/health': { need: 'public' },
  'GET /api/permissions': { need: 'public' },
  'GET /api/auth/providers': { need: 'public' },
  'POST /api/auth/magic-link': { need: 'public' },
  'POST /api/auth/verify-otp': { need: 'public' },
  'POST /api/auth/admin-login': { need: 'public' },
  'POST /api/auth/oauth/session': { need: 'public' },
  'POST /api/auth/magic': { need: 'public' },
  'GET /api/auth/magic': { need: 'public' },
  'GET /api/auth/oidc/start': { need: 'public' },
  'GET /api/auth/oidc/callback': { need: 'public' },
  'POST /api/auth/mfa/verify': { need: 'public' },
  'POST /api/auth/passkey/options': { need: 'public' },
  'POST /api/auth/passkey/sign-in': { need: 'public' },
  'GET /api/invites/:token': { need: 'public' },
  'GET /api/licenses/public-key': { need: 'public' },
  'GET /api/evidence/public-key': { need: 'public' },
  'POST /api/newsletter/subscribe': { need: 'public' },
  'POST /api/contact': { need: 'public' },
  'GET /api/dev/outbox': { need: 'public' },
  'GET /api/demo': { need: 'public' },
  // The event stream takes a single-use ticket; the Prometheus exposition a scrape token.
  'GET /api/events': { need: 'public' },
  'GET /api/metrics/prometheus': { need: 'public' },

  // The person's own account, factors and sessions (a forced enrolment may come with an mfa_token instead).
  'GET /api/auth/me': { need: 'session' },
  'PATCH /api/auth/me': { need: 'session' },
  'POST /api/auth/logout': { need: 'session' },
  'POST /api/auth/logout-all': { need: 'session' },
  'POST /api/auth/switch-organisation': { need: 'session' },
  'GET /api/auth/mfa': { need: 'session' },
  // Adding a factor is stepped up where its ceremony starts, before a secret is shown or a passkey created: the
  // ceremony's end (`totp/confirm`, `POST /passkeys`) can only finish what a stepped-up start began (SECURITY.md).
  'POST /api/auth/mfa/totp/setup': { need: 'session', stepUp: true },
  'POST /api/auth/mfa/totp/confirm': { need: 'session' },
  'DELETE /api/auth/mfa/totp': { need: 'session', stepUp: true },
  'POST /api/auth/mfa/recovery-codes': { need: 'session', stepUp: true },
  'POST /api/auth/passkeys/options': { need: 'session', stepUp: true },
  'POST /api/auth/passkeys': { need: 'session' },
  'PATCH /api/auth/passkeys/:id': { need: 'session' },
  'DELETE /api/auth/passkeys/:id': { need: 'session', stepUp: true },
  'POST /api/auth/step-up': { need: 'session' },
  'POST /api/auth/step-up/email': { need: 'session' },
  'GET /api/auth/sessions': { need: 'session' },
  'DELETE /api/auth/sessions/:id': { need: 'session' },
  'POST /api/invites/:token/accept': { need: 'session' },

  // Members and the organisation's policy.
  'GET /api/members': { need: 'members.read' },
  'PATCH /api/members/:user_id': { need: 'members.manage', stepUp: true, approval: 'members.role', personOnly: true },
  'DELETE /api/members/:user_id': { need: 'members.manage', stepUp: true, approval: 'members.remove', personOnly: true },
  'POST /api/members/leave': { need: 'members.read', personOnly: true },
  'GET /api/invites': { need: 'members.manage' },
  'POST /api/invites': { need: 'members.manage' },
  'DELETE /api/invites/:id': { need: 'members.manage' },
  'GET /api/organisation/security': { need: 'members.read' },
  'PUT /api/organisation/security': { need: 'organisation.security', stepUp: true, personOnly: true },
  'GET /api/approvals': { need: 'members.read' },
  // An organisation's chain (audit.read), or the platform's for its administrators: the handler decides which.
  'GET /api/audit/export': { need: 'session' },
  'GET /api/audit': { need: 'session' },
  // Owners (organisation.security), or platform admins; held for a second member where the organisation uses approvals.
  'POST /api/audit/archive': { need: 'session', stepUp: true, approval: 'audit.archive' },
  'POST /api/approvals/:id/approve': { need: 'approvals.decide', stepUp: true, personOnly: true },
  'POST /api/approvals/:id/deny': { need: 'approvals.decide', personOnly: true },

  // Licences and organisations: the platform's administrators.
  // An organisation's members read its own licences; the service answers 404 for another's.
  'GET /api/admin/licenses/:organisation_id': { need: 'session' },
  'GET /api/admin/organisations': { need: 'platform:organisations.read' },
  'POST /api/admin/licenses/generate': { need: 'platform:licenses.generate' },
  'POST /api/admin/licenses/:id/revoke': { need: 'platform:licenses.revoke', stepUp: true },

  // Hosts and guests.
  'GET /api/hosts': { need: 'fleet.read' },
  'POST /api/hosts': { need: 'hosts.manage' },
  'PATCH /api/hosts/:id': { need: 'hosts.manage' },
  'DELETE /api/hosts/:id': { need: 'hosts.manage', stepUp: true, approval: 'hosts.delete' },
  'POST /api/hosts/:id/sync': { need: 'hosts.sync' },
  'GET /api/hosts/:id/certificate': { need: 'hosts.manage' },
  'GET /api/hosts/:id/privileges': { need: 'fleet.read' },
  'GET /api/hosts/:id/pbs': { need: 'fleet.read' },
  'GET /api/vms': { need: 'fleet.read' },
  'GET /api/stats': { need: 'fleet.read' },
  'POST /api/vms/:id/action': { need: 'guests.operate' },
  'POST /api/vms/bulk-action': {
    need: 'guests.operate',
    stepUp: (body) => field(body, 'action') !== 'start',
    approval: (body) => (field(body, 'action') !== 'start' ? 'guests.bulk_stop' : undefined),
  },
  'GET /api/vms/:id/snapshots': { need: 'fleet.read' },
  'POST /api/vms/:id/snapshots': { need: 'guests.operate' },
  'POST /api/vms/:id/snapshots/:name/rollback': { need: 'guests.operate' },
  'DELETE /api/vms/:id/snapshots/:name': { need: 'guests.operate' },
  // A key opens the stream with its Authorization header; tickets are for browsers' EventSource.
  'POST /api/events/ticket': { need: 'fleet.read', personOnly: true },
  'GET /api/tasks': { need: 'fleet.read' },
  'GET /api/tasks/:id': { need: 'fleet.read' },
  'POST /api/tasks/:id/cancel': { need: 'tasks.cancel' },
  'GET /api/proxai/advice': { need: 'fleet.read' },

  // Automation.
  'GET /api/windows': { need: 'fleet.read' },
  'POST /api/windows': { need: 'schedules.manage' },
  'PATCH /api/windows/:id': { need: 'schedules.manage' },
  'DELETE /api/windows/:id': { need: 'schedules.manage' },
  'GET /api/schedules': { need: 'fleet.read' },
  'GET /api/schedules/plan': { need: 'fleet.read' },
  'GET /api/schedules/:id': { need: 'fleet.read' },
  // What a schedule will do is authorised where it is made, changed and run now (schedules.service.ts); a schedule
  // that stops guests is a bulk stop: stepped up and held like one (a change and a run-now: schedules.routes.ts).
  'POST /api/schedules': {
    need: 'schedules.manage',
    stepUp: (body) => scheduleStopsGuests(body as object),
    approval: (body) => (scheduleStopsGuests(body as object) ? 'guests.bulk_stop' : undefined),
  },
  'PATCH /api/schedules/:id': { need: 'schedules.manage' },
  'DELETE /api/schedules/:id': { need: 'schedules.manage' },
  'POST /api/schedules/:id/run': { need: 'schedules.run' },

  // Backups and restore tests.
  'GET /api/backups': { need: 'fleet.read' },
  'GET /api/backups/coverage': { need: 'fleet.read' },
  'GET /api/vms/:id/critical': { need: 'fleet.read' },
  'PATCH /api/vms/:id/critical': { need: 'backups.run' },
  'POST /api/vms/:id/backup': { need: 'backups.run' },
  'POST /api/backups/restore': {
    need: (body) => (field(body, 'target') === 'original' ? 'backups.restore_over' : 'backups.run'),
    stepUp: (body) => field(body, 'target') === 'original',
    approval: (body) => (field(body, 'target') === 'original' ? 'backups.restore_over' : undefined),
  },
  'POST /api/restore-tests': { need: 'restore_tests.run' },
  'GET /api/restore-tests': { need: 'fleet.read' },
  'GET /api/restore-tests/summary': { need: 'fleet.read' },
  'GET /api/restore-tests/:id': { need: 'fleet.read' },
  'GET /api/restore-tests/:id/evidence': { need: 'fleet.read' },

  // Monitoring, alerts, notifications.
  'GET /api/metrics/node/:id': { need: 'fleet.read' },
  'GET /api/metrics/guest/:id': { need: 'fleet.read' },
  'GET /api/metrics/storage/:id': { need: 'fleet.read' },
  'GET /api/metrics/overview': { need: 'fleet.read' },
  'GET /api/metrics/collection': { need: 'fleet.read' },
  'GET /api/metrics/scrape-token': { need: 'fleet.read' },
  'POST /api/metrics/scrape-token': { need: 'metrics.manage' },
  'DELETE /api/metrics/scrape-token': { need: 'metrics.manage' },
  'GET /api/alert-rules': { need: 'fleet.read' },
  'PUT /api/alert-rules': { need: 'alerts.manage' },
  'GET /api/alerts': { need: 'fleet.read' },
  'GET /api/alerts/count': { need: 'fleet.read' },
  'POST /api/alerts/:id/ack': { need: 'alerts.respond' },
  'POST /api/alerts/:id/silence': { need: 'alerts.respond' },
  // Personal channels are every member's own; the service checks notifications.manage for the shared ones.
  'GET /api/notification-channels': { need: 'notifications.read' },
  'POST /api/notification-channels': { need: 'notifications.read' },
  'GET /api/notification-channels/:id': { need: 'notifications.read' },
  'PATCH /api/notification-channels/:id': { need: 'notifications.read' },
  'DELETE /api/notification-channels/:id': { need: 'notifications.read' },
  'POST /api/notification-channels/:id/test': { need: 'notifications.read' },
  'POST /api/notification-channels/:id/rotate-secret': { need: 'notifications.read' },
  'GET /api/notification-channels/:id/deliveries': { need: 'notifications.read' },
  'GET /api/notification-channels/:id/dead-letters': { need: 'notifications.read' },
  'POST /api/notification-deliveries/:id/replay': { need: 'notifications.read' },
  'GET /api/notification-preferences': { need: 'session' },

  // API keys: managed by people only (a key never makes or revokes keys); making one proves a second factor.
  'GET /api/api-keys': { need: 'api_keys.create', personOnly: true },
  'POST /api/api-keys': { need: 'api_keys.create', stepUp: true, personOnly: true },
  'DELETE /api/api-keys/:id': { need: 'api_keys.create', personOnly: true },
  'PUT /api/notification-preferences': { need: 'session' },
};

export const routeKey = (method: string, url: string) => `${method} ${url}`;

/**
 * Whether an API key may call this route at all: never a person's own account, factors and sessions, the
 * platform's calls, or a person's own acts. Checked when the key authenticates, wherever a route does that.
 */
export function keyMayCall(route: string): boolean {
  const policy = ROUTE_POLICIES[route];
  if (!policy || policy.personOnly) return false;
  return typeof policy.need === 'function' || (policy.need !== 'session' && !policy.need.startsWith('platform:'));
}

/** Whether this request must carry a fresh step-up proof (its route's policy, for this body). */
export function needsStepUp(policy: RoutePolicy | undefined, body: unknown): boolean {
  if (!policy?.stepUp) return false;
  return policy.stepUp === true || policy.stepUp(body);
}

export function approvalActionOf(policy: RoutePolicy | undefined, body: unknown): ApprovalAction | undefined {
  if (!policy?.approval) return undefined;
  return typeof policy.approval === 'string' ? policy.approval : policy.approval(body);
}

/**
 * The one gate after authentication: the route's declared need, then its step-up, then four-eyes (a held request
 * answers 202 `approval_required`). A route without a session (public, or checked by its own token) passes
 * through to its handler. An approved request the server runs as its requester is checked again (their role
 * today) but neither stepped up again nor held again.
 */
export function installRoutePolicies(
  app: FastifyInstance,
  gates: {
    stepUp: (request: FastifyRequest) => Promise<void>;
    hold: (request: FastifyRequest, action: ApprovalAction) => Promise<{ id: string } | null>;
    /** An API key's own gate: its request rate, and its host/tag scope (modules/api-keys). */
    apiKey: (request: FastifyRequest, reply: FastifyReply, route: string) => Promise<void>;
    /** Whether the organisation holds this action for four-eyes approval. */
    isHeld: (organisationId: string, action: ApprovalAction) => Promise<boolean>;
  },
): void {
  /**
   * Step-up, then four-eyes, for a request judged sensitive (by its route's policy, or by a handler that must read
   * what the request changes first, such as a schedule's stored kind). Answers whether the request was held (202
   * `approval_required` sent). A key is never asked for a step-up (nobody is there to answer) and cannot ask for an
   * approval; an approved request the server runs as its requester passes.
   */
  const sensitiveGate = async (
    request: FastifyRequest,
    reply: FastifyReply,
    sensitive: { stepUp: boolean; approval?: ApprovalAction },
  ): Promise<boolean> => {
    const user = request.user;
    if (!user || request.approvalRun) return false;
    if (user.apiKey) {
      if (sensitive.approval && user.organisationId && (await gates.isHeld(user.organisationId, sensitive.approval))) {
        throw new AppError('forbidden', errorText('access.keyCannotAskApproval'));
      }
      return false;
    }
    if (sensitive.stepUp) await gates.stepUp(request);
    const held = sensitive.approval ? await gates.hold(request, sensitive.approval) : null;
    if (!held) return false;
    // Not the route's own 202 (a task, say): its answer schema does not apply to a held request.
    await reply
      .code(202)
      .type('application/json; charset=utf-8')
      .serializer((payload: unknown) => JSON.stringify(payload))
      .send({
        detail: message(acceptedLanguage(request.headers['accept-language']), 'approval.required'),
        code: 'approval_required',
        approval_id: held.id,
      });
    return true;
  };
  app.decorate('sensitiveGate', sensitiveGate);

  app.addHook('preHandler', async (request, reply) => {
    const route = routeKey(request.method, request.routeOptions.url ?? '');
    const policy = ROUTE_POLICIES[route];
    const user = request.user;
    if (!policy || !user) return;
    const need = typeof policy.need === 'function' ? policy.need(request.body) : policy.need;
    if (need.startsWith('platform:')) authorizePlatform(user, need.slice('platform:'.length) as PlatformPermission);
    else if (need !== 'public' && need !== 'session') authorize(user, need as Permission);
    if (user.apiKey) await gates.apiKey(request, reply, route);
    await sensitiveGate(request, reply, {
      stepUp: needsStepUp(policy, request.body),
      approval: approvalActionOf(policy, request.body),
    });
  });
}

declare module 'fastify' {
  interface FastifyInstance {
    /** Step-up and four-eyes for a request a handler judges sensitive; true when it was held (route-policy.ts). */
    sensitiveGate: (
      request: FastifyRequest,
      reply: FastifyReply,
      sensitive: { stepUp: boolean; approval?: ApprovalAction },
    ) => Promise<boolean>;
  }
}

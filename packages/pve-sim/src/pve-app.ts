import { extractCredentials, PermissionError, requirePriv, rootCap, type Identity } from './auth';
import { membersOf } from './cluster';
import { SimNode } from './node-state';
import { joinRepeatedWithNul, ParamError, validateParams, type ParamValue, type RawParams } from './params';
import { ApiError, compileRoutes, extractParams, matchRoute, WithTotal, type RouteDef } from './router';
import { accessRoutes } from './routes/access';
import { agentRoutes } from './routes/agent';
import { backupJobRoutes } from './routes/backup-jobs';
import { guestRoutes } from './routes/guests';
import { nodeRoutes } from './routes/nodes';
import { restoreRoutes } from './routes/restore';
import { storageRoutes } from './routes/storage';
import { taskRoutes } from './routes/tasks';
import { vzdumpRoutes } from './routes/vzdump';
import { type SimControl } from './sim-control';
import { onFleetTime } from './sim-time';
import { sleep, type ShellHandler, type ShellRequest, type ShellResponse } from './server-shell';
import { quirks } from './version';

const ROUTES = compileRoutes<SimNode>([
  ...nodeRoutes,
  ...guestRoutes,
  ...storageRoutes,
  ...vzdumpRoutes,
  ...restoreRoutes,
  ...backupJobRoutes,
  ...agentRoutes,
  ...taskRoutes,
  ...accessRoutes,
]);
const PREFIX = '/api2/json';
const JSON_TYPE = 'application/json;charset=UTF-8';

function baseHeaders(): Record<string, string> {
  return {
    Server: 'pve-api-daemon/3.0',
    'Cache-Control': 'max-age=0',
    Pragma: 'no-cache',
    Expires: new Date().toUTCString(),
  };
}

/** The PVE API of one node (pveproxy + pvedaemon as seen from outside). */
export class PveApp implements ShellHandler {
  constructor(
    private readonly node: SimNode,
    /** The fleet-wide control paths (/_sim/guests/…, /_sim/nodes/…); absent: only /_sim/stats. */
    private readonly simControl?: SimControl,
  ) {}

  flaky(req: ShellRequest): ShellResponse {
    this.count(req);
    // pmxcfs hiccup: a real, intermittent failure mode of busy hosts.
    return this.error(500, 'ipcc_send_rec[1] failed: Connection refused');
  }

  /**
   * GET /_sim/stats, POST /_sim/stats/reset: this node's request counters; the load, fault and agent paths of
   * SimControl (no auth; not counted).
   */
  control(req: ShellRequest): ShellResponse | Promise<ShellResponse | undefined> | undefined {
    const { pathname } = req.url;
    if (!pathname.startsWith('/_sim/')) return undefined;
    const json = (status: number, body: unknown): ShellResponse => ({
      status,
      headers: { 'Content-Type': 'application/json', 'Cache-Control': 'no-store' },
      body: JSON.stringify(body),
    });
    const method = req.method.toUpperCase();
    const stats = this.node.requestStats;
    if (pathname === '/_sim/stats' && method === 'GET') return json(200, stats.snapshot());
    if (pathname === '/_sim/stats/reset' && method === 'POST') {
      stats.reset();
      return json(200, stats.snapshot());
    }
    const notFound = json(404, {
      error: `no simulator control path '${method} ${pathname}' (GET /_sim/stats, POST /_sim/stats/reset, POST|DELETE /_sim/guests/{vmid}/load, POST|DELETE /_sim/nodes/{node}/fault, POST /_sim/guests/{vmid}/agent, POST|DELETE /_sim/guests/{vmid}/probe, GET|POST /_sim/quirks, POST /_sim/nodes/{node}/memory)`,
    });
    if (!this.simControl) return notFound;
    const control = this.simControl;
    return onFleetTime(this.node.now, () => control.handle(req, this.node)).then((res) => res ?? notFound);
  }

  /** Counts an /api2 request under its route pattern and the node it is about. */
  private count(req: ShellRequest): void {
    this.node.stats.requests++;
    const { pathname } = req.url;
    if (!pathname.startsWith(`${PREFIX}/`)) return;
    const path = pathname.slice(PREFIX.length);
    const method = req.method.toUpperCase();
    const match = matchRoute(ROUTES, method, path);
    const key = match ? match.route.path : path === '/access/ticket' ? path : '(not implemented)';
    this.node.requestStats.record(`${method} ${key}`, match?.pathParams['node'] ?? this.node.name);
  }

  async handle(req: ShellRequest): Promise<ShellResponse> {
    this.count(req);
    try {
      return await onFleetTime(this.node.now, () => this.dispatch(req));
    } catch (err) {
      if (err instanceof ParamError) return this.error(400, err.message, err.errors);
      if (err instanceof PermissionError) return this.error(403, err.message);
      if (err instanceof ApiError) {
        if (err.opts.emptyBody) return { status: err.status, reason: err.message, headers: baseHeaders() };
        return this.error(err.status, err.message, err.opts.errors);
      }
      return this.error(500, err instanceof Error ? err.message : String(err));
    }
  }

  private ok(data: unknown, total?: number): ShellResponse {
    const body: Record<string, unknown> = { data };
    if (total !== undefined && total > 0) body['total'] = total;
    return { status: 200, reason: 'OK', headers: { ...baseHeaders(), 'Content-Type': JSON_TYPE }, body: JSON.stringify(body) };
  }

  private error(status: number, message: string, errors?: Record<string, string>): ShellResponse {
    const body: Record<string, unknown> = { data: null };
    if (errors) body['errors'] = errors;
    if (quirks.errorMessageField(this.node.version)) body['message'] = message.endsWith('\n') ? message : `${message}\n`;
    return { status, reason: message, headers: { ...baseHeaders(), 'Content-Type': JSON_TYPE }, body: JSON.stringify(body) };
  }

  /** Auth-layer 401: reason phrase only, no body, after the configured delay. */
  private async unauthorized(reason: string): Promise<ShellResponse> {
    this.node.stats.failedAuth++;
    if (this.node.authFailDelayMs > 0) await sleep(this.node.authFailDelayMs);
    return { status: 401, reason, headers: baseHeaders() };
  }

  private async dispatch(req: ShellRequest): Promise<ShellResponse> {
    const { pathname } = req.url;
    if (!pathname.startsWith(`${PREFIX}/`) && pathname !== PREFIX) {
      return { status: 404, reason: 'Not found', headers: baseHeaders() };
    }
    const path = pathname.slice(PREFIX.length) || '/';
    const method = req.method.toUpperCase();
    if ((method === 'GET' || method === 'DELETE') && req.body.length > 0) {
      return this.error(501, `Unexpected content for method '${method}'`);
    }
    const decoded = extractParams(method, req.url.search.slice(1), req.body, req.headers['content-type']);
    const raw = quirks.nulJoinedRepeats(this.node.version) ? joinRepeatedWithNul(decoded) : decoded;
    const creds = extractCredentials('PVE', { cookie: req.headers.cookie, authorization: req.headers.authorization });

    if (path === '/access/ticket') {
      if (method === 'GET') return this.ok(null);
      if (method === 'POST') {
        if (creds.token || creds.malformedToken) {
          return this.error(
            403,
            "Permission check failed (URI '/access/ticket' not available with API token, need proper ticket.)",
          );
        }
        return this.login(raw);
      }
    }

    const identity = await this.authenticate(creds, method, req.headers['csrfpreventiontoken']);
    if (!('authid' in identity)) return identity;

    const match = matchRoute(ROUTES, method, path);
    if (!match) return this.error(501, `Method '${method} ${path}' not implemented`);
    const params = validateParams({ ...raw, ...match.pathParams }, match.route.params ?? {});
    const target = this.proxyTarget(params['node']);
    if (!(target instanceof SimNode)) return target;
    this.checkPerm(match.route, params, identity);
    const result = await match.route.handler({ state: target, params, identity });
    return result instanceof WithTotal ? this.ok(result.data, result.total) : this.ok(result ?? null);
  }

  /**
   * The node a `{node}` path is served by: this one, or a cluster member (pveproxy proxies the request
   * there: 595 when it is down or does not answer). A name that only matches by case is "another" node
   * whose TLS check fails (596); an unknown one fails the host name lookup.
   */
  private proxyTarget(name: ParamValue | undefined): SimNode | ShellResponse {
    if (typeof name !== 'string' || name === this.node.name) return this.node;
    const member = this.node.cluster?.member(name);
    if (member) {
      if (member.down === 'refused') return { status: 595, reason: 'Connection refused', headers: baseHeaders() };
      if (member.down === 'hung') return { status: 595, reason: 'Connection timed out', headers: baseHeaders() };
      return member;
    }
    if (membersOf(this.node).some((m) => m.name.toLowerCase() === name.toLowerCase())) {
      return { status: 596, reason: 'tls_process_server_certificate: certificate verify failed', headers: baseHeaders() };
    }
    throw new ApiError(
      500,
      `hostname lookup '${name}' failed - failed to get address info for: ${name}: Name or service not known`,
    );
  }

  private checkPerm(route: RouteDef<SimNode>, params: Record<string, ParamValue>, identity: Identity): void {
    const need = route.perm?.(params);
    if (need) requirePriv(identity.privs, need[0], need[1]);
  }

  private async authenticate(
    creds: ReturnType<typeof extractCredentials>,
    method: string,
    csrf: string | string[] | undefined,
  ): Promise<Identity | ShellResponse> {
    const unified = quirks.unifiedAuthFailure(this.node.version);
    if (creds.malformedToken) return this.unauthorized(unified ? 'Authentication failed!' : 'invalid token value!');
    if (creds.token) {
      const res = this.node.auth.verifyToken(creds.token.id, creds.token.secret);
      if ('error' in res) return this.unauthorized(unified ? 'Authentication failed!' : res.error);
      return res;
    }
    if (creds.ticket === undefined) return this.unauthorized('No ticket');
    const userid = this.node.auth.verifyTicket(creds.ticket);
    if (!userid) return this.unauthorized(unified ? 'Authentication failed!' : 'permission denied - invalid PVE ticket');
    if (method !== 'GET' && !this.node.auth.verifyCsrf(typeof csrf === 'string' ? csrf : '', userid)) {
      return this.unauthorized('Permission denied - invalid csrf token');
    }
    return { userid, authid: userid, via: 'ticket', privs: 'all' };
  }

  private async login(raw: RawParams): Promise<ShellResponse> {
    const params = validateParams(raw, {
      username: { type: 'string' },
      password: { type: 'string' },
      realm: { type: 'string', optional: true },
      otp: { type: 'string', optional: true },
      path: { type: 'string', optional: true },
      privs: { type: 'string', optional: true },
      'new-format': { type: 'boolean', optional: true },
      'tfa-challenge': { type: 'string', optional: true },
    });
    let userid = String(params['username']);
    if (params['realm'] !== undefined && !userid.includes('@')) userid = `${userid}@${String(params['realm'])}`;
    const password = String(params['password']);
    const auth = this.node.auth;
    let ok = false;
    if (password.startsWith('PVE:')) {
      ok = auth.verifyTicket(password) === userid;
      if (ok) this.node.stats.ticketRenewals++;
    } else {
      ok = auth.checkPassword(userid, password);
      if (ok) this.node.stats.logins++;
    }
    if (!ok) {
      this.node.stats.failedAuth++;
      if (this.node.authFailDelayMs > 0) await sleep(this.node.authFailDelayMs);
      return this.error(401, 'authentication failure');
    }
    const { ticket, csrf } = auth.issue(userid);
    const cluster = this.node.cluster ? { clustername: this.node.cluster.name } : {};
    return this.ok({ username: userid, ticket, CSRFPreventionToken: csrf, cap: rootCap(this.node.version), ...cluster });
  }
}

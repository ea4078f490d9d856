import { z } from 'zod';
import { extractCredentials, type Identity } from './auth';
import { ParamError, validateParams } from './params';
import { pbsJobRoutes } from './pbs-job-routes';
import { pbsRoutes } from './pbs-routes';
import type { SimPbs } from './pbs-state';
import { ApiError, compileRoutes, matchRoute, parseBody, str, WithTotal } from './router';
import { sleep, type ShellHandler, type ShellRequest, type ShellResponse } from './server-shell';
import { json } from './sim-control';

const PREFIX = '/api2/json';
const VerifyFaultBody = z.strictObject({
  backup_type: z.enum(['vm', 'ct', 'host']),
  backup_id: z.string().min(1),
  backup_time: z.number().int().min(0).optional(),
  fail: z.boolean(),
});
const parseJson = (body: string): unknown => {
  try {
    return JSON.parse(body || '{}') as unknown;
  } catch {
    return undefined;
  }
};
const ROUTES = compileRoutes<SimPbs>([...pbsRoutes, ...pbsJobRoutes]);

/** The PBS API (proxmox-backup-proxy): JSON success envelope, plain-text errors. */
export class PbsApp implements ShellHandler {
  constructor(
    private readonly pbs: SimPbs,
    private readonly authFailDelayMs: () => number,
  ) {}

  /**
   * Control path for tests (no auth): `POST /_sim/datastores/{store}/verify-fault`
   * `{backup_type, backup_id, backup_time?, fail}`: the next verifications of those snapshots (one, or the
   * group's) find corrupt chunks (`fail: false` heals them).
   */
  control(req: ShellRequest): ShellResponse | undefined {
    const m = /^\/_sim\/datastores\/([^/]+)\/verify-fault$/.exec(req.url.pathname);
    if (!req.url.pathname.startsWith('/_sim/')) return undefined;
    if (!m || req.method.toUpperCase() !== 'POST')
      return json(404, { error: 'no such control path (POST /_sim/datastores/{store}/verify-fault)' });
    const r = VerifyFaultBody.safeParse(parseJson(req.body));
    if (!r.success)
      return json(400, { error: r.error.issues.map((i) => `${i.path.join('.') || '(body)'}: ${i.message}`).join('; ') });
    const ds = this.pbs.datastores.get(decodeURIComponent(m[1] ?? ''));
    if (!ds) return json(404, { error: `no datastore '${m[1] ?? ''}'` });
    const b = r.data;
    const hit = ds.snapshots.filter(
      (s) => s.type === b.backup_type && s.id === b.backup_id && (b.backup_time === undefined || s.time === b.backup_time),
    );
    if (hit.length === 0) return json(404, { error: 'no such snapshot' });
    for (const s of hit) s.verifyFault = b.fail;
    return json(200, {
      store: ds.spec.name,
      snapshots: hit.map((s) => ({ 'backup-type': s.type, 'backup-id': s.id, 'backup-time': s.time, fail: b.fail })),
    });
  }

  flaky(): ShellResponse {
    return this.error(500, 'unable to acquire lock on datastore - timeout');
  }

  async handle(req: ShellRequest): Promise<ShellResponse> {
    try {
      return await this.dispatch(req);
    } catch (err) {
      if (err instanceof ParamError) {
        return this.error(
          400,
          Object.entries(err.errors)
            .map(([k, v]) => `parameter verification failed - '${k}': ${v.trim()}`)
            .join('\n'),
        );
      }
      if (err instanceof ApiError) return this.error(err.status, err.message);
      return this.error(500, err instanceof Error ? err.message : String(err));
    }
  }

  private ok(data: unknown, total?: number): ShellResponse {
    const body: Record<string, unknown> = { data };
    if (total !== undefined) body['total'] = total;
    return { status: 200, headers: { 'Content-Type': 'application/json' }, body: JSON.stringify(body) };
  }

  private error(status: number, message: string): ShellResponse {
    return { status, headers: { 'Content-Type': 'application/json' }, body: message };
  }

  private async unauthorized(message: string): Promise<ShellResponse> {
    const delay = this.authFailDelayMs();
    if (delay > 0) await sleep(delay);
    return this.error(401, message);
  }

  private async dispatch(req: ShellRequest): Promise<ShellResponse> {
    const { pathname } = req.url;
    const method = req.method.toUpperCase();
    if (!pathname.startsWith(`${PREFIX}/`)) return this.error(404, `Path '${pathname}' not found.`);
    const path = pathname.slice(PREFIX.length);
    const raw: Record<string, string> = {
      ...Object.fromEntries(req.url.searchParams),
      ...parseBody(req.body, req.headers['content-type']),
    };
    if (path === '/access/ticket' && method === 'POST') return this.login(raw);

    // proxmox-rest-server looks the path up before it checks credentials.
    const match = matchRoute(ROUTES, method, path);
    if (!match) return this.error(404, `Path '${pathname}' not found.`);
    const creds = extractCredentials('PBS', { cookie: req.headers.cookie, authorization: req.headers.authorization });
    let identity: Identity;
    if (creds.token) {
      const res = this.pbs.auth.verifyToken(creds.token.id, creds.token.secret);
      if ('error' in res) return this.unauthorized('authentication failed - invalid token');
      identity = res;
    } else if (creds.ticket !== undefined) {
      const userid = this.pbs.auth.verifyTicket(creds.ticket);
      if (!userid) return this.unauthorized('authentication failed - invalid ticket');
      const csrf = req.headers['csrfpreventiontoken'];
      if (method !== 'GET' && !this.pbs.auth.verifyCsrf(typeof csrf === 'string' ? csrf : '', userid)) {
        return this.unauthorized('authentication failed - invalid CSRF token');
      }
      identity = { userid, authid: userid, via: 'ticket', privs: 'all' };
    } else {
      return this.unauthorized('authentication failed');
    }

    const params = validateParams({ ...raw, ...match.pathParams }, match.route.params ?? {});
    const pbsnode = str(params['pbsnode']);
    if (pbsnode !== undefined && pbsnode !== 'localhost' && pbsnode !== this.pbs.name) {
      throw new ApiError(400, `parameter verification failed - 'node': no such node '${pbsnode}'`);
    }
    const result = await match.route.handler({ state: this.pbs, params, identity });
    return result instanceof WithTotal ? this.ok(result.data, result.total) : this.ok(result ?? null);
  }

  private async login(raw: Record<string, string>): Promise<ShellResponse> {
    const userid = raw['username'] ?? '';
    const password = raw['password'] ?? '';
    const ok = password.startsWith('PBS:')
      ? this.pbs.auth.verifyTicket(password) === userid
      : this.pbs.auth.checkPassword(userid, password);
    if (!ok) return this.unauthorized('permission check failed.');
    const { ticket, csrf } = this.pbs.auth.issue(userid);
    return this.ok({ username: userid, ticket, CSRFPreventionToken: csrf });
  }
}

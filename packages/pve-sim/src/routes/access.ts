import { administratorPrivs, requirePriv, type Privileges } from '../auth';
import type { SimNode } from '../node-state';
import { str, type RouteDef } from '../router';
import type { PveVersionInfo } from '../version';

/** pve-access-control `$userid_or_token_regex` (Auth/Plugin.pm user and realm regexes). */
const USERID_OR_TOKEN = /^[^\s:/]+@[A-Za-z][A-Za-z0-9.\-_]+(?:![A-Za-z][A-Za-z0-9.\-_]+)?$/;

/** The paths RPCEnvironment get_effective_permissions always reports (plus ACL paths: the sim's only ACL is on '/'). */
const DEFAULT_PATHS = ['/', '/access', '/access/groups', '/nodes', '/pool', '/sdn', '/storage', '/vms'];

/**
 * Privileges on one path, each mapped to its propagate flag (1). The simulator's ACLs: root@pam and the
 * `portal` token (not privilege-separated) are Administrator everywhere; the `monitor` token has
 * PVEAuditor on '/' with propagation, hence on every path. Unknown users and tokens have none.
 */
function privsOn(privs: Privileges | undefined, v: PveVersionInfo): Record<string, number> {
  if (privs === undefined) return {};
  const names = privs === 'all' ? administratorPrivs(v) : [...privs].sort();
  return Object.fromEntries(names.map((p) => [p, 1]));
}

export const accessRoutes: RouteDef<SimNode>[] = [
  {
    // pve-access-control API2/AccessControl.pm `permissions`: anyone may read their own (or their tokens');
    // someone else's needs Sys.Audit on /access.
    method: 'GET',
    path: '/access/permissions',
    params: {
      userid: { type: 'string', optional: true, pattern: USERID_OR_TOKEN },
      path: { type: 'string', optional: true },
    },
    handler: ({ state, params, identity }) => {
      const userid = str(params['userid']) ?? identity.authid;
      const owner = userid.includes('!') ? userid.slice(0, userid.indexOf('!')) : undefined;
      if (userid !== identity.authid && owner !== identity.authid) requirePriv(identity.privs, '/access', 'Sys.Audit');
      const perms = privsOn(state.auth.privilegesOf(userid), state.version);
      const path = str(params['path']);
      if (path) return { [path]: perms };
      if (Object.keys(perms).length === 0) return {};
      return Object.fromEntries(DEFAULT_PATHS.map((p) => [p, { ...perms }]));
    },
  },
];

import type { Host, HostPrivileges } from '@proxai/contract';

/** The role the suggested commands create for the portal's missing privileges. */
export const GRANT_ROLE = 'ProxAI';

export interface MissingPrivilege {
  path: string;
  privilege: string;
}

/** Each privilege not granted, once (two features may need the same one). */
export function missingPrivileges(privileges: HostPrivileges): MissingPrivilege[] {
  const seen = new Map<string, MissingPrivilege>();
  for (const { privileges: needed } of privileges.features) {
    for (const { path, privilege, granted } of needed) {
      if (!granted) seen.set(`${path} ${privilege}`, { path, privilege });
    }
  }
  return [...seen.values()];
}

/**
 * `pveum` commands that grant the missing privileges to the host's user or API token: a role holding them, given
 * on each path where one is missing.
 */
export function grantCommands(host: Pick<Host, 'user' | 'auth_type' | 'token_name'>, missing: MissingPrivilege[]): string[] {
  if (missing.length === 0) return [];
  const who =
    host.auth_type === 'token' && host.token_name ? `--tokens '${host.user}!${host.token_name}'` : `--users '${host.user}'`;
  const privs = [...new Set(missing.map((m) => m.privilege))].join(',');
  const paths = [...new Set(missing.map((m) => m.path))];
  return [
    `pveum role add ${GRANT_ROLE} --privs "${privs}"`,
    ...paths.map((path) => `pveum acl modify ${path} ${who} --roles ${GRANT_ROLE}`),
  ];
}

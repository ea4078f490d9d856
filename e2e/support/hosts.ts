import type { Fleet } from '@proxai/pve-sim';
import type { PortalHandle } from './portal';
import type { Session } from './session';

/** Connects a simulated node over the API, as the dashboard's add-host dialog would (with its password). */
export async function addHostOverHttp(portal: PortalHandle, session: Session, node: Fleet['nodes'][number], name = 'Lab node') {
  const res = await fetch(`${portal.url}/api/hosts`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', authorization: `Bearer ${session.token}` },
    body: JSON.stringify({
      name,
      pve_url: node.url,
      pve_node: node.name,
      user: 'root@pam',
      auth_type: 'password',
      password: node.password,
    }),
  });
  if (!res.ok) throw new Error(`add host: ${res.status} ${await res.text()}`);
  return (await res.json()) as { id: string };
}

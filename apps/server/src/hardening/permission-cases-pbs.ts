// The permission matrix's rows for Proxmox Backup Server hosts (issue 19).
import { pbsTokenBody } from '../modules/hosts/hosts.testing';
import { unique, type Case } from './permission-world';

// anonymous, other, readonly, operator, owner, platformAdmin
export const PBS_CASES: Case[] = [
  {
    route: 'POST /api/hosts',
    name: 'add a Proxmox Backup Server',
    method: 'POST',
    url: () => '/api/hosts',
    body: (w) => pbsTokenBody(w.fleet.pbs!, { name: `perm-pbs-${unique()}` }),
    expect: [401, 201, 403, 403, 201, 201, 403],
  },
  {
    route: 'GET /api/hosts/:id/pbs',
    name: "a Proxmox Backup Server's page",
    method: 'GET',
    url: (w) => `/api/hosts/${w.pbsA}/pbs`,
    expect: [401, 404, 200, 200, 200, 200, 403],
  },
];

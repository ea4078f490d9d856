// The permission matrix's rows for monitoring (history, collection, Prometheus), alerts and notifications.
import { randomUUID } from 'node:crypto';
import type { Case } from './permission-world';
import { unique } from './permission-world';

const READ = [401, 200, 200, 200, 200, 200, 403] as Case['expect'];
/** Organisation A's own object, read by any member: the other organisation gets 404, not a hint that it exists. */
const READ_OWN = [401, 404, 200, 200, 200, 200, 403] as Case['expect'];
/** Managed by the organisation's admins and owners. */
const MANAGE_OWN = [401, 404, 403, 403, 200, 200, 403] as Case['expect'];

export const MONITORING_CASES: Case[] = [
  {
    route: 'GET /api/metrics/node/:id',
    name: "a host's history",
    method: 'GET',
    url: (w) => `/api/metrics/node/${w.hostA}?range=1h`,
    expect: READ_OWN,
  },
  {
    route: 'GET /api/metrics/guest/:id',
    name: "a guest's history",
    method: 'GET',
    url: (w) => `/api/metrics/guest/${w.runningGuestA}?range=24h&cf=max`,
    expect: READ_OWN,
  },
  {
    route: 'GET /api/metrics/storage/:id',
    name: "a storage's history",
    method: 'GET',
    url: (w) => `/api/metrics/storage/${w.storageA}?range=30d`,
    expect: READ_OWN,
  },
  {
    route: 'GET /api/metrics/prometheus',
    name: 'Prometheus exposition',
    method: 'GET',
    url: () => '/api/metrics/prometheus',
    expect: READ,
  },
  {
    route: 'GET /api/metrics/scrape-token',
    name: 'scrape token info',
    method: 'GET',
    url: () => '/api/metrics/scrape-token',
    expect: READ,
  },
  {
    route: 'POST /api/metrics/scrape-token',
    name: 'create the scrape token',
    method: 'POST',
    url: () => '/api/metrics/scrape-token',
    expect: [401, 201, 403, 403, 201, 201, 403],
  },
  {
    route: 'DELETE /api/metrics/scrape-token',
    name: 'revoke the scrape token',
    method: 'DELETE',
    url: () => '/api/metrics/scrape-token',
    expect: [401, 200, 403, 403, 200, 404, 403], // the admin's row revoked it first
  },
  { route: 'GET /api/metrics/overview', name: 'fleet overview', method: 'GET', url: () => '/api/metrics/overview', expect: READ },
  {
    route: 'GET /api/metrics/collection',
    name: 'metric collection status',
    method: 'GET',
    url: () => '/api/metrics/collection',
    expect: READ,
  },

  { route: 'GET /api/alert-rules', name: 'alert rules', method: 'GET', url: () => '/api/alert-rules', expect: READ },
  {
    route: 'PUT /api/alert-rules',
    name: 'replace alert rules',
    method: 'PUT',
    url: () => '/api/alert-rules',
    body: () => ({ items: [] }),
    expect: [401, 200, 403, 200, 200, 200, 403],
  },
  { route: 'GET /api/alerts', name: 'alerts', method: 'GET', url: () => '/api/alerts', expect: READ },
  { route: 'GET /api/alerts/count', name: 'alert count', method: 'GET', url: () => '/api/alerts/count', expect: READ },
  {
    route: 'POST /api/alerts/:id/ack',
    name: 'acknowledge an alert',
    method: 'POST',
    url: () => `/api/alerts/${randomUUID()}/ack`,
    expect: [401, 404, 403, 404, 404, 404, 403],
  },
  {
    route: 'POST /api/alerts/:id/silence',
    name: 'silence an alert',
    method: 'POST',
    url: () => `/api/alerts/${randomUUID()}/silence`,
    body: () => ({ minutes: 5 }),
    expect: [401, 404, 403, 404, 404, 404, 403],
  },

  {
    route: 'GET /api/notification-channels',
    name: 'list notification channels',
    method: 'GET',
    url: () => '/api/notification-channels',
    expect: READ,
  },
  {
    route: 'POST /api/notification-channels',
    name: 'add a notification channel',
    method: 'POST',
    url: () => '/api/notification-channels',
    body: () => ({ type: 'email', name: `Mail ${unique()}`, address: 'perm@example.test' }),
    expect: [401, 201, 403, 403, 201, 201, 403],
  },
  {
    route: 'GET /api/notification-channels/:id',
    name: 'a notification channel',
    method: 'GET',
    url: (w) => `/api/notification-channels/${w.channelA}`,
    expect: READ_OWN,
  },
  {
    route: 'PATCH /api/notification-channels/:id',
    name: 'change a notification channel',
    method: 'PATCH',
    url: (w) => `/api/notification-channels/${w.channelA}`,
    body: () => ({ name: `Renamed ${unique()}` }),
    expect: MANAGE_OWN,
  },
  {
    route: 'POST /api/notification-channels/:id/test',
    name: 'test a notification channel',
    method: 'POST',
    url: (w) => `/api/notification-channels/${w.channelA}/test`,
    expect: MANAGE_OWN,
  },
  {
    route: 'POST /api/notification-channels/:id/rotate-secret',
    name: "rotate a webhook's secret",
    method: 'POST',
    url: (w) => `/api/notification-channels/${w.webhookA}/rotate-secret`,
    expect: MANAGE_OWN,
  },
  {
    route: 'GET /api/notification-channels/:id/deliveries',
    name: "a channel's delivery log",
    method: 'GET',
    url: (w) => `/api/notification-channels/${w.channelA}/deliveries`,
    expect: READ_OWN,
  },
  {
    route: 'GET /api/notification-channels/:id/dead-letters',
    name: "a channel's dead letters",
    method: 'GET',
    url: (w) => `/api/notification-channels/${w.channelA}/dead-letters`,
    expect: READ_OWN,
  },
  {
    route: 'POST /api/notification-deliveries/:id/replay',
    name: 'replay a delivery',
    method: 'POST',
    url: (w) => `/api/notification-deliveries/${w.deliveryA}/replay`,
    expect: [401, 404, 403, 403, 200, 409, 403], // the admin's row replayed it first
  },
  {
    route: 'GET /api/notification-preferences',
    name: 'my notification preferences',
    method: 'GET',
    url: () => '/api/notification-preferences',
    expect: [401, 200, 200, 200, 200, 200, 200],
  },
  {
    route: 'PUT /api/notification-preferences',
    name: 'change my notification preferences',
    method: 'PUT',
    url: () => '/api/notification-preferences',
    body: () => ({ min_severity: 'critical' }),
    expect: [401, 200, 200, 200, 200, 200, 200],
  },
  {
    route: 'DELETE /api/notification-channels/:id',
    name: 'delete a notification channel',
    method: 'DELETE',
    url: (w) => `/api/notification-channels/${w.channelsToDelete.at(-1)}`,
    expect: [401, 404, 403, 403, 200, 404, 403], // the admin's row deleted it first
  },
];

import type { NotificationChannel } from '@proxai/contract';
import { json, stubApi, type ApiCall } from '@/testing/stub-api';
import { buildChannel, buildDelivery } from './build-alerts';

// The notifications page's API in component tests: two organisation channels, the person's own ones, a delivery
// log and a dead letter of the first channel, default preferences.

export const WEBHOOK = buildChannel();
export const SLACK = buildChannel({
  id: '00000000-0000-4000-8000-0000000000c2',
  type: 'slack',
  name: 'Team Slack',
  url: 'https://hooks.slack.com/…',
  last_delivery: { status: 'delivered', at: '2026-01-12T10:00:00.000Z', status_code: 200 },
});
export const PREFS = { email: true, min_severity: 'warning', quiet_hours: null, channel_ids: null };

/** Answers the page's calls (`routes` add or replace some); `mine` are the person's own channels. */
export function stubNotifications(
  routes: Record<string, (url: URL, call: ApiCall) => Response> = {},
  mine: NotificationChannel[] = [],
): ApiCall[] {
  return stubApi({
    'GET /api/notification-channels': (url) => json({ items: url.searchParams.get('owner') === 'me' ? mine : [WEBHOOK, SLACK] }),
    [`GET /api/notification-channels/${WEBHOOK.id}/deliveries`]: () =>
      json({ items: [buildDelivery({ status: 'delivered', attempts: 1, last_error: null })], next_cursor: null }),
    [`GET /api/notification-channels/${WEBHOOK.id}/dead-letters`]: () => json({ items: [buildDelivery()], next_cursor: null }),
    'GET /api/notification-preferences': () => json(PREFS),
    ...routes,
  });
}

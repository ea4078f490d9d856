import type { Alert, AlertRule, NotificationChannel, NotificationDelivery } from '@proxai/contract';

export const HOST_A = '00000000-0000-4000-8000-00000000000a';
export const GUEST_1 = '00000000-0000-4000-8000-0000000000b1';

export function buildAlert(overrides: Partial<Alert> = {}): Alert {
  return {
    id: '00000000-0000-4000-8000-0000000000e1',
    rule_id: '00000000-0000-4000-8000-0000000000f1',
    kind: 'cpu',
    severity: 'warning',
    status: 'active',
    subject: { kind: 'guest', id: GUEST_1, name: 'web-01' },
    host_id: HOST_A,
    summary: 'CPU of web-01 at 93 % (trigger 90 %)',
    value: 93,
    threshold: 90,
    started_at: '2026-01-12T11:00:00.000Z',
    resolved_at: null,
    acknowledged_at: null,
    acknowledged_by: null,
    silenced_until: null,
    escalation_level: 0,
    flapping: false,
    group_id: null,
    notified: true,
    ...overrides,
  };
}

export function buildRule(overrides: Partial<AlertRule> = {}): AlertRule {
  return {
    id: '00000000-0000-4000-8000-0000000000f1',
    kind: 'cpu',
    name: 'CPU',
    enabled: true,
    severity: 'warning',
    trigger: 90,
    clear: 80,
    duration_seconds: 300,
    cooldown_seconds: 1800,
    max_per_hour: 4,
    scope: { all: true },
    created_at: '2026-01-01T00:00:00.000Z',
    updated_at: '2026-01-01T00:00:00.000Z',
    ...overrides,
  };
}

export function buildChannel(overrides: Partial<NotificationChannel> = {}): NotificationChannel {
  return {
    id: '00000000-0000-4000-8000-0000000000c1',
    owner: 'organisation',
    type: 'webhook',
    name: 'Ops webhook',
    url: 'https://hooks.example.org/…',
    address: null,
    has_token: false,
    min_severity: 'info',
    scope: { all: true },
    quiet_hours: null,
    enabled: true,
    language: 'en',
    events: [],
    paused_by_plan: null,
    previous_secret_expires_at: null,
    created_at: '2026-01-01T00:00:00.000Z',
    updated_at: '2026-01-01T00:00:00.000Z',
    last_delivery: null,
    ...overrides,
  };
}

export function buildDelivery(overrides: Partial<NotificationDelivery> = {}): NotificationDelivery {
  return {
    id: '00000000-0000-4000-8000-0000000000d1',
    channel_id: '00000000-0000-4000-8000-0000000000c1',
    user_id: null,
    event_type: 'alert.triggered',
    message_id: 'msg_1',
    alert_id: '00000000-0000-4000-8000-0000000000e1',
    severity: 'warning',
    summary: 'CPU of web-01 at 93 % (trigger 90 %)',
    status: 'dead',
    attempts: 12,
    last_status_code: 503,
    last_error: 'HTTP 503',
    next_attempt_at: null,
    delivered_at: null,
    created_at: '2026-01-11T11:00:00.000Z',
    ...overrides,
  };
}

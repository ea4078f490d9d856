import type { Alert, AlertKind, AlertRule, AlertRuleKind, AlertScope, AlertSeverity, DomainEventData } from '@proxai/contract';
import type { AlertRow, AlertRuleRow } from './alerts.repository';

/** Rules and alerts as the API and the alert.* events show them. */

export function toRuleDto(r: AlertRuleRow): AlertRule {
  return {
    id: r.id,
    kind: r.kind as AlertRuleKind,
    name: r.name,
    enabled: r.enabled,
    severity: r.severity as AlertSeverity,
    trigger: r.trigger,
    clear: r.clear,
    duration_seconds: r.durationSeconds,
    cooldown_seconds: r.cooldownSeconds,
    max_per_hour: r.maxPerHour,
    scope: r.scope as AlertScope,
    created_at: r.createdAt.toISOString(),
    updated_at: r.updatedAt.toISOString(),
  };
}

export function toAlertDto(a: AlertRow): Alert {
  return {
    id: a.id,
    rule_id: a.ruleId,
    kind: a.kind as AlertKind,
    severity: a.severity as AlertSeverity,
    status: a.status,
    subject: { kind: a.subjectKind as Alert['subject']['kind'], id: a.subjectId, name: a.subjectName },
    host_id: a.hostId,
    summary: a.summary,
    value: a.value,
    threshold: a.threshold,
    started_at: a.startedAt.toISOString(),
    resolved_at: a.resolvedAt?.toISOString() ?? null,
    acknowledged_at: a.acknowledgedAt?.toISOString() ?? null,
    acknowledged_by: a.acknowledgedBy,
    silenced_until: a.silencedUntil?.toISOString() ?? null,
    escalation_level: a.escalationLevel,
    flapping: a.flapping,
    group_id: a.groupId,
    notified: a.notified,
  };
}

/** The AlertRef part of every alert.* event. */
export function alertRef(a: AlertRow): DomainEventData<'alert.triggered'> {
  return {
    alert_id: a.id,
    rule_id: a.ruleId,
    kind: a.kind,
    severity: a.severity as AlertSeverity,
    subject: { kind: a.subjectKind as Alert['subject']['kind'], id: a.subjectId, name: a.subjectName },
    host_id: a.hostId,
    summary: a.summary,
    value: a.value,
    threshold: a.threshold,
  };
}

export const groupMember = (a: AlertRow) => {
  const { alert_id, kind, severity, subject, summary, value, threshold } = alertRef(a);
  return { alert_id, kind, severity, subject, summary, value, threshold };
};

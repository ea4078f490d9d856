import type { AlertSeverity } from '@proxai/contract';
import type { Db } from '../../db/client';
import { emitEvent } from '../../events/outbox';
import { alertRef, groupMember } from './alert-dto';
import { updateAlert, type AlertRow } from './alerts.repository';
import { groupByHost } from './engine';

/**
 * The messages an evaluation owes (only those due: cooldowns, caps, flapping and silences were applied by the
 * engine), turned into alert.* events, grouped per host: alerts of one host due the same message in one
 * evaluation make ONE event about the most severe of them, listing all of them in `group` (and the alerts opened
 * together share `group_id`). H5's notifications send one message per event.
 */

export type Notice =
  | { type: 'alert.triggered'; alert: AlertRow }
  | { type: 'alert.resolved'; alert: AlertRow }
  | { type: 'alert.escalated'; alert: AlertRow; level: number };

const durationSeconds = (a: AlertRow, now: Date) =>
  Math.max(0, Math.round(((a.resolvedAt ?? now).getTime() - a.startedAt.getTime()) / 1000));

export async function emitNotices(tx: Db, organisationId: string, notices: readonly Notice[], now: Date): Promise<void> {
  for (const type of ['alert.triggered', 'alert.escalated', 'alert.resolved'] as const) {
    const ofType = notices.filter((n) => n.type === type);
    const groups = groupByHost(
      ofType.map((n) => ({
        notice: n,
        alertId: n.alert.id,
        hostId: n.alert.hostId,
        severity: n.alert.severity as AlertSeverity,
        startedAt: n.alert.startedAt.getTime(),
      })),
    );
    for (const { leader, members } of groups) {
      const lead = leader.notice;
      const group = members.length > 1 ? { group: members.map((m) => groupMember(m.notice.alert)) } : {};
      if (members.length > 1 && type === 'alert.triggered') {
        for (const m of members) await updateAlert(tx, m.alertId, { groupId: lead.alert.id });
      }
      const ref = alertRef(lead.alert);
      if (lead.type === 'alert.triggered') await emitEvent(tx, organisationId, 'alert.triggered', { ...ref, ...group });
      else if (lead.type === 'alert.resolved')
        await emitEvent(tx, organisationId, 'alert.resolved', {
          ...ref,
          duration_seconds: durationSeconds(lead.alert, now),
          ...group,
        });
      else await emitEvent(tx, organisationId, 'alert.escalated', { ...ref, level: lead.level, ...group });
    }
  }
}

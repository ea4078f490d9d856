import type { Db } from '../../db/client';
import { auditEvents } from '../../db/schema';

export interface AuditEvent {
  action: string;
  outcome: 'success' | 'failure';
  actorId?: string | null;
  actorEmail?: string | null;
  organisationId?: string | null;
  target?: string | null;
  ip?: string | null;
  /** Never put a secret here: this is stored and shown to administrators. */
  details?: Record<string, unknown>;
}

export async function recordAudit(db: Db, event: AuditEvent): Promise<void> {
  await db.insert(auditEvents).values(event);
}

import { and, eq } from 'drizzle-orm';
import type { Db } from '../../../db/client';
import { guests, hosts, storages } from '../../../db/schema';
import type { SubjectKind } from './catalogue';

/** Whether the organisation has this node (host), guest (gone ones keep their history) or storage. */
export async function subjectExists(db: Db, organisationId: string, kind: SubjectKind, id: string): Promise<boolean> {
  const table = kind === 'node' ? hosts : kind === 'guest' ? guests : storages;
  const rows = await db
    .select({ id: table.id })
    .from(table)
    .where(and(eq(table.id, id), eq(table.organisationId, organisationId)))
    .limit(1);
  return rows.length > 0;
}

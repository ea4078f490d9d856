import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiFile } from '@/lib/api-client';
import { saveFile, today } from '@/lib/save-file';
import { AUDIT_KEY } from './audit-records';
import { exportFileName, NDJSON } from './audit-export';

// POST /audit/archive (owners; the platform's chain for its administrators): the records written before `before`
// leave the trail, answered as a signed archive in JSON Lines (X-Archived-Records: how many, X-Archive-More: 1 when
// older ones remain, at most 10,000 a call). It asks for a second factor first (step-up).

const ARCHIVE_PATH = '/audit/archive';

/** What an archive call did: how many records left the trail, whether older ones remain, the file saved. */
export interface ArchiveResult {
  records: number;
  more: boolean;
  /** The name the archive was saved under; null when there was nothing to archive (nothing saved). */
  name: string | null;
}

/** A count header as a whole number (0 when missing or not one). */
function countHeader(value: string | null): number {
  const n = Number(value);
  return Number.isSafeInteger(n) && n > 0 ? n : 0;
}

/**
 * Archives the records written before `before` (an ISO instant, in the past) and saves the archive byte for byte
 * (a Blob, never parsed: `npm run audit:verify` checks its exact lines) under the server's name. Nothing is saved
 * when nothing was archived. Throws ApiError or NetworkError, or the step-up prompt's cancellation.
 */
export async function archiveAuditRecords(before: string): Promise<ArchiveResult> {
  // The api client asks for the step-up (its prompt) and sends the request again with the proof.
  const answer = await apiFile(ARCHIVE_PATH, { method: 'POST', body: { before }, headers: { accept: NDJSON } });
  const records = countHeader(answer.headers.get('x-archived-records'));
  const more = answer.headers.get('x-archive-more') === '1';
  if (records === 0) return { records: 0, more, name: null };
  const name = exportFileName(answer.headers.get('content-disposition'), `proxai-audit-archive-${today()}.jsonl`);
  saveFile(name, await answer.blob());
  return { records, more, name };
}

/** The archive as a mutation; the trail is read again once records left it. */
export function useAuditArchive() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: archiveAuditRecords,
    onSuccess: () => client.invalidateQueries({ queryKey: AUDIT_KEY }),
  });
}

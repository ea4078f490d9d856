import { useMutation } from '@tanstack/react-query';
import { apiFile } from '@/lib/api-client';
import { auditExportQuery, type AuditFilters } from '../audit-filters';
import { saveFile, today } from '@/lib/save-file';

/** `attachment; filename="x.jsonl"` → x.jsonl; anything unusual → `fallback` (proxai-audit-<date>.jsonl). */
export function exportFileName(disposition: string | null, fallback = `proxai-audit-${today()}.jsonl`): string {
  const name = /filename="?([^";]+)"?/i.exec(disposition ?? '')?.[1];
  return name && /^[\w.-]+$/.test(name) ? name : fallback;
}

/** What an export or archive call accepts: the file, or the API's JSON error. */
export const NDJSON = 'application/x-ndjson, application/json';

/**
 * GET /audit/export over the chosen days: the chain's records as JSON Lines, their signed heads and a head signed
 * now. Fetched through the api client and saved byte for byte (a Blob, never parsed): `npm run audit:verify`
 * checks the file's exact lines. Throws ApiError or NetworkError.
 */
export async function downloadAuditExport(filters: AuditFilters): Promise<string> {
  const query = auditExportQuery(filters);
  const response = await apiFile(`/audit/export${query ? `?${query}` : ''}`, { headers: { accept: NDJSON } });
  const name = exportFileName(response.headers.get('content-disposition'));
  saveFile(name, await response.blob());
  return name;
}

export function useAuditExport() {
  return useMutation({ mutationFn: downloadAuditExport });
}

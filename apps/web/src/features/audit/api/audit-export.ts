import { useMutation } from '@tanstack/react-query';
import i18next from 'i18next';
import { ApiError, NetworkError } from '@/lib/api-client';
import { getToken } from '@/lib/auth-storage';
import { auditExportQuery, type AuditFilters } from '../audit-filters';
import { saveFile, today } from '@/lib/save-file';

/** `attachment; filename="x.jsonl"` → x.jsonl; anything unusual → proxai-audit-<date>.jsonl. */
export function exportFileName(disposition: string | null): string {
  const name = /filename="?([^";]+)"?/i.exec(disposition ?? '')?.[1];
  return name && /^[\w.-]+$/.test(name) ? name : `proxai-audit-${today()}.jsonl`;
}

/** An error answer's `{detail, code}` as an ApiError (the status alone when the body is not the API's). */
async function answerError(response: Response): Promise<ApiError> {
  let body: { detail?: unknown; code?: unknown } = {};
  try {
    body = JSON.parse(await response.text()) as typeof body;
  } catch {
    // not the API's answer: the status says enough
  }
  return new ApiError(
    response.status,
    typeof body.detail === 'string' ? body.detail : `HTTP ${response.status}`,
    typeof body.code === 'string' ? body.code : 'unknown',
  );
}

/**
 * GET /audit/export over the chosen days: the chain's records as JSON Lines, their signed heads and a head signed
 * now. Fetched with the stored bearer token and saved byte for byte (a Blob, never parsed): `npm run audit:verify`
 * checks the file's exact lines. Throws ApiError or NetworkError.
 */
export async function downloadAuditExport(filters: AuditFilters): Promise<string> {
  const token = getToken();
  const query = auditExportQuery(filters);
  const language = i18next.resolvedLanguage ?? i18next.language;
  let response: Response;
  try {
    response = await fetch(`/api/audit/export${query ? `?${query}` : ''}`, {
      headers: {
        accept: 'application/x-ndjson, application/json',
        ...(language ? { 'accept-language': language } : {}),
        ...(token ? { authorization: `Bearer ${token}` } : {}),
      },
      credentials: 'same-origin',
    });
  } catch (err) {
    throw new NetworkError('The server could not be reached', { cause: err });
  }
  if (!response.ok) throw await answerError(response);
  const name = exportFileName(response.headers.get('content-disposition'));
  saveFile(name, await response.blob());
  return name;
}

export function useAuditExport() {
  return useMutation({ mutationFn: downloadAuditExport });
}

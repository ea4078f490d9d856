import type { RestoreTestEvidence } from '@proxai/contract';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { ApiError } from '@/lib/api-client';
import { getToken } from '@/lib/auth-storage';
import { BACKUPS_KEY } from './backups-keys';

/** The evidence file as the server signed it: its exact text (what is downloaded) and its content (what is shown). */
export interface EvidenceFile {
  name: string;
  text: string;
  evidence: RestoreTestEvidence;
}

/** `attachment; filename="x.json"` → x.json. */
function fileName(disposition: string | null, id: string): string {
  const name = /filename="?([^";]+)"?/i.exec(disposition ?? '')?.[1];
  return name && /^[\w.-]+$/.test(name) ? name : `restore-test-${id}.json`;
}

/**
 * GET /restore-tests/{id}/evidence, read as text and not through the JSON client: the signature covers the file's
 * bytes, which a parse and a re-serialisation could change. Errors are the API's own (ApiError).
 */
async function fetchEvidence(id: string, signal: AbortSignal): Promise<EvidenceFile> {
  const token = getToken();
  const response = await fetch(`/api/restore-tests/${id}/evidence`, {
    headers: { accept: 'application/json', ...(token ? { authorization: `Bearer ${token}` } : {}) },
    credentials: 'same-origin',
    signal,
  });
  const text = await response.text();
  if (!response.ok) {
    let body: { detail?: unknown; code?: unknown } = {};
    try {
      body = JSON.parse(text) as typeof body;
    } catch {
      // not the API's answer: the status says enough
    }
    throw new ApiError(
      response.status,
      typeof body.detail === 'string' ? body.detail : `HTTP ${response.status}`,
      typeof body.code === 'string' ? body.code : 'unknown',
    );
  }
  return {
    name: fileName(response.headers.get('content-disposition'), id),
    text,
    evidence: JSON.parse(text) as RestoreTestEvidence,
  };
}

export function evidenceQuery(id: string) {
  return queryOptions({
    queryKey: [...BACKUPS_KEY, 'restore-tests', 'evidence', id],
    queryFn: ({ signal }) => fetchEvidence(id, signal),
    // Signed once the test ended: it never changes.
    staleTime: Infinity,
  });
}

export function useEvidence(id: string, enabled: boolean) {
  return useQuery({ ...evidenceQuery(id), enabled });
}

/** Saves the evidence file, byte for byte, through a temporary link (the browser's download). */
export function saveEvidence(file: EvidenceFile): void {
  const url = URL.createObjectURL(new Blob([file.text], { type: 'application/json' }));
  const link = document.createElement('a');
  link.href = url;
  link.download = file.name;
  document.body.append(link);
  link.click();
  link.remove();
  // Give the browser a moment to start the download before the URL goes away.
  setTimeout(() => URL.revokeObjectURL(url), 1000);
}

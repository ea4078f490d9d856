import type { AuditPage, AuditRecord, Me } from '@proxai/contract';
import { vi } from 'vitest';
import { json, stubApi, type ApiCall } from '@/testing/stub-api';

// The audit page's API in component tests: records of Ada's organisation, newest first; one page unless a test
// gives more.

export const buildAuditRecord = (overrides: Partial<AuditRecord> = {}): AuditRecord => ({
  seq: 42,
  at: '2026-01-12T10:00:00.000Z',
  actor: { type: 'user', id: '1', name: 'ada@example.org' },
  action: 'member.role_changed',
  target: 'grace@example.org',
  outcome: 'success',
  ip: '203.0.113.7',
  details: { from: 'operator', to: 'admin' },
  hash: 'a'.repeat(64),
  ...overrides,
});

export const RECORDS: AuditRecord[] = [
  buildAuditRecord(),
  buildAuditRecord({
    seq: 41,
    at: '2026-01-12T09:00:00.000Z',
    action: 'auth.login',
    target: null,
    outcome: 'failure',
    actor: { type: 'user', id: null, name: 'mallory@example.org' },
    details: { reason: 'bad_code' },
    hash: 'b'.repeat(64),
  }),
];

const ME: Me = {
  id: '1',
  email: 'ada@example.org',
  name: 'Ada',
  role: 'user',
  organisation_id: '00000000-0000-4000-8000-0000000000e1',
  org_role: 'owner',
  timezone: null,
  organisations: [{ organisation_id: '00000000-0000-4000-8000-0000000000e1', name: 'Analytical Engines', role: 'owner' }],
  permissions: ['audit.read'],
  mfa_enabled: true,
};

/** Answers GET /api/audit with `pages` in order of `before` (the first without), and the header's reads. */
export function stubAudit(
  routes: Record<string, (url: URL, call: ApiCall) => Response | Promise<Response>> = {},
  pages: AuditPage[] = [{ records: RECORDS, next_before: null }],
): ApiCall[] {
  return stubApi({
    'GET /api/audit': (url) => {
      const before = url.searchParams.get('before');
      const index = before === null ? 0 : pages.findIndex((_, i) => String(pages[i - 1]?.next_before) === before);
      return json(pages[index] ?? { records: [], next_before: null });
    },
    // The account menu of the page's header reads the person's organisations.
    'GET /api/auth/me': () => json(ME),
    ...routes,
  });
}

/** The calls to GET /api/audit, with their query as an object. */
export const auditCalls = (calls: ApiCall[]) =>
  calls.filter((c) => c.method === 'GET' && c.url.pathname === '/api/audit').map((c) => Object.fromEntries(c.url.searchParams));

/** Keeps the files the page saves (the Blob given to the object URL) and the names it gives them. */
export function catchDownloads() {
  const saved: { name: string; blob: Blob }[] = [];
  let last: Blob | null = null;
  vi.stubGlobal('URL', Object.assign(URL, { createObjectURL: (b: Blob) => ((last = b), 'blob:x'), revokeObjectURL: vi.fn() }));
  vi.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(function (this: HTMLAnchorElement) {
    if (last) saved.push({ name: this.download, blob: last });
  });
  return saved;
}

/** An archive as POST /api/audit/archive answers it: JSON Lines, its count and whether older records remain. */
export const ARCHIVE_FILE = '{"type":"record","seq":1}\n{"type":"record","seq":2}\n{"type":"checkpoint","seq":2}\n';

export function archiveAnswer({ records, more = false }: { records: number; more?: boolean }): Response {
  return new Response(records > 0 ? ARCHIVE_FILE : '', {
    headers: {
      'content-type': 'application/x-ndjson; charset=utf-8',
      'x-archived-records': String(records),
      'x-archive-more': more ? '1' : '0',
      ...(records > 0 ? { 'content-disposition': `attachment; filename="proxai-audit-archive-1-${records}.jsonl"` } : {}),
    },
  });
}

/** A sensitive request's first answer: prove a second factor, then send it again. */
export const STEP_UP = {
  detail: 'Confirm it is you',
  code: 'step_up_required',
  challenge: 'c1',
  methods: ['email'],
  webauthn: null,
};

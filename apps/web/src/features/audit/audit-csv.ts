import type { AuditRecord } from '@proxai/contract';

// The rows loaded on the page as CSV (RFC 4180), made in the browser: what the reader sees, for a spreadsheet.
// Not evidence: the signed export is (GET /audit/export).

/** A spreadsheet reads a cell starting with one of these as a formula (CSV injection): such cells start with '. */
const FORMULA_START = /^[=+\-@\t\r]/;

/** One cell: a formula's start defused, then quoted (doubling its quotes) when it holds a comma, quote or line break. */
export function csvCell(value: string | number | null | undefined): string {
  if (value === null || value === undefined) return '';
  let text = String(value);
  if (FORMULA_START.test(text)) text = `'${text}`;
  return /[",\r\n]/.test(text) ? `"${text.replace(/"/g, '""')}"` : text;
}

/** `actor_type`: user, api_key, schedule or system; `actor_name`: a person's e-mail, a key's or schedule's name. */
export const CSV_COLUMNS = [
  'seq',
  'at',
  'actor_type',
  'actor_name',
  'actor_id',
  'action',
  'target',
  'outcome',
  'ip',
  'hash',
  'details',
];

/** The records as CSV lines (CRLF), with a header; details as compact JSON. */
export function auditCsv(records: readonly AuditRecord[]): string {
  const lines = [CSV_COLUMNS.join(',')];
  for (const r of records) {
    const cells = [
      r.seq,
      r.at,
      r.actor.type,
      r.actor.name,
      r.actor.id,
      r.action,
      r.target,
      r.outcome,
      r.ip,
      r.hash,
      r.details === null || r.details === undefined ? null : JSON.stringify(r.details),
    ];
    lines.push(cells.map(csvCell).join(','));
  }
  return `${lines.join('\r\n')}\r\n`;
}

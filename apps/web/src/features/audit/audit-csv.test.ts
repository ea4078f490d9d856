// @vitest-environment node
import { describe, expect, it } from 'vitest';
import { auditCsv, csvCell } from './audit-csv';
import { buildAuditRecord } from './testing/audit-api';

describe('csvCell', () => {
  it('leaves plain text and numbers as they are, and writes nothing for no value', () => {
    expect(csvCell('auth.login')).toBe('auth.login');
    expect(csvCell(42)).toBe('42');
    expect(csvCell(null)).toBe('');
    expect(csvCell(undefined)).toBe('');
  });

  it('quotes a cell holding a comma, a quote or a line break, doubling its quotes', () => {
    expect(csvCell('a,b')).toBe('"a,b"');
    expect(csvCell('say "hi"')).toBe('"say ""hi"""');
    expect(csvCell('two\nlines')).toBe('"two\nlines"');
    expect(csvCell('cr\rhere')).toBe('"cr\rhere"');
  });

  it('defuses what a spreadsheet would run as a formula', () => {
    expect(csvCell('=HYPERLINK("http://evil","x")')).toBe(`"'=HYPERLINK(""http://evil"",""x"")"`);
    expect(csvCell('+1')).toBe("'+1");
    expect(csvCell('-2+3')).toBe("'-2+3");
    expect(csvCell('@SUM(A1)')).toBe("'@SUM(A1)");
    expect(csvCell('\tcmd')).toBe("'\tcmd");
    // Only at the start.
    expect(csvCell('a=b')).toBe('a=b');
  });
});

describe('auditCsv', () => {
  it('writes a header and a line per record (CRLF), the actor by kind and name, details as JSON', () => {
    const csv = auditCsv([
      buildAuditRecord(),
      buildAuditRecord({ seq: 41, actor: { type: 'schedule', id: 's-1', name: 'Nightly, stop' }, details: null }),
      buildAuditRecord({
        seq: null,
        actor: { type: 'user', id: null, name: null },
        target: '=cmd|"/c calc"!A1',
        ip: null,
        details: null,
        hash: null,
      }),
    ]);
    expect(csv.split('\r\n')).toEqual([
      'seq,at,actor_type,actor_name,actor_id,action,target,outcome,ip,hash,details',
      `42,2026-01-12T10:00:00.000Z,user,ada@example.org,1,member.role_changed,grace@example.org,success,203.0.113.7,${'a'.repeat(64)},"{""from"":""operator"",""to"":""admin""}"`,
      `41,2026-01-12T10:00:00.000Z,schedule,"Nightly, stop",s-1,member.role_changed,grace@example.org,success,203.0.113.7,${'a'.repeat(64)},`,
      `,2026-01-12T10:00:00.000Z,user,,,member.role_changed,"'=cmd|""/c calc""!A1",success,,,`,
      '',
    ]);
  });

  it('is only the header without records', () => {
    expect(auditCsv([])).toBe('seq,at,actor_type,actor_name,actor_id,action,target,outcome,ip,hash,details\r\n');
  });
});

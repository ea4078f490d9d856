// @vitest-environment node
import { describe, expect, it } from 'vitest';
import {
  auditExportQuery,
  auditListQuery,
  dayEnd,
  dayStart,
  filtersFromParams,
  filtersToParams,
  isRangeValid,
  NO_FILTERS,
} from './audit-filters';

const local = (text: string) => new Date(text).toISOString();

describe('audit filters', () => {
  it('reads the address, dropping days that are not days and kinds of actor that are not kinds', () => {
    expect(
      filtersFromParams(new URLSearchParams('actor=%20ada%20&actor_type=schedule&action=member.&from=2026-01-10&to=yesterday')),
    ).toEqual({
      ...NO_FILTERS,
      actor: 'ada',
      actor_type: 'schedule',
      action: 'member.',
      from: '2026-01-10',
    });
    expect(filtersFromParams(new URLSearchParams('actor_type=robot')).actor_type).toBe('');
  });

  it('writes only the filters given, trimmed', () => {
    expect(filtersToParams({ ...NO_FILTERS, actor: ' ada ', target: '  ' }).toString()).toBe('actor=ada');
  });

  it('turns days into the first and last instants of those days in the browser zone', () => {
    expect(dayStart('2026-01-10')).toBe(local('2026-01-10T00:00:00'));
    expect(dayEnd('2026-01-10')).toBe(local('2026-01-10T23:59:59.999'));
    expect(dayStart('')).toBeNull();
    expect(dayEnd('10/01/2026')).toBeNull();
  });

  it('builds the list query with the page size and the older page', () => {
    const filters = {
      actor: 'ada',
      actor_type: 'api_key' as const,
      action: 'member.',
      target: ' vm 100 ',
      from: '2026-01-10',
      to: '2026-01-12',
    };
    expect(Object.fromEntries(new URLSearchParams(auditListQuery(filters, 41)))).toEqual({
      actor: 'ada',
      actor_type: 'api_key',
      action: 'member.',
      target: 'vm 100',
      from: local('2026-01-10T00:00:00'),
      to: local('2026-01-12T23:59:59.999'),
      before: '41',
      limit: '100',
    });
    expect(auditListQuery(NO_FILTERS, null)).toBe('limit=100');
  });

  it('exports over the period only', () => {
    expect(auditExportQuery({ ...NO_FILTERS, actor: 'ada', actor_type: 'user', from: '2026-01-10' })).toBe(
      new URLSearchParams({ from: local('2026-01-10T00:00:00') }).toString(),
    );
    expect(auditExportQuery(NO_FILTERS)).toBe('');
  });

  it('wants the days in order', () => {
    expect(isRangeValid({ from: '2026-01-10', to: '2026-01-12' })).toBe(true);
    expect(isRangeValid({ from: '2026-01-12', to: '2026-01-12' })).toBe(true);
    expect(isRangeValid({ from: '2026-01-13', to: '2026-01-12' })).toBe(false);
    expect(isRangeValid({ from: '2026-01-13', to: '' })).toBe(true);
  });
});

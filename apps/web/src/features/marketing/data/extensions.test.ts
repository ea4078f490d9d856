// @vitest-environment node
import { describe, expect, it } from 'vitest';
import { countByCategory, EXTENSIONS, filterExtensions } from './extensions';

describe('marketplace data', () => {
  it('holds 52 extensions with the category counts 12, 8, 6, 10, 9, 7 and unique ids', () => {
    expect(countByCategory(EXTENSIONS)).toEqual({ all: 52, monitoring: 12, security: 8, backup: 6, automation: 10, integrations: 9, storage: 7 });
    expect(new Set(EXTENSIONS.map((e) => e.id)).size).toBe(52);
  });

  it('searches name, description and tags case-insensitively, combined with the category', () => {
    const all = filterExtensions(EXTENSIONS, 'BACKUP', 'all');
    expect(all.length).toBeGreaterThan(0);
    for (const e of all) expect(`${e.name} ${e.description} ${e.tags.join(' ')}`.toLowerCase()).toContain('backup');
    const inBackup = filterExtensions(EXTENSIONS, 'backup', 'backup');
    expect(inBackup.every((e) => e.category === 'backup')).toBe(true);
    expect(inBackup.length).toBeLessThan(all.length);
    expect(filterExtensions(EXTENSIONS, 'zabbix', 'all').map((e) => e.id)).toEqual(['zabbix-template']);
    expect(filterExtensions(EXTENSIONS, 'zabbix', 'security')).toEqual([]);
    expect(filterExtensions(EXTENSIONS, 'ipam', 'all').map((e) => e.id)).toEqual(['netbox-sync']);
  });
});

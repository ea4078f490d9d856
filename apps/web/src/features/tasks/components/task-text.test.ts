import { beforeAll, describe, expect, it } from 'vitest';
import { i18n, i18nReady } from '@/lib/i18n';
import { buildTask } from '@/testing/build-task';
import { taskText } from './task-text';

const textIn = async (language: string) => {
  await i18n.loadLanguages(language);
  await i18n.loadNamespaces('tasks');
  return taskText(i18n.getFixedT(language, 'tasks'), language);
};

describe('taskText', () => {
  beforeAll(async () => {
    await i18nReady;
  });

  it('names guest actions with the guest and its vmid, and any other kind by its code', async () => {
    const text = await textIn('en');
    expect(text.kind(buildTask({ kind: 'guest.restart', params: { vmid: 100, name: 'web-01' } }))).toBe(
      'Restart VM web-01 (100)',
    );
    expect(text.kind(buildTask({ kind: 'guest.stop', params: { vmid: 100 } }))).toBe('Stop VM 100');
    expect(text.kind(buildTask({ kind: 'backup.run', params: {} }))).toBe('Task backup.run');
  });

  it('names bulk actions by their guest count, and snapshot tasks by the snapshot and its guest', async () => {
    const text = await textIn('en');
    expect(text.kind(buildTask({ kind: 'bulk.stop', params: { action: 'stop', guest_ids: ['a', 'b', 'c'] } }))).toBe(
      'Stop guests (3)',
    );
    const snap = { snapname: 'pre-patch', vmid: 100, name: 'web-01' };
    expect(text.kind(buildTask({ kind: 'snapshot.create', params: snap }))).toBe('Snapshot pre-patch of web-01 (100)');
    expect(text.kind(buildTask({ kind: 'snapshot.rollback', params: snap }))).toBe('Roll back web-01 (100) to pre-patch');
    expect(text.kind(buildTask({ kind: 'snapshot.delete', params: snap }))).toBe('Delete snapshot pre-patch of web-01 (100)');
    expect(text.kind(buildTask({ kind: 'snapshot.policy', params: { schedule_name: 'Nightly' } }))).toBe(
      'Snapshot policy Nightly',
    );
  });

  it('says who started a task, by kind of actor', async () => {
    const text = await textIn('en');
    const by = (type: 'user' | 'api_key' | 'schedule' | 'system', name: string) =>
      buildTask({ created_by: { type, id: null, name } });
    expect(text.startedBy(by('user', 'ada@example.org'))).toBe('Started by ada@example.org');
    expect(text.startedBy(by('system', 'system'))).toBe('Started by ProxAI');
    expect(text.actor(by('api_key', 'ci'))).toBe('API key ci');
  });

  it('isolates left-to-right names inside Arabic sentences', async () => {
    const text = await textIn('ar');
    expect(text.kind(buildTask({ kind: 'guest.start', params: { vmid: 100, name: 'web-01' } }))).toBe(
      'تشغيل الجهاز الافتراضي \u2068web-01 (100)\u2069',
    );
  });

  it('says how long ago, in the language', async () => {
    const now = Date.parse('2025-06-01T12:00:00Z');
    expect((await textIn('en')).relative('2025-06-01T11:58:00Z', now)).toBe('2 minutes ago');
    expect((await textIn('fr')).relative('2025-06-01T09:00:00Z', now)).toBe('il y a 3 heures');
    expect((await textIn('en')).relative('2025-06-01T11:59:58Z', now)).toBe('2 seconds ago');
    // A server clock slightly ahead: still "now", never "in 3 seconds".
    expect((await textIn('en')).relative('2025-06-01T12:00:03Z', now)).toBe('now');
  });
});

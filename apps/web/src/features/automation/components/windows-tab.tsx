import type { MaintenanceWindow } from '@proxai/contract';
import { Clock, Pencil, Trash2 } from 'lucide-react';
import { useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Card } from '@/components/ui/card';
import { toast } from '@/lib/toast';
import { useSchedules } from '../api/schedules';
import { useDeleteWindow, useWindows } from '../api/windows';
import { useAutomationText } from '../automation-text';
import { DeleteDialog, errorDetail, ListSection, RowActions } from './panel-states';
import { WindowDialog } from './window-dialog';

/**
 * Maintenance windows: when schedules may run (an occurrence outside its window is skipped). A window used by
 * schedules cannot be deleted (the server answers 409; its detail is shown).
 */
export function WindowsTab({ canManage, myTimeZone }: { canManage: boolean; myTimeZone: string }) {
  const { t } = useTranslation('automation');
  const text = useAutomationText();
  const windows = useWindows();
  const schedules = useSchedules();
  const remove = useDeleteWindow();
  const [editing, setEditing] = useState<MaintenanceWindow | 'new' | null>(null);
  const [deleting, setDeleting] = useState<MaintenanceWindow | null>(null);
  const usage = useMemo(() => {
    const count = new Map<string, number>();
    for (const s of schedules.data ?? []) if (s.window_id) count.set(s.window_id, (count.get(s.window_id) ?? 0) + 1);
    return count;
  }, [schedules.data]);

  return (
    <>
      <ListSection
        query={windows}
        intro={t('windows.intro')}
        loadError={t('windows.loadError')}
        create={canManage ? { label: t('windows.create'), testId: 'window-create', onClick: () => setEditing('new') } : undefined}
        empty={{
          icon: <Clock className="h-10 w-10" />,
          title: t('windows.empty'),
          text: t('windows.emptyText'),
          testId: 'windows-empty',
        }}
      >
        {(list) => (
          <ul className="grid gap-3 md:grid-cols-2" aria-label={t('tabs.windows')}>
            {list.map((w) => (
              <li key={w.id}>
                <Card className="flex h-full flex-col gap-2" data-testid="window-card">
                  <div className="flex items-start justify-between gap-2">
                    <h3 className="font-semibold">{w.name}</h3>
                    {canManage ? (
                      <RowActions
                        actions={[
                          {
                            testId: 'window-edit',
                            icon: Pencil,
                            label: t('windows.editNamed', { name: w.name }),
                            title: t('schedules.edit'),
                            onClick: () => setEditing(w),
                          },
                          {
                            testId: 'window-delete',
                            icon: Trash2,
                            tone: 'text-rose-600',
                            label: t('windows.deleteNamed', { name: w.name }),
                            title: t('windows.delete'),
                            onClick: () => setDeleting(w),
                          },
                        ]}
                      />
                    ) : null}
                  </div>
                  <p className="text-sm">{w.days.map((d) => t(`weekdays.${d}`)).join(', ')}</p>
                  <p className="text-sm text-slate-600 dark:text-slate-400">
                    {t('windows.span', { start: text.clock(w.start), duration: text.duration(w.duration_minutes) })}
                  </p>
                  <p className="text-xs text-slate-500 dark:text-slate-400">
                    {text.isolate(w.timezone)} · {t('windows.usedBy', { n: usage.get(w.id) ?? 0 })}
                  </p>
                </Card>
              </li>
            ))}
          </ul>
        )}
      </ListSection>
      {editing ? (
        <WindowDialog current={editing === 'new' ? null : editing} myTimeZone={myTimeZone} onClose={() => setEditing(null)} />
      ) : null}
      {deleting ? (
        <DeleteDialog
          title={t('windows.deleteTitle', { name: deleting.name })}
          text={t('windows.deleteText')}
          confirmLabel={t('windows.delete')}
          isPending={remove.isPending}
          onClose={() => setDeleting(null)}
          onConfirm={() =>
            remove.mutate(deleting.id, {
              onSuccess: () => {
                toast.success(t('windows.deleted', { name: deleting.name }));
                setDeleting(null);
              },
              onError: (e) => {
                toast.error(t('windows.deleteFailed'), { description: errorDetail(e) });
                setDeleting(null);
              },
            })
          }
        />
      ) : null}
    </>
  );
}

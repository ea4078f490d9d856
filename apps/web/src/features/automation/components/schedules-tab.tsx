import type { Schedule } from '@proxai/contract';
import { CalendarClock } from 'lucide-react';
import { useEffect, useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Card } from '@/components/ui/card';
import { toast } from '@/lib/toast';
import { useHosts } from '@/lib/fleet-reads';
import { useDeleteSchedule, useRunSchedule, useSchedules, useToggleSchedule } from '../api/schedules';
import { useWindows } from '../api/windows';
import { useAutomationText } from '../automation-text';
import { DeleteDialog, errorDetail, ListSection } from './panel-states';
import { ScheduleDialog } from './schedule-dialog';
import { ScheduleRow } from './schedule-row';

const COLUMNS = ['name', 'when', 'next', 'window', 'enabled', 'actions'] as const;

export interface SchedulesTabProps {
  /** Create, edit, turn on or off, delete (owners and admins). */
  canManage: boolean;
  /** Run now (operators too). */
  canRun: boolean;
  myTimeZone: string;
  /** A schedule to open in the editor (the planner's "edit"), then forgotten. */
  editId: string | null;
  onEditOpened: () => void;
}

/** The organisation's schedules: what, when (in words and as cron), next run in the person's zone, window, on/off. */
export function SchedulesTab({ canManage, canRun, myTimeZone, editId, onEditOpened }: SchedulesTabProps) {
  const { t } = useTranslation('automation');
  const text = useAutomationText();
  const schedules = useSchedules();
  const windows = useWindows();
  const hosts = useHosts();
  const toggle = useToggleSchedule();
  const run = useRunSchedule();
  const remove = useDeleteSchedule();
  const [editing, setEditing] = useState<Schedule | 'new' | null>(null);
  const [deleting, setDeleting] = useState<Schedule | null>(null);
  const windowNames = useMemo(() => new Map((windows.data ?? []).map((w) => [w.id, w.name])), [windows.data]);
  const hostNames = useMemo(() => new Map((hosts.data ?? []).map((h) => [h.id, h.name])), [hosts.data]);

  // The planner asked to edit a schedule: open it once the list has it.
  const requested = editId ? schedules.data?.find((s) => s.id === editId) : undefined;
  useEffect(() => {
    if (!requested) return;
    if (canManage) setEditing(requested);
    onEditOpened();
  }, [requested, canManage, onEditOpened]);

  const failed = (message: string) => (error: unknown) => toast.error(message, { description: errorDetail(error) });

  return (
    <>
      <ListSection
        query={schedules}
        intro={t('schedules.intro')}
        loadError={t('schedules.loadError')}
        create={
          canManage ? { label: t('schedules.create'), testId: 'schedule-create', onClick: () => setEditing('new') } : undefined
        }
        empty={{
          icon: <CalendarClock className="h-10 w-10" />,
          title: t('schedules.empty'),
          text: t(canManage ? 'schedules.emptyText' : 'schedules.emptyTextReadOnly'),
          testId: 'schedules-empty',
        }}
      >
        {(list) => (
          <Card className="overflow-x-auto p-0">
            <table className="w-full min-w-[52rem] text-sm" data-testid="schedule-table">
              <caption className="sr-only">{t('schedules.caption')}</caption>
              <thead className="border-b border-slate-200 bg-slate-50 text-xs font-semibold uppercase tracking-wide text-slate-500 dark:border-slate-800 dark:bg-slate-900/60 dark:text-slate-400">
                <tr>
                  {COLUMNS.map((c) => (
                    <th key={c} scope="col" className={c === 'actions' ? 'px-4 py-2 text-end' : 'px-4 py-2 text-start'}>
                      {t(`schedules.columns.${c}`)}
                    </th>
                  ))}
                </tr>
              </thead>
              <tbody className="divide-y divide-slate-100 dark:divide-slate-800">
                {list.map((schedule) => (
                  <ScheduleRow
                    key={schedule.id}
                    schedule={schedule}
                    text={text}
                    myTimeZone={myTimeZone}
                    windowName={schedule.window_id ? (windowNames.get(schedule.window_id) ?? '…') : null}
                    hostNames={hostNames}
                    canManage={canManage}
                    canRun={canRun}
                    isToggling={toggle.isPending && toggle.variables?.id === schedule.id}
                    isRunning={run.isPending && run.variables === schedule.id}
                    onToggle={() =>
                      toggle.mutate(
                        { id: schedule.id, enabled: !schedule.enabled },
                        { onError: failed(t('schedules.toggleFailed')) },
                      )
                    }
                    onRun={() =>
                      run.mutate(schedule.id, {
                        onSuccess: () => toast.success(t('schedules.runStarted', { name: schedule.name })),
                        onError: failed(t('schedules.runFailed', { name: schedule.name })),
                      })
                    }
                    onEdit={() => setEditing(schedule)}
                    onDelete={() => setDeleting(schedule)}
                  />
                ))}
              </tbody>
            </table>
          </Card>
        )}
      </ListSection>

      {editing ? (
        <ScheduleDialog
          schedule={editing === 'new' ? null : editing}
          windows={windows.data ?? []}
          myTimeZone={myTimeZone}
          onClose={() => setEditing(null)}
        />
      ) : null}
      {deleting ? (
        <DeleteDialog
          title={t('schedules.deleteTitle', { name: deleting.name })}
          text={t('schedules.deleteText')}
          confirmLabel={t('schedules.delete')}
          isPending={remove.isPending}
          onClose={() => setDeleting(null)}
          onConfirm={() =>
            remove.mutate(deleting.id, {
              onSuccess: () => {
                toast.success(t('schedules.deleted', { name: deleting.name }));
                setDeleting(null);
              },
              onError: failed(t('schedules.deleteFailed')),
            })
          }
        />
      ) : null}
    </>
  );
}

import { useTranslation } from 'react-i18next';
import { Card } from '@/components/ui/card';
import { LoadError, LoadingRows } from '@/components/ui/load-states';
import { useGuestTasks } from '../api/fleet';

/** The guest's recent tasks (started here, by a schedule or by Proxmox), newest first. */
export function GuestTasks({ guestId }: { guestId: string }) {
  const { t, i18n } = useTranslation('monitoring');
  const language = i18n.resolvedLanguage ?? i18n.language;
  const tasks = useGuestTasks(guestId);
  return (
    <Card className="space-y-3" data-testid="guest-tasks">
      <h2 className="text-lg font-semibold">{t('guest.tasks')}</h2>
      {tasks.isPending ? (
        <LoadingRows label={t('loading')} rows={2} className="h-8" testId="guest-tasks" />
      ) : tasks.isError ? (
        <LoadError
          message={t('guest.tasksError')}
          error={tasks.error}
          retryLabel={t('retry')}
          onRetry={() => void tasks.refetch()}
          testId="guest-tasks"
        />
      ) : tasks.data.items.length === 0 ? (
        <p className="text-sm text-slate-600 dark:text-slate-400">{t('guest.noTasks')}</p>
      ) : (
        <ul className="divide-y divide-slate-100 text-sm dark:divide-slate-800">
          {tasks.data.items.map((task) => (
            <li key={task.id} className="flex flex-wrap justify-between gap-2 py-2" data-testid="guest-task">
              <span className="font-medium">{task.kind}</span>
              <span className="text-slate-600 dark:text-slate-400">
                {t(`taskStatus.${task.status}`)} · {new Date(task.created_at).toLocaleString(language)}
              </span>
            </li>
          ))}
        </ul>
      )}
    </Card>
  );
}

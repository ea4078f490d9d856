import * as RadixDialog from '@radix-ui/react-dialog';
import { X } from 'lucide-react';
import { useState, type RefObject } from 'react';
import { useTranslation } from 'react-i18next';
import { can } from '@/lib/permissions';
import type { TaskFilter } from '../api/tasks-queries';
import { TaskDetailView } from './task-detail';
import { TaskList } from './task-list';

export interface TasksPanelProps {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  /** The button that opened the panel: it gets the focus back when the panel closes. */
  returnFocusTo: RefObject<HTMLElement | null>;
  /** Tasks are under way (the badge's count): what the panel shows is read again every 2 s. */
  hasActiveTasks: boolean;
}

/**
 * The task panel: a side sheet on Radix Dialog (focus trap, Escape, labelled by its title), at the end side of the
 * page (the left in Arabic). Loaded only when first wanted (tasks-button.tsx); its queries run while it is open.
 */
export function TasksPanel({ open, onOpenChange, returnFocusTo, hasActiveTasks }: TasksPanelProps) {
  const { t } = useTranslation('tasks');
  const [filter, setFilter] = useState<TaskFilter>('all');
  const [selectedId, setSelectedId] = useState<string | null>(null);
  const [lastOpenedId, setLastOpenedId] = useState<string | null>(null);
  // The server refuses a cancel without `tasks.cancel` (403): the button is not offered then (lib/permissions.ts).
  const [canCancel] = useState(() => can('tasks.cancel'));

  return (
    <RadixDialog.Root open={open} onOpenChange={onOpenChange}>
      <RadixDialog.Portal>
        <RadixDialog.Overlay className="fixed inset-0 z-40 bg-slate-950/40 backdrop-blur-[1px]" />
        <RadixDialog.Content
          className="fixed inset-y-0 end-0 z-50 flex w-full max-w-md flex-col border-s border-slate-200 bg-white text-slate-900 shadow-2xl sm:max-w-lg dark:border-slate-800 dark:bg-slate-900 dark:text-slate-100"
          // Radix gives the focus back to a Dialog.Trigger; the button lives outside this lazily loaded module.
          onCloseAutoFocus={(event) => {
            event.preventDefault();
            returnFocusTo.current?.focus();
          }}
          data-testid="tasks-panel"
        >
          <div className="flex items-start justify-between gap-4 border-b border-slate-200 px-5 py-4 dark:border-slate-800">
            <div className="min-w-0">
              <RadixDialog.Title className="text-lg font-semibold">{t('title')}</RadixDialog.Title>
              <RadixDialog.Description className="text-sm text-slate-500 dark:text-slate-400">
                {t('description')}
              </RadixDialog.Description>
            </div>
            <RadixDialog.Close
              className="rounded-md p-1 text-slate-500 hover:bg-slate-100 focus-visible:outline-2 focus-visible:outline-brand-600 dark:text-slate-400 dark:hover:bg-slate-800"
              aria-label={t('close')}
              data-testid="tasks-close"
            >
              <X className="h-5 w-5" aria-hidden="true" />
            </RadixDialog.Close>
          </div>
          <div className="min-h-0 flex-1 overflow-y-auto px-5 py-4">
            {selectedId ? (
              <TaskDetailView
                key={selectedId}
                id={selectedId}
                canCancel={canCancel}
                onBack={() => {
                  setLastOpenedId(selectedId);
                  setSelectedId(null);
                }}
              />
            ) : (
              <TaskList
                filter={filter}
                onFilterChange={setFilter}
                onOpen={setSelectedId}
                hasActiveTasks={hasActiveTasks}
                focusId={lastOpenedId}
              />
            )}
          </div>
        </RadixDialog.Content>
      </RadixDialog.Portal>
    </RadixDialog.Root>
  );
}

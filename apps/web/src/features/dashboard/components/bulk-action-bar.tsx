import type { BulkAction } from '@proxai/contract';
import { Play, RotateCw, Square, X } from 'lucide-react';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Button } from '@/components/ui/button';
import { ConfirmDialog } from '@/components/ui/confirm-dialog';

const ACTIONS: readonly { action: BulkAction; icon: typeof Play; tone: string }[] = [
  { action: 'start', icon: Play, tone: 'text-emerald-600' },
  { action: 'stop', icon: Square, tone: 'text-rose-600' },
  { action: 'restart', icon: RotateCw, tone: 'text-sky-600' },
];

export interface BulkActionBarProps {
  /** Guests ticked among those the filter shows. */
  count: number;
  /** The action is being sent: the buttons wait. */
  isStarting: boolean;
  onRun: (action: BulkAction) => void;
  onClear: () => void;
}

/**
 * "3 selected · Start · Stop · Restart · Clear", docked at the bottom of the viewport while guests are ticked;
 * each action asks first, naming how many guests it is about to touch.
 */
export function BulkActionBar({ count, isStarting, onRun, onClear }: BulkActionBarProps) {
  const { t } = useTranslation('dashboard');
  const [asking, setAsking] = useState<BulkAction | null>(null);
  // "Stop 1 guest?" / "Stop 18 guests?": two keys every language has, instead of i18next's per-language plurals.
  const many = count === 1 ? 'one' : 'many';
  return (
    <div
      role="region"
      aria-label={t('bulk.label')}
      className="fixed inset-x-4 bottom-16 z-30 mx-auto flex max-w-2xl flex-wrap items-center gap-2 rounded-xl border border-slate-200 bg-white px-4 py-2 shadow-xl dark:border-slate-700 dark:bg-slate-900"
      data-testid="bulk-bar"
    >
      <p className="me-auto text-sm font-medium tabular-nums" aria-live="polite" data-testid="bulk-count">
        {t('bulk.selected', { count })}
      </p>
      {ACTIONS.map(({ action, icon: Icon, tone }) => (
        <Button
          key={action}
          variant="outline"
          size="sm"
          disabled={isStarting}
          onClick={() => setAsking(action)}
          data-testid={`bulk-${action}`}
        >
          <Icon className={`h-4 w-4 ${tone}`} aria-hidden="true" />
          {t(`vms.${action}`)}
        </Button>
      ))}
      <Button variant="ghost" size="sm" onClick={onClear} data-testid="bulk-clear">
        <X className="h-4 w-4" aria-hidden="true" />
        {t('bulk.clear')}
      </Button>
      {asking ? (
        <ConfirmDialog
          open
          onOpenChange={(open) => {
            if (!open) setAsking(null);
          }}
          title={t(`bulk.confirm.${asking}.${many}`, { count })}
          description={t(`bulk.explain.${asking}`)}
          confirmLabel={t(`bulk.confirmButton.${asking}.${many}`, { count })}
          cancelLabel={t('bulk.cancel')}
          closeLabel={t('bulk.close')}
          isDestructive={asking !== 'start'}
          onConfirm={() => {
            onRun(asking);
            setAsking(null);
          }}
        />
      ) : null}
    </div>
  );
}

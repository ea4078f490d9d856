import type { MemorySource } from '@proxai/contract';
import { useTranslation } from 'react-i18next';
import { cn } from '@/components/ui/cn';

const TONE: Record<MemorySource, string> = {
  guest_agent: 'bg-emerald-100 text-emerald-800 dark:bg-emerald-950 dark:text-emerald-300',
  balloon: 'bg-sky-100 text-sky-800 dark:bg-sky-950 dark:text-sky-300',
  host: 'bg-amber-100 text-amber-800 dark:bg-amber-950 dark:text-amber-300',
};

/**
 * Where the guest's memory figure comes from: its guest agent (page cache not counted: the true figure), its
 * balloon driver, or Proxmox's host view (which, for a VM, counts the page cache as used).
 */
export function MemorySourceBadge({ source }: { source: MemorySource }) {
  const { t } = useTranslation('monitoring');
  return (
    <span
      className={cn('inline-flex items-center rounded-full px-2 py-0.5 text-xs font-medium', TONE[source])}
      title={t(`memorySource.hint.${source}`)}
      data-testid="memory-source"
      data-source={source}
    >
      {t('memorySource.label', { source: t(`memorySource.${source}`) })}
    </span>
  );
}

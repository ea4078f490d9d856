import type { Host } from '@proxai/contract';
import { RefreshCw, Trash2 } from 'lucide-react';
import type { TFunction } from 'i18next';
import { createContext, Suspense, use, useMemo, type ComponentType } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { Button } from '@/components/ui/button';
import { Card } from '@/components/ui/card';
import { cn } from '@/components/ui/cn';
import { perKey } from '@/lib/per-key';

/** The cards' words, looked up once per list and language instead of in every card. */
export interface HostCardText {
  status(status: string): string;
  meta(node: string, count: number): string;
  sync: string;
  delete: string;
}

export function hostCardText(t: TFunction<'dashboard'>): HostCardText {
  return {
    status: perKey((status: string) => t(`hosts.status.${status}`)),
    meta: (node, count) => t('hosts.meta', { node, count }),
    sync: t('hosts.sync'),
    delete: t('hosts.delete'),
  };
}

export function useHostCardText(): HostCardText {
  const { t } = useTranslation('dashboard');
  return useMemo(() => hostCardText(t), [t]);
}

/** What the card gives the tools another feature adds to it (src/app composes them). */
export interface HostToolsSlotProps {
  host: Host;
  /** The member may manage hosts (admin and owner). */
  canManage: boolean;
  /** Called after a change to the host: the dashboard reloads. */
  onChanged: () => void;
}

/**
 * Tools added to every host card from outside the dashboard (editing a host, its Proxmox permissions): features
 * never import each other, so src/app provides the component here. Rendered as items of the card's wrapping
 * button row; its strings may load lazily (a Suspense boundary keeps the card shown meanwhile).
 */
export const HostToolsContext = createContext<ComponentType<HostToolsSlotProps> | null>(null);

export interface HostCardProps {
  host: Host;
  guestCount: number;
  isSyncing: boolean;
  isDeleting: boolean;
  /** Sync is shown only to members who may sync (operator and above). */
  canSync: boolean;
  /** Delete is shown only to members who may manage hosts (admin and owner). */
  canDelete: boolean;
  onSync: (host: Host) => void;
  onDelete: (host: Host) => void;
  /** After the card's tools changed the host. */
  onChanged: () => void;
  text: HostCardText;
}

export function HostCard({
  host,
  guestCount,
  isSyncing,
  isDeleting,
  canSync,
  canDelete,
  onSync,
  onDelete,
  onChanged,
  text,
}: HostCardProps) {
  const isOnline = host.status === 'online';
  const Tools = use(HostToolsContext);
  return (
    <Card className="flex flex-col gap-3" data-testid="host-card" data-host-id={host.id}>
      <div className="flex items-start justify-between gap-3">
        <div className="min-w-0">
          <h3 className="truncate font-semibold" title={host.name}>
            {/* The host's page: its node's charts and its guests (features/monitoring). */}
            <Link to={`/hosts/${host.id}`} className="hover:underline focus-visible:underline" data-testid="host-link">
              {host.name}
            </Link>
          </h3>
          <p className="truncate text-sm text-slate-500 dark:text-slate-400" title={host.pve_url}>
            {host.pve_url}
          </p>
        </div>
        <span className="inline-flex shrink-0 items-center gap-1.5 text-sm" data-testid="host-status">
          <span aria-hidden="true" className={cn('h-2.5 w-2.5 rounded-full', isOnline ? 'bg-emerald-500' : 'bg-red-500')} />
          {text.status(host.status)}
        </span>
      </div>
      {/* A Proxmox Backup Server has no node nor guests: its datastores come with the card's tools (features/hosts). */}
      {host.type === 'pbs' ? null : (
        <p className="text-xs text-slate-500 dark:text-slate-400">
          {text.meta(host.pve_node, guestCount)}
          {host.pve_version ? ` · PVE ${host.pve_version}` : ''}
        </p>
      )}
      {!isOnline && host.last_error ? (
        <p className="rounded-md bg-red-50 p-2 text-xs break-words text-red-700 dark:bg-red-950/50 dark:text-red-300">
          {host.last_error}
        </p>
      ) : null}
      {canSync || canDelete || Tools ? (
        <div className="mt-auto flex flex-wrap gap-2">
          {canSync ? (
            <Button
              variant="outline"
              size="sm"
              onClick={() => onSync(host)}
              isLoading={isSyncing}
              disabled={isSyncing}
              data-testid="host-sync"
            >
              <RefreshCw className="h-4 w-4" aria-hidden="true" />
              {text.sync}
            </Button>
          ) : null}
          {Tools ? (
            <Suspense fallback={null}>
              <Tools host={host} canManage={canDelete} onChanged={onChanged} />
            </Suspense>
          ) : null}
          {canDelete ? (
            <Button
              variant="ghost"
              size="sm"
              className="text-red-600 hover:bg-red-50 dark:text-red-400 dark:hover:bg-red-950/40"
              onClick={() => onDelete(host)}
              isLoading={isDeleting}
              disabled={isDeleting}
              data-testid="host-delete"
            >
              <Trash2 className="h-4 w-4" aria-hidden="true" />
              {text.delete}
            </Button>
          ) : null}
        </div>
      ) : null}
    </Card>
  );
}

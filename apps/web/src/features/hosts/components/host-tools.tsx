import type { Host } from '@proxai/contract';
import { ChevronDown, Pencil, ShieldAlert, ShieldCheck } from 'lucide-react';
import { lazy, Suspense, useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Button } from '@/components/ui/button';
import { cn } from '@/components/ui/cn';
import { isCertificateChange } from '../certificate';
import type { EditHostPart } from './edit-host-dialog';
import { HostPermissions } from './host-permissions';
import { PbsCardSummary } from './pbs-card-summary';

// The edit dialog (three forms, the certificate check) loads when it is first pointed at or opened.
const loadEditHostDialog = () => import('./edit-host-dialog');
const EditHostDialog = lazy(async () => ({ default: (await loadEditHostDialog()).EditHostDialog }));

export interface HostToolsProps {
  host: Host;
  /** Admins and owners may edit the host (rename, credentials, certificate); every member may see its permissions. */
  canManage: boolean;
  /** After an edit the host took: the host list reloads. */
  onChanged: () => void;
}

/**
 * A host card's tools: Edit (and Renew certificate when the host went offline over a changed certificate), and
 * the Permissions panel (a PVE node's). Rendered as items of the card's wrapping button row: the panel takes a whole
 * row, last; a Proxmox Backup Server's datastores take a whole row, first.
 */
export function HostTools({ host, canManage, onChanged }: HostToolsProps) {
  const { t } = useTranslation('hosts');
  const [editing, setEditing] = useState<EditHostPart | null>(null);
  const [isShowingPermissions, setIsShowingPermissions] = useState(false);
  const panelId = useId();
  const preload = () => void loadEditHostDialog();

  const isPbs = host.type === 'pbs';

  return (
    <>
      {isPbs ? <PbsCardSummary host={host} /> : null}
      {canManage && isCertificateChange(host) ? (
        <Button
          variant="outline"
          size="sm"
          className="border-amber-400 text-amber-800 hover:bg-amber-50 dark:border-amber-700 dark:text-amber-300 dark:hover:bg-amber-950/40"
          onClick={() => setEditing('certificate')}
          onPointerEnter={preload}
          onFocus={preload}
          data-testid="host-renew-certificate"
        >
          <ShieldAlert className="h-4 w-4" aria-hidden="true" />
          {t('tools.renewCertificate')}
        </Button>
      ) : null}
      {canManage ? (
        <Button
          variant="ghost"
          size="sm"
          onClick={() => setEditing('all')}
          onPointerEnter={preload}
          onFocus={preload}
          aria-label={t('tools.editLabel', { name: host.name })}
          data-testid="host-edit"
        >
          <Pencil className="h-4 w-4" aria-hidden="true" />
          {t('tools.edit')}
        </Button>
      ) : null}
      {isPbs ? null : (
        <Button
          variant="ghost"
          size="sm"
          aria-expanded={isShowingPermissions}
          aria-controls={isShowingPermissions ? panelId : undefined}
          onClick={() => setIsShowingPermissions((shown) => !shown)}
          data-testid="host-permissions-toggle"
        >
          <ShieldCheck className="h-4 w-4" aria-hidden="true" />
          {t('tools.permissions')}
          <ChevronDown className={cn('h-4 w-4 transition-transform', isShowingPermissions && 'rotate-180')} aria-hidden="true" />
        </Button>
      )}
      {isShowingPermissions ? <HostPermissions id={panelId} host={host} className="order-last min-w-0 basis-full" /> : null}
      {editing ? (
        <Suspense fallback={null}>
          <EditHostDialog host={host} part={editing} onClose={() => setEditing(null)} onChanged={onChanged} />
        </Suspense>
      ) : null}
    </>
  );
}

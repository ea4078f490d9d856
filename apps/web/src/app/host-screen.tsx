import { lazy } from 'react';
import { useParams } from 'react-router';
import { useHost } from '@/lib/fleet-reads';
import { PageFallback } from './root-layout';

// Each page is its own chunk: a PBS's page never loads the charts, a PVE node's never the PBS page.
const HostPage = lazy(async () => ({ default: (await import('@/features/monitoring/host-page')).HostPage }));
const PbsHostPage = lazy(async () => ({ default: (await import('@/features/hosts/pbs-host-page')).PbsHostPage }));

/**
 * /hosts/{id}: a Proxmox Backup Server's page (datastores, jobs, failed tasks) or a PVE node's (charts, guests),
 * by the host's type. While the host list is read, or when the host is unknown, the PVE page (which says so) is shown.
 */
export function HostScreen() {
  const { id = '' } = useParams();
  const host = useHost(id);
  if (host.isPending) return <PageFallback />;
  return host.data?.type === 'pbs' ? <PbsHostPage /> : <HostPage />;
}

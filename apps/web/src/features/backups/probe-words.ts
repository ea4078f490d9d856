import type { ProbeResult } from '@proxai/contract';
import type { TFunction } from 'i18next';

/** A probe in one line: "TCP port 22", "HTTP :80/health → 200", "Command sh -c … → exit 0", a container check. */
export function describeProbe(probe: ProbeResult['probe'], t: TFunction<'backups'>): string {
  switch (probe.type) {
    case 'agent_ping':
      return t('probes.types.agent_ping');
    case 'tcp':
      return t('probes.describe.tcp', { port: probe.port });
    case 'http':
      return t('probes.describe.http', { port: probe.port, path: probe.url_path, status: probe.expect_status });
    case 'exec':
      return t('probes.describe.exec', { command: probe.command.join(' '), exit: probe.expect_exit });
    case 'ct_running':
    case 'ct_init':
    case 'ct_uptime':
    case 'ct_interfaces':
      return t(`probes.checks.${probe.type}`);
  }
}

/** Word lists for realistic generated fleets. */

export const ROLES = [
  'web',
  'api',
  'db',
  'pg',
  'mysql',
  'redis',
  'cache',
  'mail',
  'dns',
  'proxy',
  'haproxy',
  'nginx',
  'ci-runner',
  'gitlab',
  'grafana',
  'prometheus',
  'loki',
  'k8s-master',
  'k8s-worker',
  'elastic',
  'kafka',
  'minio',
  'vault',
  'jenkins',
  'monitor',
  'nextcloud',
  'jellyfin',
  'pihole',
  'homeassistant',
  'ldap',
  'backup',
  'fileserver',
  'vpn',
  'rabbitmq',
  'mongo',
  'zabbix',
  'sentry',
  'keycloak',
  'wiki',
  'erp',
] as const;

export const WINDOWS_ROLES = ['win-dc', 'rds', 'sql', 'exchange', 'win-app', 'print', 'wsus'] as const;

export const ENVS = ['prod', 'staging', 'dev', 'test'] as const;

export const TAGS = [
  'prod',
  'staging',
  'dev',
  'db',
  'web',
  'k8s',
  'critical',
  'backup-exempt',
  'customer-a',
  'customer-b',
] as const;

export const LXC_OSTYPES = ['debian', 'debian', 'debian', 'ubuntu', 'ubuntu', 'alpine', 'centos', 'fedora', 'archlinux'] as const;

export const SNAPSHOT_NAMES = [
  'before-upgrade',
  'pre-patch',
  'clean-install',
  'before-migration',
  'known-good',
  'pre-kernel-update',
] as const;

export const CPUS = [
  { model: 'Intel(R) Xeon(R) Silver 4214R CPU @ 2.40GHz', sockets: 2, cores: 12, threads: 48, mhz: '2400.000' },
  { model: 'Intel(R) Xeon(R) Gold 6338 CPU @ 2.00GHz', sockets: 2, cores: 32, threads: 128, mhz: '2000.000' },
  { model: 'AMD EPYC 7443P 24-Core Processor', sockets: 1, cores: 24, threads: 48, mhz: '2850.000' },
  { model: 'AMD EPYC 9354 32-Core Processor', sockets: 1, cores: 32, threads: 64, mhz: '3250.000' },
  { model: 'Intel(R) Xeon(R) E-2388G CPU @ 3.20GHz', sockets: 1, cores: 8, threads: 16, mhz: '3200.000' },
  { model: 'AMD Ryzen 9 5950X 16-Core Processor', sockets: 1, cores: 16, threads: 32, mhz: '3400.000' },
] as const;

/** Weighted choice of PVE versions; 7.4 hosts are the old ones still around. */
export const PVE_VERSIONS = ['8.2.4', '8.2.7', '8.3.2', '8.3.2', '8.1.4', '8.2.4', '9.0.3', '7.4-16'] as const;

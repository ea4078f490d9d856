/**
 * The marketplace's extensions: static sample data (SPEC.md §3), not served by the API. Names,
 * descriptions and features stay in English (product and tool names); categories are translated.
 */
export const EXTENSION_CATEGORIES = ['monitoring', 'security', 'backup', 'automation', 'integrations', 'storage'] as const;
export type ExtensionCategory = (typeof EXTENSION_CATEGORIES)[number];

export interface Extension {
  id: string;
  name: string;
  category: ExtensionCategory;
  description: string;
  version: string;
  rating: number;
  downloads: number;
  verified: boolean;
  tags: readonly string[];
  features: readonly string[];
}

type Row = [id: string, name: string, description: string, version: string, rating: number, downloads: number, verified: boolean, tags: string[], features: string[]];

const rows = (category: ExtensionCategory, list: Row[]): Extension[] =>
  list.map(([id, name, description, version, rating, downloads, verified, tags, features]) => ({
    id, name, category, description, version, rating, downloads, verified, tags, features,
  }));

export const EXTENSIONS: readonly Extension[] = [
  ...rows('monitoring', [
    ['prometheus-exporter', 'Prometheus Exporter', 'Exposes node, guest and storage metrics of every connected host on a /metrics endpoint for Prometheus to scrape.', '2.4.1', 4.8, 18420, true, ['prometheus', 'metrics', 'exporter'], ['Per-guest CPU, memory, disk and network', 'Storage pool usage', 'Scrape authentication']],
    ['zabbix-template', 'Zabbix Template Pack', 'Ready-made Zabbix templates and low-level discovery for Proxmox VE nodes, guests and PBS datastores.', '1.9.0', 4.6, 9310, true, ['zabbix', 'templates', 'alerting'], ['Auto-discovery of guests', 'Datastore usage triggers', 'Zabbix 6 and 7']],
    ['grafana-dashboards', 'Grafana Dashboards', 'Curated Grafana dashboards for cluster health, guest hot spots and backup durations.', '3.1.2', 4.9, 15880, true, ['grafana', 'dashboards', 'metrics'], ['Cluster overview', 'Top-N noisy guests', 'Backup duration trends']],
    ['influxdb-sink', 'InfluxDB Metrics Sink', 'Streams ProxAI metrics to InfluxDB 2 with configurable retention and downsampling.', '1.3.4', 4.4, 5210, false, ['influxdb', 'metrics', 'timeseries'], ['Line protocol over HTTPS', 'Batching', 'Downsampling rules']],
    ['ceph-dashboard', 'Ceph Health Dashboard', 'Shows Ceph OSD, PG and pool health for hyper-converged clusters, with alerts on degraded placement groups.', '2.0.3', 4.7, 7640, true, ['ceph', 'storage', 'health'], ['OSD latency', 'PG states', 'Pool capacity forecast']],
    ['smart-disk-monitor', 'SMART Disk Monitor', 'Reads SMART attributes of host disks and warns before a drive fails.', '1.5.0', 4.5, 6120, true, ['smart', 'disks', 'hardware'], ['Reallocated sector alerts', 'NVMe wear level', 'Weekly disk report']],
    ['uptime-kuma-bridge', 'Uptime Kuma Bridge', 'Creates Uptime Kuma monitors for the services running in your guests.', '0.9.2', 4.2, 2380, false, ['uptime-kuma', 'uptime', 'http'], ['Monitors from guest tags', 'Status page sync']],
    ['netdata-connector', 'Netdata Connector', 'Links each guest to its Netdata dashboard for per-second troubleshooting.', '1.1.0', 4.3, 3050, false, ['netdata', 'realtime', 'metrics'], ['Deep links from the guest list', 'Streaming parent setup']],
    ['log-forwarder', 'Syslog & Loki Forwarder', 'Forwards host journald and task logs to a syslog server or Grafana Loki.', '2.2.0', 4.6, 8790, true, ['loki', 'syslog', 'logs'], ['RFC 5424 syslog', 'Loki labels per node', 'Task log capture']],
    ['capacity-planner', 'Capacity Planner', 'Projects CPU, RAM and storage growth over 90 days and tells you when a node will run out.', '1.0.6', 4.5, 4410, true, ['capacity', 'forecast', 'planning'], ['90-day forecast', 'What-if node removal']],
    ['temperature-sensors', 'Temperature & Fan Sensors', 'Collects lm-sensors and IPMI readings from hosts and alerts on overheating.', '1.2.1', 4.1, 2870, false, ['ipmi', 'sensors', 'hardware'], ['IPMI and lm-sensors', 'Per-node thresholds']],
    ['sla-reporter', 'SLA Reporter', 'Computes monthly availability per guest and exports an SLA report for your customers.', '1.4.0', 4.4, 3660, true, ['sla', 'reports', 'availability'], ['Monthly PDF export', 'Maintenance windows excluded']],
  ]),
  ...rows('security', [
    ['cve-scanner-plus', 'CVE Scanner Plus', 'Scans Debian packages of hosts and guests against the Debian Security Tracker and NVD, with fix versions.', '3.0.2', 4.8, 14250, true, ['cve', 'vulnerability', 'scanner'], ['Daily scans', 'Fix version per CVE', 'EPSS scoring']],
    ['crowdsec-bouncer', 'CrowdSec Bouncer', 'Deploys a CrowdSec bouncer on the PVE firewall to block IPs flagged by the community.', '1.6.0', 4.7, 8020, true, ['crowdsec', 'firewall', 'ip-reputation'], ['Community blocklists', 'Per-node decisions']],
    ['fail2ban-manager', 'Fail2ban Manager', 'Manages Fail2ban jails for the PVE web interface and SSH from one screen.', '1.2.3', 4.3, 5120, false, ['fail2ban', 'ssh', 'brute-force'], ['pveproxy jail', 'Ban list overview']],
    ['cis-benchmark', 'CIS Benchmark Audit', 'Audits hosts against the CIS Debian benchmark and lists the failed controls with remediation.', '2.1.0', 4.6, 6380, true, ['cis', 'compliance', 'hardening'], ['Scored report', 'Remediation snippets']],
    ['wazuh-agent', 'Wazuh Agent Deployer', 'Installs and enrols the Wazuh agent on hosts and tagged guests.', '1.0.4', 4.4, 3940, true, ['wazuh', 'siem', 'agent'], ['Group enrolment', 'Agent health check']],
    ['tls-cert-monitor', 'TLS Certificate Monitor', 'Watches the certificates of hosts and PBS, and renews them through ACME before expiry.', '1.3.2', 4.5, 7210, true, ['tls', 'acme', 'certificates'], ['Expiry alerts at 30/7 days', 'ACME DNS-01']],
    ['secrets-vault', 'HashiCorp Vault Integration', 'Reads host API tokens from HashiCorp Vault instead of storing them in ProxAI.', '0.8.1', 4.2, 1980, false, ['vault', 'secrets', 'tokens'], ['KV v2', 'AppRole auth']],
    ['firewall-auditor', 'Firewall Rule Auditor', 'Finds shadowed, duplicate and overly open rules in datacenter, node and guest firewalls.', '1.1.5', 4.5, 4630, true, ['firewall', 'audit', 'network'], ['Open-to-world detection', 'Unused rule report']],
  ]),
  ...rows('backup', [
    ['backup-verifier', 'Backup Verification', 'Schedules PBS verify jobs and restores sample guests into an isolated network to prove backups boot.', '2.3.0', 4.9, 12980, true, ['pbs', 'backup', 'verification'], ['Boot test in isolated VLAN', 'Chunk verification', 'Weekly proof report']],
    ['offsite-sync', 'Offsite Sync (S3)', 'Replicates PBS datastores to S3-compatible object storage with immutability.', '1.7.2', 4.6, 8840, true, ['s3', 'offsite', 'backup', 'immutability'], ['Object lock', 'Bandwidth limits']],
    ['retention-advisor', 'Retention Advisor', 'Suggests keep-daily/weekly/monthly settings from your change rate and storage budget.', '1.0.3', 4.4, 3320, false, ['retention', 'pbs', 'prune'], ['Budget-based simulation', 'Prune preview']],
    ['db-consistent-backup', 'Database-Consistent Backup', 'Freezes PostgreSQL and MySQL inside guests through the QEMU guest agent before each backup.', '1.4.1', 4.7, 5760, true, ['postgresql', 'mysql', 'backup', 'qemu-agent'], ['fsfreeze hooks', 'Pre/post scripts']],
    ['tape-export', 'Tape Export', 'Drives PBS tape backup jobs and tracks media pools and offsite cartridges.', '0.9.0', 4.0, 1120, false, ['tape', 'lto', 'backup'], ['Media pool inventory', 'Offsite rotation']],
    ['restore-drill', 'Disaster Recovery Drill', 'Runs a scripted restore of a whole application stack and measures the real recovery time.', '1.2.0', 4.8, 4290, true, ['disaster-recovery', 'restore', 'rto'], ['RTO measurement', 'Runbook export']],
  ]),
  ...rows('automation', [
    ['terraform-provider', 'Terraform Provider', 'Manages ProxAI hosts, guests and policies as code with a Terraform provider.', '2.0.0', 4.8, 16730, true, ['terraform', 'iac', 'provisioning'], ['Guests and templates', 'Import existing resources']],
    ['ansible-collection', 'Ansible Collection', 'Ansible modules and a dynamic inventory built from ProxAI’s view of your fleet.', '1.8.3', 4.7, 13410, true, ['ansible', 'inventory', 'configuration'], ['Dynamic inventory by tag', 'Guest power modules']],
    ['patch-scheduler', 'Patch Scheduler', 'Rolls apt upgrades across nodes one at a time, migrating guests away first.', '2.1.1', 4.6, 9020, true, ['patching', 'apt', 'maintenance'], ['Rolling node upgrades', 'Live migration before reboot']],
    ['snapshot-rotation', 'Snapshot Rotation', 'Creates and prunes guest snapshots on a schedule, with a maximum count per guest.', '1.3.0', 4.5, 7450, true, ['snapshots', 'schedule', 'cleanup'], ['Cron schedules', 'Max snapshots per guest']],
    ['cloud-init-templates', 'Cloud-Init Templates', 'Builds Debian, Ubuntu and Rocky templates with cloud-init and keeps them up to date.', '1.5.2', 4.6, 8110, true, ['cloud-init', 'templates', 'images'], ['Monthly template refresh', 'SSH key injection']],
    ['power-scheduler', 'Power Scheduler', 'Stops lab and test guests at night and starts them in the morning to save energy.', '1.0.8', 4.3, 4270, false, ['power', 'schedule', 'energy'], ['Working-hours calendar', 'Holiday exceptions']],
    ['runbook-library', 'Runbook Library', 'Ready-to-run runbooks: disk full, stuck backup, failed migration, certificate renewal.', '1.6.0', 4.7, 6890, true, ['runbooks', 'incident', 'automation'], ['20+ runbooks', 'Dry-run mode']],
    ['gitops-sync', 'GitOps Sync', 'Keeps guest configuration in a Git repository and applies merged changes.', '0.7.4', 4.1, 1640, false, ['gitops', 'git', 'configuration'], ['Pull-request previews', 'Drift detection']],
    ['ha-rebalancer', 'HA Rebalancer', 'Rebalances guests across cluster nodes when load or memory pressure gets uneven.', '1.1.2', 4.4, 3580, true, ['ha', 'cluster', 'balancing'], ['Memory-aware placement', 'Affinity rules']],
    ['cleanup-bot', 'Cleanup Bot', 'Finds orphaned disks, stale ISO images and forgotten snapshots, and frees the space.', '1.2.5', 4.5, 5930, true, ['cleanup', 'storage', 'orphans'], ['Orphaned disk finder', 'Approval before delete']],
  ]),
  ...rows('integrations', [
    ['slack-notifier', 'Slack Notifications', 'Sends alerts, task results and the assistant’s daily digest to Slack channels.', '2.2.0', 4.7, 11240, true, ['slack', 'notifications', 'chatops'], ['Per-channel routing', 'Interactive approve buttons']],
    ['teams-notifier', 'Microsoft Teams Notifications', 'Posts alerts and reports to Microsoft Teams through workflows.', '1.4.0', 4.5, 6980, true, ['teams', 'notifications', 'microsoft'], ['Adaptive cards', 'Severity filters']],
    ['pagerduty', 'PagerDuty', 'Opens and resolves PagerDuty incidents from host and backup alerts.', '1.3.1', 4.6, 5140, true, ['pagerduty', 'on-call', 'incidents'], ['Auto-resolve', 'Deduplication keys']],
    ['glpi-inventory', 'GLPI Inventory', 'Pushes hosts and guests to GLPI as assets, with owners and locations.', '1.0.2', 4.2, 2460, false, ['glpi', 'itam', 'inventory'], ['Asset sync', 'Owner mapping']],
    ['netbox-sync', 'NetBox Sync', 'Synchronises virtual machines, interfaces and IP addresses with NetBox.', '1.5.0', 4.7, 6310, true, ['netbox', 'ipam', 'dcim'], ['Two-way IP sync', 'Cluster and site mapping']],
    ['jira-service', 'Jira Service Management', 'Creates Jira tickets from alerts and links ProxAI actions to change requests.', '1.1.4', 4.3, 3170, false, ['jira', 'itsm', 'tickets'], ['Change request links', 'Alert-to-ticket rules']],
    ['webhook-relay', 'Webhook Relay', 'Signs and relays ProxAI events to any HTTPS endpoint with retries.', '1.2.0', 4.5, 4880, true, ['webhooks', 'events', 'api'], ['HMAC signatures', 'Exponential retries']],
    ['ldap-sync', 'LDAP / Active Directory Sync', 'Maps LDAP or Active Directory groups to ProxAI roles (Owner, Admin, Operator, Read-Only).', '1.6.1', 4.6, 7570, true, ['ldap', 'active-directory', 'rbac'], ['Group to role mapping', 'Nightly sync']],
    ['mattermost-notifier', 'Mattermost Notifications', 'Sends alerts and digests to self-hosted Mattermost.', '1.0.5', 4.2, 1890, false, ['mattermost', 'notifications', 'chatops'], ['Incoming webhooks', 'Per-team routing']],
  ]),
  ...rows('storage', [
    ['zfs-health', 'ZFS Health', 'Tracks ZFS pool status, scrub results, ARC hit ratio and fragmentation.', '2.0.1', 4.8, 9870, true, ['zfs', 'storage', 'health'], ['Scrub scheduling', 'ARC statistics']],
    ['truenas-connector', 'TrueNAS Connector', 'Shows TrueNAS shares and iSCSI targets used by your hosts, with capacity alerts.', '1.2.2', 4.5, 4720, true, ['truenas', 'nfs', 'iscsi'], ['Share capacity', 'Snapshot tasks']],
    ['lvm-thin-monitor', 'LVM-thin Monitor', 'Warns before thin pools run out of data or metadata space.', '1.1.0', 4.4, 3860, true, ['lvm', 'thin-provisioning', 'storage'], ['Metadata usage', 'Auto-extend advice']],
    ['storage-migrator', 'Storage Migrator', 'Moves guest disks between storages live, in batches, with throttling.', '1.3.3', 4.6, 5290, true, ['migration', 'disks', 'storage'], ['Batch moves', 'I/O throttling']],
    ['nfs-tuner', 'NFS Tuner', 'Checks NFS mount options of shared storages and suggests safer settings.', '0.6.0', 3.9, 980, false, ['nfs', 'tuning', 'storage'], ['Mount option audit']],
    ['minio-gateway', 'MinIO Gateway', 'Uses a MinIO cluster as a target for offsite PBS syncs and ISO libraries.', '1.0.0', 4.3, 2140, false, ['minio', 's3', 'object-storage'], ['Bucket policies', 'ISO library']],
    ['quota-manager', 'Storage Quota Manager', 'Sets and enforces per-organisation storage quotas for multi-tenant fleets.', '1.1.1', 4.4, 2630, true, ['quota', 'multi-tenant', 'storage'], ['Soft and hard limits', 'Tenant reports']],
  ]),
];

/** Case-insensitive match on name, description or tags (SPEC.md §5), combined with the category. */
export function filterExtensions(
  list: readonly Extension[],
  query: string,
  category: ExtensionCategory | 'all',
): Extension[] {
  const q = query.trim().toLowerCase();
  return list.filter(
    (e) =>
      (category === 'all' || e.category === category) &&
      (!q ||
        e.name.toLowerCase().includes(q) ||
        e.description.toLowerCase().includes(q) ||
        e.tags.some((tag) => tag.toLowerCase().includes(q))),
  );
}

export function countByCategory(list: readonly Extension[]): Record<ExtensionCategory | 'all', number> {
  const counts = { all: list.length } as Record<ExtensionCategory | 'all', number>;
  for (const c of EXTENSION_CATEGORIES) counts[c] = list.filter((e) => e.category === c).length;
  return counts;
}

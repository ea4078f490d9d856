import type { AptPackageSpec } from './types';
import type { PveVersionInfo } from './version';

/** Package metadata and plausible installed/candidate versions per PVE major release. */
interface CatalogEntry {
  Package: string;
  Title: string;
  Description: string;
  Origin: string;
  Section: string;
  Arch: string;
  versions: Record<'7' | '8' | '9', [installed: string, candidate: string]>;
}

const proxmox = (
  Package: string,
  Title: string,
  Description: string,
  Section: string,
  Arch: string,
  versions: CatalogEntry['versions'],
): CatalogEntry => ({ Package, Title, Description, Origin: 'Proxmox', Section, Arch, versions });

const debian = (
  Package: string,
  Title: string,
  Description: string,
  Section: string,
  versions: CatalogEntry['versions'],
): CatalogEntry => ({
  Package,
  Title,
  Description,
  Origin: 'Debian',
  Section,
  Arch: 'amd64',
  versions,
});

export const APT_CATALOG: CatalogEntry[] = [
  proxmox(
    'proxmox-ve',
    'Proxmox Virtual Environment',
    'The Proxmox Virtual Environment is an easy to use Open Source virtualization platform for running Virtual Appliances and Virtual Machines.',
    'admin',
    'all',
    { '7': ['7.4-1', '7.4-1'], '8': ['8.2.0', '8.3.0'], '9': ['9.0.0', '9.0.0'] },
  ),
  proxmox(
    'pve-manager',
    'Proxmox Virtual Environment Management Tools',
    'This package contains the Proxmox Virtual Environment management tools.',
    'admin',
    'amd64',
    { '7': ['7.4-16', '7.4-17'], '8': ['8.2.4', '8.3.2'], '9': ['9.0.3', '9.0.6'] },
  ),
  proxmox(
    'proxmox-kernel-6.8',
    'Latest Proxmox Kernel Image',
    'This is a metapackage which will install the latest available proxmox kernel from the 6.8 series.',
    'admin',
    'all',
    { '7': ['5.15.108-1', '5.15.158-2'], '8': ['6.8.8-2', '6.8.12-4'], '9': ['6.14.8-2', '6.14.11-1'] },
  ),
  proxmox(
    'libpve-common-perl',
    'Proxmox VE base library',
    'This package contains the base library used by other Proxmox VE components.',
    'perl',
    'all',
    { '7': ['7.4-2', '7.4-2'], '8': ['8.2.1', '8.2.9'], '9': ['9.0.9', '9.0.11'] },
  ),
  proxmox(
    'pve-qemu-kvm',
    'Full virtualization on x86 hardware',
    'Using KVM, one can run multiple virtual PCs, each running unmodified Linux or Windows images.',
    'admin',
    'amd64',
    { '7': ['7.2.0-8', '7.2.10-1'], '8': ['9.0.0-6', '9.0.2-4'], '9': ['10.0.2-4', '10.0.2-4'] },
  ),
  proxmox(
    'qemu-server',
    'Qemu Server Tools',
    'This package contains the Qemu Server tools used by Proxmox VE',
    'admin',
    'amd64',
    { '7': ['7.4-4', '7.4-6'], '8': ['8.2.1', '8.3.3'], '9': ['9.0.16', '9.0.18'] },
  ),
  proxmox(
    'pve-container',
    'Proxmox VE Container management tool',
    'Tool to manage Linux Containers on Proxmox VE.',
    'perl',
    'all',
    { '7': ['4.4-6', '4.4-7'], '8': ['5.1.12', '5.2.3'], '9': ['6.0.9', '6.0.11'] },
  ),
  proxmox(
    'zfsutils-linux',
    'command-line tools to manage OpenZFS filesystems',
    'The Z file system is a pooled filesystem designed for maximum data integrity.',
    'contrib/admin',
    'amd64',
    { '7': ['2.1.11-pve1', '2.1.15-pve1'], '8': ['2.2.4-pve1', '2.2.6-pve1'], '9': ['2.3.3-pve1', '2.3.4-pve1'] },
  ),
  debian(
    'openssl',
    'Secure Sockets Layer toolkit - cryptographic utility',
    "This package is part of the OpenSSL project's implementation of the SSL and TLS cryptographic protocols for secure communication over the Internet.",
    'utils',
    {
      '7': ['1.1.1n-0+deb11u5', '1.1.1w-0+deb11u1'],
      '8': ['3.0.13-1~deb12u1', '3.0.15-1~deb12u1'],
      '9': ['3.5.1-1', '3.5.1-1+deb13u1'],
    },
  ),
  debian(
    'libc6',
    'GNU C Library: Shared libraries',
    'Contains the standard libraries that are used by nearly all programs on the system.',
    'libs',
    { '7': ['2.31-13+deb11u6', '2.31-13+deb11u11'], '8': ['2.36-9+deb12u7', '2.36-9+deb12u9'], '9': ['2.41-12', '2.41-12'] },
  ),
  debian(
    'tzdata',
    'time zone and daylight-saving time data',
    'This package contains data required for the implementation of standard local time for many representative locations around the globe.',
    'localization',
    { '7': ['2024a-0+deb11u1', '2025b-0+deb11u1'], '8': ['2024a-0+deb12u1', '2025b-0+deb12u1'], '9': ['2025b-4', '2025b-4'] },
  ),
];

function major(v: PveVersionInfo): '7' | '8' | '9' {
  return v.major <= 7 ? '7' : v.major === 8 ? '8' : '9';
}

/** A catalogue entry as APT describes it on a node of version `v`, with the installed version as OldVersion. */
function installedEntry(e: (typeof APT_CATALOG)[number], v: PveVersionInfo): Omit<AptPackageSpec, 'Version' | 'NotifyStatus'> {
  return {
    Package: e.Package,
    Title: e.Title,
    Description: e.Description,
    Origin: e.Origin,
    Section: e.Section,
    Arch: e.Arch,
    Priority: 'optional',
    OldVersion: e.Package === 'pve-manager' ? v.version : e.versions[major(v)][0],
  };
}

/** Pending updates: the catalogue entries whose candidate differs from the installed version. */
export function pendingUpdates(v: PveVersionInfo, pick: (name: string) => boolean): AptPackageSpec[] {
  const m = major(v);
  const out: AptPackageSpec[] = [];
  for (const e of APT_CATALOG) {
    const entry = installedEntry(e, v);
    const candidate = e.versions[m][1];
    if (entry.OldVersion === candidate || !pick(e.Package)) continue;
    out.push({ ...entry, Version: candidate });
  }
  return out;
}

/**
 * GET /apt/versions: the Proxmox VE package list (APT.pm versions() reports a fixed list of Proxmox packages,
 * not Debian base packages such as openssl), installed version and candidate from the pending list.
 */
export function aptVersions(v: PveVersionInfo, pending: AptPackageSpec[]): Record<string, unknown>[] {
  return APT_CATALOG.filter((e) => e.Origin === 'Proxmox').map((e) => {
    const upd = pending.find((p) => p.Package === e.Package);
    const entry = installedEntry(e, v);
    // Key order as APT.pm writes it: Version before OldVersion.
    const { OldVersion: installed, ...meta } = entry;
    const out: Record<string, unknown> = {
      ...meta,
      Version: upd?.Version ?? installed,
      OldVersion: installed,
      CurrentState: 'Installed',
    };
    if (e.Package === 'proxmox-ve') out['RunningKernel'] = v.kernel;
    if (e.Package === 'pve-manager') out['ManagerVersion'] = `${v.version}/${v.repoid}`;
    return out;
  });
}

/**
 * Catalogue defaults for a pending update given only by name (hand-written fleet files): the package's
 * metadata and the version installed on a node of version `v`; undefined for a package not in the catalogue.
 */
export function catalogPackage(name: string, v: PveVersionInfo): Omit<AptPackageSpec, 'Version' | 'NotifyStatus'> | undefined {
  const e = APT_CATALOG.find((c) => c.Package === name);
  return e ? installedEntry(e, v) : undefined;
}

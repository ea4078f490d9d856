import { describe, expect, it } from 'vitest';
import {
  agentEnabled,
  diskNeeds,
  isLinkDown,
  isolatedNic,
  memoryBytes,
  nicIsolation,
  parseConfigText,
  parseSize,
} from './guest-config';
import { httpAnswer, listensOn } from './probes';
import { restoreParams } from './restore-steps';

const QEMU_CONF = `#Web server%3A nginx
boot: order=scsi0;net0
cores: 2
memory: 4096
agent: enabled=1,fstrim_cloned_disks=1
net0: virtio=BC:24:11:AA:BB:01,bridge=vmbr0,firewall=1
net1: model=e1000,macaddr=BC:24:11:AA:BB:02,bridge=vmbr1,tag=20,link_down=0
scsi0: local-lvm:vm-100-disk-0,iothread=1,size=32G
scsi1: ceph:vm-100-disk-1,size=512M
ide2: local:iso/debian.iso,media=cdrom,size=600M
efidisk0: local-lvm:vm-100-disk-2,efitype=4m,size=4M

[before-upgrade]
memory: 2048
net2: virtio=BC:24:11:AA:BB:03,bridge=vmbr0
`;

describe('guest config of a restore test', () => {
  it('reads the main section of a config file, not its snapshots', () => {
    const c = parseConfigText(QEMU_CONF);
    expect(c.memory).toBe('4096');
    expect(c.net2).toBeUndefined();
    expect(memoryBytes(c)).toBe(4096 * 1024 * 1024);
    expect(memoryBytes({})).toBe(512 * 1024 * 1024);
    expect(agentEnabled(c)).toBe(true);
    expect(agentEnabled({ agent: '0' })).toBe(false);
    expect(agentEnabled({ agent: 1 })).toBe(true);
    expect(agentEnabled({})).toBe(false);
  });

  it('rewrites every NIC unplugged and without its MAC', () => {
    expect(isolatedNic('qemu', 'virtio=BC:24:11:AA:BB:01,bridge=vmbr0,firewall=1')).toBe(
      'virtio,bridge=vmbr0,firewall=1,link_down=1',
    );
    expect(isolatedNic('qemu', 'model=e1000,macaddr=BC:24:11:AA:BB:02,bridge=vmbr1,tag=20,link_down=0')).toBe(
      'model=e1000,bridge=vmbr1,tag=20,link_down=1',
    );
    expect(isolatedNic('lxc', 'name=eth0,bridge=vmbr0,hwaddr=BC:24:11:AA:BB:04,ip=dhcp,type=veth')).toBe(
      'name=eth0,bridge=vmbr0,ip=dhcp,type=veth,link_down=1',
    );
    const params = restoreParams('qemu', 'local:backup/vzdump-qemu-100.vma.zst', 105, null, parseConfigText(QEMU_CONF));
    expect(params).toEqual({
      vmid: 105,
      archive: 'local:backup/vzdump-qemu-100.vma.zst',
      unique: true,
      net0: 'virtio,bridge=vmbr0,firewall=1,link_down=1',
      net1: 'model=e1000,bridge=vmbr1,tag=20,link_down=1',
    });
    expect(
      restoreParams('lxc', 'pbs:backup/ct/101/2024-06-30T21:00:02Z', 106, 'local-zfs', { net0: 'name=eth0,bridge=vmbr0' }),
    ).toEqual({
      vmid: 106,
      archive: 'pbs:backup/ct/101/2024-06-30T21:00:02Z',
      unique: true,
      storage: 'local-zfs',
      net0: 'name=eth0,bridge=vmbr0,link_down=1',
    });
  });

  it('fails closed: only a NIC saying link_down with a true value is down', () => {
    expect(isLinkDown('virtio=BC:24:11:AA:BB:01,bridge=vmbr0,link_down=1')).toBe(true);
    expect(isLinkDown('name=eth0,link_down=yes')).toBe(true);
    expect(isLinkDown('virtio=BC:24:11:AA:BB:01,bridge=vmbr0')).toBe(false);
    expect(isLinkDown('virtio,link_down=0')).toBe(false);
    expect(isLinkDown('virtio,link_down=1,link_down=0')).toBe(false);
    expect(isLinkDown(undefined)).toBe(false);
    expect(nicIsolation({ net0: 'virtio,link_down=1', net1: 'e1000,bridge=vmbr1' })).toEqual({
      nics: { net0: 'virtio,link_down=1', net1: 'e1000,bridge=vmbr1' },
      allDown: false,
    });
    expect(nicIsolation({ net0: 'virtio,link_down=1', memory: 512 }).allDown).toBe(true);
    expect(nicIsolation({}).allDown).toBe(true);
  });

  it('counts the disks a restore writes per storage, not CD-ROMs or bind mounts', () => {
    expect(diskNeeds('qemu', parseConfigText(QEMU_CONF))).toEqual([
      { key: 'scsi0', storage: 'local-lvm', bytes: 32 * 1024 ** 3 },
      { key: 'scsi1', storage: 'ceph', bytes: 512 * 1024 ** 2 },
      { key: 'efidisk0', storage: 'local-lvm', bytes: 4 * 1024 ** 2 },
    ]);
    expect(
      diskNeeds('lxc', {
        rootfs: 'local-lvm:vm-101-disk-0,size=8G',
        mp0: 'local-lvm:vm-101-disk-1,mp=/data,size=1T',
        mp1: '/srv/share,mp=/share',
        net0: 'name=eth0',
      }),
    ).toEqual([
      { key: 'rootfs', storage: 'local-lvm', bytes: 8 * 1024 ** 3 },
      { key: 'mp0', storage: 'local-lvm', bytes: 1024 ** 4 },
    ]);
    expect(parseSize('1.5G')).toBe(1.5 * 1024 ** 3);
    expect(parseSize('4096')).toBe(4096);
    expect(parseSize('lots')).toBeUndefined();
  });
});

describe('probe answers', () => {
  it('finds a listening port in ss and netstat output', () => {
    const ss =
      'State  Recv-Q Send-Q Local Address:Port Peer Address:Port\nLISTEN 0 4096 0.0.0.0:22 0.0.0.0:*\nLISTEN 0 511 [::]:8080 [::]:*\n';
    expect(listensOn(ss, 22)).toBe(true);
    expect(listensOn(ss, 8080)).toBe(true);
    expect(listensOn(ss, 80)).toBe(false);
    expect(listensOn(ss, 2)).toBe(false);
    const netstat = 'Proto Recv-Q Send-Q Local Address Foreign Address State\ntcp 0 0 127.0.0.1:5432 0.0.0.0:* LISTEN\n';
    expect(listensOn(netstat, 5432)).toBe(true);
  });

  it('reads status and body from curl -w and wget -S', () => {
    expect(httpAnswer({ exitcode: 0, out: 'hello\nworld\n200', err: '' }, 'curl')).toEqual({ status: 200, body: 'hello\nworld' });
    expect(httpAnswer({ exitcode: 7, out: '', err: 'curl: (7) Failed' }, 'curl')).toEqual({ status: null, body: '' });
    expect(
      httpAnswer(
        { exitcode: 8, out: '', err: '  HTTP/1.1 301 Moved\n  Location: /x\n  HTTP/1.1 503 Service Unavailable\n' },
        'wget',
      ),
    ).toEqual({ status: 503, body: '' });
  });
});

import { describe, expect, it } from 'vitest';
import { parseUpid } from './upid';

describe('parseUpid', () => {
  it('parses a PVE UPID', () => {
    expect(parseUpid('UPID:pve:00061CB3:010BA69C:64EFECB0:qmcreate:101:root@pam:')).toEqual({
      product: 'pve',
      node: 'pve',
      pid: 0x61cb3,
      pstart: 0x10ba69c,
      starttime: 0x64efecb0,
      type: 'qmcreate',
      id: '101',
      user: 'root@pam',
      authid: 'root@pam',
    });
  });

  it('splits a token authid and accepts an empty id', () => {
    expect(parseUpid('UPID:node1:0017A001:0ADB0102:64ECF997:qmshutdown:103:monitor@pve!portal:')).toMatchObject({
      user: 'monitor@pve',
      tokenid: 'portal',
    });
    expect(parseUpid('UPID:pve:000CFC5C:03E8D0C3:6194806C:aptupdate::root@pam:')).toMatchObject({ type: 'aptupdate', id: '' });
  });

  it('parses a PBS UPID with task counter and systemd-escaped id', () => {
    expect(
      parseUpid('UPID:pbs:000003D5:00000F3A:0000002E:64EB6F10:verificationjob:store1\\x3av\\x2d3fb9b8a0\\x2d11d7:root@pam:'),
    ).toMatchObject({
      product: 'pbs',
      taskId: 0x2e,
      starttime: 0x64eb6f10,
      type: 'verificationjob',
      id: 'store1:v-3fb9b8a0-11d7',
    });
  });

  it('rejects anything else', () => {
    for (const bad of [
      '',
      'UPID:pve',
      'UPID:pve:0:0:0:qm:1:root@pam:',
      'UPID:pve:00061CB3:010BA69C:64EFECB0:qmcreate:101:root@pam',
      'hello',
    ]) {
      expect(parseUpid(bad)).toBeNull();
    }
  });
});

import { describe, expect, it } from 'vitest';
import { encodeParams, path } from './params';

describe('request encoding', () => {
  it('sends booleans as 0/1, skips undefined', () => {
    expect(encodeParams({ all: true, protected: false, storage: 'local', x: undefined }).toString()).toBe(
      'all=1&protected=0&storage=local',
    );
  });
  it('sends arrays as repeated keys, in order, items encoded like scalars', () => {
    expect(encodeParams({ vmid: [100, 101], storage: 'local' }).toString()).toBe('vmid=100&vmid=101&storage=local');
    expect(encodeParams({ command: ['/bin/sh', '-c', 'echo a,b && ls'] }).toString()).toBe(
      'command=%2Fbin%2Fsh&command=-c&command=echo+a%2Cb+%26%26+ls',
    );
    expect(encodeParams({ flags: [true, false] }).getAll('flags')).toEqual(['1', '0']);
  });
  it('sends an empty array as no key at all', () => {
    expect(encodeParams({ vmid: [], all: true }).toString()).toBe('all=1');
  });
  it('keeps a single-element array a single key', () => {
    expect(encodeParams({ vmid: [100] }).getAll('vmid')).toEqual(['100']);
  });
  it('encodes path segments (UPIDs contain colons and may contain backslashes)', () => {
    expect(path`/nodes/${'pve1'}/tasks/${'UPID:pve1:1:2:3:qmstart:100:root@pam!t:'}/status`).toBe(
      '/nodes/pve1/tasks/UPID%3Apve1%3A1%3A2%3A3%3Aqmstart%3A100%3Aroot%40pam!t%3A/status',
    );
  });
});

import { describe, expect, it } from 'vitest';
import { encodeParams, path } from './params';

describe('request encoding', () => {
  it('sends booleans as 0/1, lists comma-separated, skips undefined', () => {
    expect(encodeParams({ all: true, protected: false, vmid: [100, 101], storage: 'local', x: undefined }).toString()).toBe(
      'all=1&protected=0&vmid=100%2C101&storage=local',
    );
  });
  it('encodes path segments (UPIDs contain colons and may contain backslashes)', () => {
    expect(path`/nodes/${'pve1'}/tasks/${'UPID:pve1:1:2:3:qmstart:100:root@pam!t:'}/status`).toBe(
      '/nodes/pve1/tasks/UPID%3Apve1%3A1%3A2%3A3%3Aqmstart%3A100%3Aroot%40pam!t%3A/status',
    );
  });
});

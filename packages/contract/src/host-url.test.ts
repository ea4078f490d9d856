import { describe, expect, it } from 'vitest';
import { parseHostUrl } from './host-url';

describe('parseHostUrl', () => {
  it.each([
    ['https://pve.example.com', 'https://pve.example.com:8006'],
    ['https://pve.example.com/', 'https://pve.example.com:8006'],
    ['  https://PVE.Example.com:8006  ', 'https://pve.example.com:8006'],
    ['HTTPS://10.0.0.5:443', 'https://10.0.0.5:443'],
    ['https://10.0.0.5:443/', 'https://10.0.0.5:443'],
    ['https://[fd00::0:1]:8006', 'https://[fd00::1]:8006'],
    ['https://[2001:db8::1]', 'https://[2001:db8::1]:8006'],
    ['https://pve.lan.', 'https://pve.lan:8006'],
  ])('%s -> %s', (raw, url) => {
    expect(parseHostUrl(raw)).toMatchObject({ ok: true, url });
  });

  it('keeps an explicit :443, which WHATWG URL parsing drops', () => {
    expect(new URL('https://pve:443').port).toBe('');
    expect(parseHostUrl('https://pve:443')).toMatchObject({ ok: true, url: 'https://pve:443', port: 443 });
  });

  it('uses the default port of the product', () => {
    expect(parseHostUrl('https://pbs.lan', 8007)).toMatchObject({ ok: true, url: 'https://pbs.lan:8007', port: 8007 });
  });

  it.each([
    ['http://pve:8006', 'scheme'],
    ['ftp://pve', 'scheme'],
    ['pve.example.com:8006', 'scheme'],
    ['https:pve', 'scheme'],
    ['https://root:secret@pve:8006', 'userinfo'],
    ['https://root@pve', 'userinfo'],
    ['https://pve:8006/api2/json', 'path'],
    ['https://pve:8006/prefix/', 'path'],
    ['https://pve:8006\\evil', 'path'],
    ['https://pve:8006?x=1', 'query'],
    ['https://pve:8006/?x=1', 'query'],
    ['https://pve:8006#x', 'fragment'],
    ['https://', 'host'],
    ['https://:8006', 'host'],
    ['https://pve name:8006', 'host'],
    ['https://[fe80::1%25eth0]:8006', 'host'],
    ['https://[::1', 'host'],
    ['https://999.1.1.1', 'host'],
    ['https://1.2.3', 'host'],
    ['https://pve:0', 'port'],
    ['https://pve:65536', 'port'],
    ['https://pve:80a', 'port'],
    ['https://pve:', 'port'],
  ])('refuses %s (%s)', (raw, problem) => {
    const parsed = parseHostUrl(raw);
    expect(parsed.ok).toBe(false);
    if (!parsed.ok) expect(parsed.problem).toBe(problem);
  });
});

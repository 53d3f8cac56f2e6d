import { describe, expect, it } from 'vitest';
import {
  createOutboundPolicy,
  fileTransferAddresses,
  isListedAddress,
  isRestrictedAddress,
  outboundAllowOf,
  parseAllowEntry,
} from '../../src/security/outbound-policy';

/** A resolver standing for DNS: each name's answers, and how often it was asked. */
function resolver(answers: Record<string, string[]>) {
  const asked: string[] = [];
  return {
    asked,
    resolve: async (host: string) => {
      asked.push(host);
      const list = answers[host];
      if (!list) throw Object.assign(new Error(`getaddrinfo ENOTFOUND ${host}`), { code: 'ENOTFOUND' });
      return list.map((address) => ({ address, family: address.includes(':') ? 6 : 4 }));
    },
  };
}

describe('restricted addresses (IPv4, IPv6, IPv4 inside IPv6)', () => {
  it.each([
    '127.0.0.1',
    '127.255.255.254',
    '10.1.2.3',
    '172.16.0.1',
    '172.31.255.255',
    '192.168.1.1',
    '169.254.169.254',
    '100.64.0.1',
    '0.0.0.0',
    '224.0.0.1',
    '255.255.255.255',
    '::',
    '::1',
    'fe80::1',
    'fc00::1',
    'fd00:ec2::254',
    'ff02::1',
    '::ffff:127.0.0.1',
    '::ffff:7f00:1',
    '::ffff:169.254.169.254',
    '::ffff:a9fe:a9fe',
    '::127.0.0.1',
    '64:ff9b::a9fe:a9fe',
    '2002:a9fe:a9fe::1',
    '2001:db8::1',
  ])('refuses %s', (address) => {
    expect(isRestrictedAddress(address)).toBe(true);
  });

  it.each(['8.8.8.8', '1.1.1.1', '172.32.0.1', '203.0.114.1', '2606:4700:4700::1111', '2001:4860:4860::8888', '::ffff:8.8.8.8'])(
    'allows the public %s',
    (address) => {
      expect(isRestrictedAddress(address)).toBe(false);
    },
  );
});

describe('the outbound policy', () => {
  it('resolves once, checks every address and answers the checked one (no DNS rebinding)', async () => {
    const dns = resolver({
      'mail.cang.vn': ['203.0.114.10'],
      'rebind.example': ['203.0.114.11', '127.0.0.1'],
      'meta.example': ['169.254.169.254'],
    });
    const policy = createOutboundPolicy({ allow: [], resolve: dns.resolve });
    expect(await policy.check('smtp', 'smtp', 'mail.cang.vn', 587)).toEqual({
      ok: true,
      host: 'mail.cang.vn',
      address: '203.0.114.10',
      family: 4,
      port: 587,
    });
    expect(dns.asked).toEqual(['mail.cang.vn']);
    // One private answer among public ones is enough to refuse.
    expect(await policy.check('http', 'http', 'rebind.example', 80)).toEqual({ ok: false, reason: 'address' });
    expect(await policy.check('http', 'http', 'meta.example', 80)).toEqual({ ok: false, reason: 'address' });
    expect(await policy.check('http', 'http', 'nowhere.example', 80)).toEqual({ ok: false, reason: 'name' });
    for (const host of ['127.0.0.1', '[::1]', '::ffff:127.0.0.1', '169.254.169.254', '10.0.0.1', '0.0.0.0'])
      expect(await policy.check('http', 'http', host, 80), host).toMatchObject({ ok: false, reason: 'address' });
  });

  it('allows schemes and ports of the kind; other ports only when listed', async () => {
    const dns = resolver({ 'tos.cang.vn': ['203.0.114.20'], 'other.vn': ['203.0.114.21'] });
    const policy = createOutboundPolicy({ allow: ['tos.cang.vn', '*:9443'], resolve: dns.resolve });
    expect(await policy.checkUrl('http', 'ftp://other.vn/')).toEqual({ ok: false, reason: 'scheme' });
    expect(await policy.checkUrl('http', 'file:///etc/passwd')).toMatchObject({ ok: false });
    expect(await policy.check('smtp', 'http', 'other.vn', 25)).toEqual({ ok: false, reason: 'scheme' });
    expect(await policy.checkUrl('http', 'https://other.vn/')).toMatchObject({ ok: true, port: 443 });
    expect(await policy.check('http', 'http', 'other.vn', 22)).toEqual({ ok: false, reason: 'port' });
    expect(await policy.check('smtp', 'smtp', 'other.vn', 6379)).toEqual({ ok: false, reason: 'port' });
    expect(await policy.check('http', 'https', 'other.vn', 9443)).toMatchObject({ ok: true });
    expect(await policy.check('http', 'http', 'tos.cang.vn', 5000)).toMatchObject({ ok: true, address: '203.0.114.20' });
  });

  it('reaches a private address or range only as the deployment lists it, port included when given', async () => {
    const dns = resolver({ 'tos.noibo': ['10.20.0.5'] });
    const policy = createOutboundPolicy({ allow: ['10.20.0.0/16', '127.0.0.1:4102', '[::1]:4103'], resolve: dns.resolve });
    expect(await policy.check('http', 'http', 'tos.noibo', 8088)).toMatchObject({ ok: true, address: '10.20.0.5' });
    expect(await policy.check('http', 'http', '10.21.0.5', 80)).toEqual({ ok: false, reason: 'address' });
    expect(await policy.check('http', 'http', '127.0.0.1', 4102)).toMatchObject({ ok: true });
    expect(await policy.check('http', 'http', '127.0.0.1', 4103)).toEqual({ ok: false, reason: 'port' });
    expect(await policy.check('http', 'http', '::1', 4103)).toMatchObject({ ok: true, family: 6 });
    expect(await policy.check('http', 'http', '::ffff:127.0.0.1', 4102)).toMatchObject({ ok: true });
  });

  it('reads OUTBOUND_ALLOW entries and refuses malformed ones', () => {
    expect(parseAllowEntry('10.0.0.0/8')).toMatchObject({ port: null });
    expect(parseAllowEntry('10.0.0.0/8:9000')).toMatchObject({ port: 9000 });
    expect(parseAllowEntry('tos.cang.vn:8080')).toMatchObject({ host: 'tos.cang.vn', port: 8080 });
    expect(parseAllowEntry('[fd00::1]:25')).toMatchObject({ port: 25 });
    expect(parseAllowEntry('fd00::/8')).toMatchObject({ port: null });
    for (const bad of ['*', '10.0.0.0/33', 'a b', 'host:70000', 'http://x', '']) expect(parseAllowEntry(bad), bad).toBeNull();
    expect(() => createOutboundPolicy({ allow: ['not valid!'] })).toThrow(/OUTBOUND_ALLOW/);
  });

  it('lists the local simulators only in demo mode', () => {
    const simulators = { tos: 'http://127.0.0.1:4104', mail_smtp: 'smtp://127.0.0.1:4125' };
    expect(outboundAllowOf({ outboundAllow: ['10.0.0.0/8'], demo: true, simulators })).toEqual([
      '10.0.0.0/8',
      '127.0.0.1:4104',
      '127.0.0.1:4125',
    ]);
    expect(outboundAllowOf({ outboundAllow: [], demo: false, simulators })).toEqual([]);
  });

  it('sends the file-transfer key only to the addresses the deployment fixed', () => {
    const list = fileTransferAddresses({
      fileTransferUrls: ['https://sftp.cang.vn/api/'],
      simulators: { file_transfer: 'http://127.0.0.1:4120' },
    });
    expect(list).toEqual(['http://127.0.0.1:4120', 'https://sftp.cang.vn/api']);
    expect(isListedAddress(list, 'http://127.0.0.1:4120/')).toBe(true);
    expect(isListedAddress(list, 'https://sftp.cang.vn/api')).toBe(true);
    expect(isListedAddress(list, 'http://sftp.cang.vn/api')).toBe(false);
    expect(isListedAddress(list, 'https://attacker.example/')).toBe(false);
    expect(isListedAddress(list, 'http://127.0.0.1:4121')).toBe(false);
  });
});

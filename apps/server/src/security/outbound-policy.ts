import { lookup as dnsLookup } from 'node:dns/promises';
import { isIP } from 'node:net';

/**
 * The one outbound policy (DESIGN.md §5) for every address an administrator can type: mail servers, TOS connections,
 * the file-transfer API, and the test buttons that reach them. An address is allowed when
 * - its scheme is one of its kind's (http/https for HTTP systems; SMTP is its own protocol);
 * - its port is one of its kind's standard ports, or the deployment lists it;
 * - every address its name resolves to is public: loopback, private, link-local (cloud metadata 169.254.169.254),
 *   carrier-grade NAT, multicast, reserved and documentation ranges, IPv4 and IPv6 (IPv4-mapped, NAT64 and 6to4 read
 *   as the IPv4 inside), are refused unless the deployment lists them (OUTBOUND_ALLOW; a demo start lists its own
 *   local simulators).
 * The name is resolved once here, and the checked address is the one the adapter connects to (the name kept only for
 * TLS and the Host header), so a name that answers a public address to the check and a private one to the connection
 * (DNS rebinding) reaches nothing.
 */

export type OutboundKind = 'http' | 'smtp';

/** A checked destination: connect to `address`; `host` is the name typed (TLS servername, Host header). */
export interface OutboundTarget {
  ok: true;
  host: string;
  address: string;
  family: 4 | 6;
  port: number;
}

export type OutboundRefusalReason = 'scheme' | 'port' | 'address' | 'name';
export interface OutboundRefusal {
  ok: false;
  reason: OutboundRefusalReason;
}

export interface OutboundPolicy {
  /** Resolves `host` once and checks scheme, port and every resolved address. */
  check(kind: OutboundKind, scheme: string, host: string, port: number): Promise<OutboundTarget | OutboundRefusal>;
  /** The same for a URL (scheme, host and port from it; the port by default the scheme's). */
  checkUrl(kind: OutboundKind, url: string): Promise<OutboundTarget | OutboundRefusal>;
}

const schemes: Record<OutboundKind, readonly string[]> = { http: ['http', 'https'], smtp: ['smtp', 'smtps'] };
/** Ports a public server of the kind listens on; others only when listed. */
const standardPorts: Record<OutboundKind, readonly number[]> = { http: [80, 443, 8080, 8443], smtp: [25, 465, 587, 2525] };

// --- addresses as numbers: IPv4 in 32 bits, IPv6 in 128 -------------------------------------------------------

function v4ToBig(a: string): bigint {
  return a.split('.').reduce((n, part) => (n << 8n) | BigInt(Number(part)), 0n);
}

function v6ToBig(a: string): bigint {
  let text = a
    .toLowerCase()
    .replace(/^\[|\]$/g, '')
    .replace(/%.*$/, '');
  // A dotted IPv4 tail (::ffff:127.0.0.1) as two hextets.
  const dotted = /(\d+\.\d+\.\d+\.\d+)$/.exec(text);
  if (dotted?.[1]) {
    const v4 = v4ToBig(dotted[1]);
    text = `${text.slice(0, -dotted[1].length)}${(v4 >> 16n).toString(16)}:${(v4 & 0xffffn).toString(16)}`;
  }
  const [head = '', tail] = text.split('::');
  const left = head ? head.split(':') : [];
  const right = tail === undefined ? [] : tail ? tail.split(':') : [];
  const zeros = tail === undefined ? [] : Array.from({ length: 8 - left.length - right.length }, () => '0');
  return [...left, ...zeros, ...right].reduce((n, h) => (n << 16n) | BigInt(Number.parseInt(h || '0', 16)), 0n);
}

interface Range {
  v: 4 | 6;
  base: bigint;
  bits: number;
}

function parseCidr(text: string): Range | null {
  const [addr = '', len] = text.split('/');
  const v = isIP(addr);
  if (v !== 4 && v !== 6) return null;
  const max = v === 4 ? 32 : 128;
  const bits = len === undefined ? max : Number(len);
  if (!Number.isInteger(bits) || bits < 0 || bits > max || (len !== undefined && !/^\d+$/.test(len))) return null;
  const n = v === 4 ? v4ToBig(addr) : v6ToBig(addr);
  const shift = BigInt(max - bits);
  return { v, base: (n >> shift) << shift, bits };
}

function inRange(r: Range, v: 4 | 6, n: bigint): boolean {
  if (r.v !== v) return false;
  const shift = BigInt((v === 4 ? 32 : 128) - r.bits);
  return n >> shift === r.base >> shift;
}

const cidrs = (list: string[]) => list.map((c) => parseCidr(c) as Range);

/** Ranges no administrator-typed address may reach unless listed (RFC 6890 special-purpose and local ranges). */
const blockedV4 = cidrs([
  '0.0.0.0/8',
  '10.0.0.0/8',
  '100.64.0.0/10',
  '127.0.0.0/8',
  '169.254.0.0/16',
  '172.16.0.0/12',
  '192.0.0.0/24',
  '192.0.2.0/24',
  '192.88.99.0/24',
  '192.168.0.0/16',
  '198.18.0.0/15',
  '198.51.100.0/24',
  '203.0.113.0/24',
  '224.0.0.0/4',
  '240.0.0.0/4',
]);
const blockedV6 = cidrs(['::/128', '::1/128', '100::/64', '2001::/23', '2001:db8::/32', 'fc00::/7', 'fe80::/10', 'fec0::/10', 'ff00::/8']);

/** The IPv4 address an IPv6 one carries (mapped ::ffff:a.b.c.d, compatible ::a.b.c.d, NAT64 64:ff9b::, 6to4 2002::), if any. */
function embeddedV4(n: bigint): bigint | null {
  const low32 = n & 0xffffffffn;
  if (n >> 32n === 0xffffn || n >> 32n === 0n) return low32;
  if (n >> 32n === 0x64ff9b0000000000000000n) return low32;
  if (n >> 112n === 0x2002n) return (n >> 80n) & 0xffffffffn;
  return null;
}

/** Whether an address lies in a refused range (an IPv6 address carrying an IPv4 one is judged by that one). */
export function isRestrictedAddress(address: string): boolean {
  const v = isIP(address);
  if (v === 4) return blockedV4.some((r) => inRange(r, 4, v4ToBig(address)));
  if (v !== 6) return true;
  const n = v6ToBig(address);
  const v4 = embeddedV4(n);
  if (v4 !== null) return blockedV4.some((r) => inRange(r, 4, v4));
  return blockedV6.some((r) => inRange(r, 6, n));
}

// --- the deployment's list -------------------------------------------------------------------------------------

/** One OUTBOUND_ALLOW entry: a host name, an address or a CIDR range (any port), or `<that>:<port>`, or `*:<port>`. */
interface AllowEntry {
  host: string | null;
  range: Range | null;
  port: number | null;
}

/** Parses an entry; null when it is not one (the configuration names the bad entry). */
export function parseAllowEntry(raw: string): AllowEntry | null {
  let text = raw.trim().toLowerCase();
  if (!text) return null;
  let port: number | null = null;
  const bracket = /^\[([^\]]+)\](?:\/(\d+))?(?::(\d+))?$/.exec(text);
  if (bracket) {
    text = bracket[2] ? `${bracket[1]}/${bracket[2]}` : (bracket[1] as string);
    port = bracket[3] ? Number(bracket[3]) : null;
  } else if (!isIP(text.split('/')[0] ?? '') || isIP(text.split('/')[0] ?? '') === 4) {
    const m = /^(.*):(\d+)$/.exec(text);
    if (m && !(m[1] ?? '').includes(':')) {
      text = m[1] as string;
      port = Number(m[2]);
    }
  }
  if (port !== null && (!Number.isInteger(port) || port < 1 || port > 65_535)) return null;
  if (text === '*') return port === null ? null : { host: null, range: null, port };
  const range = parseCidr(text);
  if (range) return { host: null, range, port };
  if (text.includes('/')) return null;
  if (!/^[a-z0-9]([a-z0-9-]*[a-z0-9])?(\.[a-z0-9]([a-z0-9-]*[a-z0-9])?)*$/.test(text)) return null;
  return { host: text, range: null, port };
}

const numberOf = (address: string): { v: 4 | 6; n: bigint } =>
  isIP(address) === 4 ? { v: 4, n: v4ToBig(address) } : { v: 6, n: v6ToBig(address) };

function entryCovers(e: AllowEntry, host: string, address: string): boolean {
  if (e.host) return e.host === host;
  if (e.range) {
    const { v, n } = numberOf(address);
    if (inRange(e.range, v, n)) return true;
    const v4 = v === 6 ? embeddedV4(n) : null;
    return v4 !== null && inRange(e.range, 4, v4);
  }
  return true;
}

export interface OutboundPolicyOptions {
  /** The deployment's entries (OUTBOUND_ALLOW, and a demo start's simulators as `host:port`). */
  allow: readonly string[];
  /** How names are resolved (every address of the name). */
  resolve?: (host: string) => Promise<{ address: string; family: number }[]>;
  /** Longest wait for a name's addresses. */
  resolveTimeoutMs?: number;
}

const systemResolve = (host: string) => dnsLookup(host, { all: true, verbatim: true });

export function createOutboundPolicy(opts: OutboundPolicyOptions): OutboundPolicy {
  const entries = opts.allow.map((raw) => {
    const e = parseAllowEntry(raw);
    if (!e) throw new Error(`OUTBOUND_ALLOW: mục không hợp lệ "${raw}"`);
    return e;
  });
  const resolve = opts.resolve ?? systemResolve;
  const resolveTimeoutMs = opts.resolveTimeoutMs ?? 5_000;

  async function addressesOf(host: string): Promise<{ address: string; family: 4 | 6 }[] | null> {
    const literal = host.replace(/^\[|\]$/g, '');
    const v = isIP(literal);
    if (v === 4 || v === 6) return [{ address: literal, family: v }];
    let timer: NodeJS.Timeout | undefined;
    try {
      const found = await Promise.race([
        resolve(host),
        new Promise<never>((_, reject) => {
          timer = setTimeout(() => reject(new Error('timeout')), resolveTimeoutMs);
        }),
      ]);
      const list = found.filter((a) => isIP(a.address)).map((a) => ({ address: a.address, family: isIP(a.address) as 4 | 6 }));
      return list.length ? list : null;
    } catch {
      return null;
    } finally {
      clearTimeout(timer);
    }
  }

  async function check(kind: OutboundKind, scheme: string, rawHost: string, port: number): Promise<OutboundTarget | OutboundRefusal> {
    if (!schemes[kind].includes(scheme.toLowerCase().replace(/:$/, ''))) return { ok: false, reason: 'scheme' };
    const host = rawHost.trim().toLowerCase().replace(/\.$/, '');
    if (!host || !Number.isInteger(port) || port < 1 || port > 65_535) return { ok: false, reason: 'address' };
    const addresses = await addressesOf(host);
    if (!addresses) return { ok: false, reason: 'name' };
    // Every address the name gives must pass: a name answering one public and one private address is refused.
    for (const a of addresses) {
      const listed = entries.filter((e) => (e.host || e.range) && entryCovers(e, host, a.address));
      const restricted = isRestrictedAddress(a.address);
      if (restricted && !listed.length) return { ok: false, reason: 'address' };
      const portListed =
        listed.some((e) => e.port === null || e.port === port) || entries.some((e) => !e.host && !e.range && e.port === port);
      if (!portListed && (restricted || !standardPorts[kind].includes(port))) return { ok: false, reason: 'port' };
    }
    const [first] = addresses as [{ address: string; family: 4 | 6 }];
    return { ok: true, host, address: first.address, family: first.family, port };
  }

  return {
    check,
    async checkUrl(kind, url) {
      let u: URL;
      try {
        u = new URL(url);
      } catch {
        return { ok: false, reason: 'address' };
      }
      const scheme = u.protocol.replace(/:$/, '');
      const port = u.port ? Number(u.port) : scheme === 'https' ? 443 : scheme === 'http' ? 80 : Number.NaN;
      return check(kind, scheme, u.hostname, port);
    },
  };
}

/** The deployment's entries plus, in demo mode, the local simulators' own address and port each. */
export function outboundAllowOf(config: { outboundAllow: readonly string[]; demo: boolean; simulators: Record<string, string> }): string[] {
  const simulators = config.demo
    ? Object.values(config.simulators).flatMap((url) => {
        try {
          const u = new URL(url);
          const port = u.port || (u.protocol === 'https:' ? '443' : u.protocol === 'http:' ? '80' : '');
          // An IPv6 host comes bracketed ('[::1]'), as an entry with a port is written.
          return port ? [`${u.hostname}:${port}`] : [];
        } catch {
          return [];
        }
      })
    : [];
  return [...config.outboundAllow, ...simulators];
}

/** What a test button says about a refusal or failure: short, the portal's words, never the other side's. */
export const outboundReasons = {
  policy: 'địa chỉ không được phép theo chính sách kết nối ra ngoài',
  timeout: 'quá thời gian chờ',
  unreachable: 'không kết nối được',
  authentication: 'sai tài khoản hoặc mật khẩu',
} as const;

/**
 * Runs a test call so that every failure takes the same time (`budgetMs`): a port that refuses at once, a server that
 * answers something else and a silent one are told apart neither by their words nor by their timing.
 */
export async function answerAlike<T extends { ok: boolean }>(budgetMs: number, run: () => Promise<T>): Promise<T> {
  const started = Date.now();
  const result = await run();
  if (!result.ok) {
    const left = budgetMs - (Date.now() - started);
    if (left > 0) await new Promise((resolve) => setTimeout(resolve, left));
  }
  return result;
}

/** A service address as compared: scheme, host, port and path, without a trailing '/'; null when it is not a URL. */
export function serviceAddress(url: string): string | null {
  try {
    const u = new URL(url.trim());
    return `${u.protocol}//${u.host}${u.pathname.replace(/\/+$/, '')}`;
  } catch {
    return null;
  }
}

/**
 * The file-transfer control API addresses fixed by the deployment (the service `npm start` runs or the environment
 * names, SIM_FILE_TRANSFER_URL, then FILE_TRANSFER_URLS), the only places its key is ever sent; the first is used
 * while urlSFTP is empty. An address typed on the screen (urlSFTP) is
 * one of these or is refused.
 */
export function fileTransferAddresses(config: { fileTransferUrls: readonly string[]; simulators: Record<string, string> }): string[] {
  // The environment's service first: it is the one used while urlSFTP is empty.
  const all = [...(config.simulators.file_transfer ? [config.simulators.file_transfer] : []), ...config.fileTransferUrls];
  return [...new Set(all.map(serviceAddress).filter((a): a is string => a !== null))];
}

export const isListedAddress = (list: readonly string[], url: string) => {
  const a = serviceAddress(url);
  return a !== null && list.includes(a);
};

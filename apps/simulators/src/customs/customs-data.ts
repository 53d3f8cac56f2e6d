/**
 * The customs simulator's declarations, derived deterministically so every run (and the portal's
 * demo data, which uses the same vessel names and office codes) sees the same answers:
 * - a few fixed demo declarations, one per status code (listed in README / tests);
 * - any other 12-digit declaration number with a known office code resolves to a declaration whose
 *   containers, vessel and status follow from a hash of the number; other inputs are unknown.
 * 363 answers are derived from the container number the same way, on the vessel the portal names.
 */

export const customsOffices = ['02CI', '03EE', '51CI', '03CC', '02IK', '01B1', '03TG', '43K1'] as const;

/** The demo data's vessel names (apps/server/src/db/seed/demo-data.ts). */
const vesselNames = [
  'MSC ANNA',
  'MAERSK HAI PHONG',
  'CMA CGM TAGE',
  'ONE HARMONY',
  'EVER BLOOM',
  'COSCO HAIPHONG',
  'OOCL BANGKOK',
  'YM UNITY',
  'WAN HAI 512',
  'SITC HAIPHONG',
];
const ownerPrefixes = ['MSCU', 'MAEU', 'CMAU', 'HLXU', 'ONEU', 'EGHU', 'CSNU', 'OOLU', 'YMLU', 'WHLU'];

/** Status codes with their weight in derived answers; 'XCTQ' stands for a code the portal does not know. */
const statusWeights: [string, number][] = [
  ['TQ', 40],
  ['GPH', 15],
  ['MHBQ', 10],
  ['CCK', 10],
  ['KHH', 8],
  ['NA', 12],
  ['XCTQ', 5],
];

export const responseTexts: Record<string, string> = {
  TQ: 'Tờ khai đã thông quan',
  GPH: 'Tờ khai đã được giải phóng hàng',
  MHBQ: 'Tờ khai được phép mang hàng về bảo quản',
  CCK: 'Hàng hóa phải chuyển địa điểm kiểm tra',
  KHH: 'Chờ thông quan sau kiểm tra hộ chủ hàng',
  NA: 'Container không đủ điều kiện qua khu vực giám sát',
  XCTQ: 'Tờ khai đang chờ xử lý tại chi cục',
};

export interface CustomsContainer {
  CntrNo: string;
  CustomsStatus: string;
  ResponseText: string;
  TransportIdentity: string;
  NumberOfJourney: string;
  ArrivalDeparture: string;
  BLNo: string;
}

export interface CustomsDeclaration {
  customsAppNo: string;
  declOffice: string;
  customsStatus: string;
  responseText: string;
  containers: CustomsContainer[];
}

/** FNV-1a: a stable 32-bit hash of a text. */
export function hashText(text: string): number {
  let h = 0x811c9dc5;
  for (let i = 0; i < text.length; i++) {
    h ^= text.charCodeAt(i);
    h = Math.imul(h, 0x01000193) >>> 0;
  }
  return h >>> 0;
}

function stream(seed: number) {
  let a = seed >>> 0;
  return () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = Math.imul(a ^ (a >>> 15), a | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

/** ISO 6346 check digit (letters A=10 … skipping multiples of 11). */
function containerNo(owner: string, serial: number): string {
  const first10 = `${owner}${String(serial).padStart(6, '0')}`;
  let sum = 0;
  for (let i = 0; i < 10; i++) {
    const ch = first10[i] as string;
    let v = /[A-Z]/.test(ch) ? ch.charCodeAt(0) - 55 : Number(ch);
    if (/[A-Z]/.test(ch)) v += Math.floor((v - 1) / 10);
    sum += v * 2 ** i;
  }
  return `${first10}${(sum % 11) % 10}`;
}

function pickStatus(x: number): string {
  const total = statusWeights.reduce((s, [, w]) => s + w, 0);
  let n = x * total;
  for (const [code, w] of statusWeights) {
    if (n < w) return code;
    n -= w;
  }
  return 'TQ';
}

const DAY = 86_400_000;

/** Arrival dates are recent relative to `now` so the demo looks current. */
function declarationFromSeed(
  declareNo: string,
  office: string,
  now: number,
  forced?: string,
  fixed?: { containers: readonly string[]; bl: string },
): CustomsDeclaration {
  const next = stream(hashText(`${declareNo}|${office}`));
  const status = forced ?? pickStatus(next());
  const vessel = vesselNames[Math.floor(next() * vesselNames.length)] as string;
  const arrival = new Date(Math.floor((now - Math.floor(next() * 20) * DAY) / 3_600_000) * 3_600_000);
  const yy = arrival.getUTCFullYear() % 100;
  const voyage = `${yy}${String(Math.floor(next() * 52) + 1).padStart(2, '0')}N`;
  const count = 1 + Math.floor(next() * 4);
  const owner = ownerPrefixes[Math.floor(next() * ownerPrefixes.length)] as string;
  const bl = `${owner.slice(0, 3)}${100000000 + Math.floor(next() * 899999999)}`;
  const containers: CustomsContainer[] = [];
  // A declaration of the portal's demo yard names its containers (and every one has the declaration's status).
  for (const no of fixed?.containers ?? []) {
    containers.push({
      CntrNo: no,
      CustomsStatus: status,
      ResponseText: responseTexts[status] ?? status,
      TransportIdentity: vessel,
      NumberOfJourney: voyage,
      ArrivalDeparture: arrival.toISOString(),
      BLNo: fixed?.bl ?? bl,
    });
  }
  for (let i = 0; !fixed && i < count; i++) {
    // Most containers share the declaration's status; an inspected one may differ.
    const own = forced || next() < 0.8 ? status : pickStatus(next());
    containers.push({
      CntrNo: containerNo(owner, 100000 + Math.floor(next() * 899999)),
      CustomsStatus: own,
      ResponseText: responseTexts[own] ?? own,
      TransportIdentity: vessel,
      NumberOfJourney: voyage,
      ArrivalDeparture: arrival.toISOString(),
      BLNo: bl,
    });
  }
  return { customsAppNo: declareNo, declOffice: office, customsStatus: status, responseText: responseTexts[status] ?? status, containers };
}

/**
 * Fixed demo declarations: one per status, for guides, demos and tests; the last two cover the portal's demo yard
 * containers customs holds (apps/server/src/db/seed/port-containers.data.ts demoYard.held, bill MEDUHP2611003).
 */
export const demoDeclarations: readonly {
  declareNo: string;
  office: string;
  status: string;
  containers?: readonly string[];
  bl?: string;
}[] = [
  { declareNo: '305123456710', office: '03EE', status: 'TQ' },
  { declareNo: '305123456720', office: '03EE', status: 'MHBQ' },
  { declareNo: '104987654320', office: '02CI', status: 'GPH' },
  { declareNo: '104987654330', office: '02CI', status: 'CCK' },
  { declareNo: '106555444330', office: '51CI', status: 'KHH' },
  { declareNo: '106555444340', office: '51CI', status: 'NA' },
  { declareNo: '106555444350', office: '51CI', status: 'XCTQ' },
  {
    declareNo: '107261120100',
    office: '03EE',
    status: 'TQ',
    containers: [containerNo('MSCU', 261201), containerNo('MSCU', 261202)],
    bl: 'MEDUHP2611003',
  },
  { declareNo: '107261120200', office: '03EE', status: 'NA', containers: [containerNo('MSCU', 261203)], bl: 'MEDUHP2611003' },
];

/** The declaration customs knows under this number and office, or null. */
export function findDeclaration(declareNo: string, office: string, now = Date.now()): CustomsDeclaration | null {
  const no = declareNo.trim().toUpperCase();
  const off = office.trim().toUpperCase();
  const fixed = demoDeclarations.find((d) => d.declareNo === no && d.office === off);
  if (fixed)
    return declarationFromSeed(
      no,
      off,
      now,
      fixed.status,
      fixed.containers ? { containers: fixed.containers, bl: fixed.bl ?? '' } : undefined,
    );
  if (!/^\d{12}$/.test(no) || !(customsOffices as readonly string[]).includes(off)) return null;
  // One number in ten is not registered at that office.
  if (hashText(`${no}#${off}`) % 10 === 0) return null;
  return declarationFromSeed(no, off, now);
}

export interface EligibilityRow {
  customsStatus: string;
  msg: string;
  cntrNo: string;
  blNo: string;
  declOffice: string;
  customsAppNo: string;
  vslNm: string;
  journeyNumber: string;
  eta: string | null;
}

/** 363: a container on the named voyage, with the declaration that covers it (derived from the number). */
export function eligibility(cntrNo: string, vessel: { vesselName: string; voyage: string; arrival: string | null }): EligibilityRow {
  const no = cntrNo.trim().toUpperCase();
  const next = stream(hashText(`363|${no}`));
  if (!/^[A-Z]{4}\d{7}$/.test(no)) {
    return {
      customsStatus: 'NA',
      msg: 'Số container không hợp lệ',
      cntrNo: no,
      blNo: '',
      declOffice: '',
      customsAppNo: '',
      vslNm: vessel.vesselName,
      journeyNumber: vessel.voyage,
      eta: vessel.arrival,
    };
  }
  const status = pickStatus(next());
  const office = customsOffices[Math.floor(next() * customsOffices.length)] as string;
  return {
    customsStatus: status,
    msg: responseTexts[status] ?? status,
    cntrNo: no,
    blNo: `${no.slice(0, 3)}${100000000 + Math.floor(next() * 899999999)}`,
    declOffice: office,
    customsAppNo: String(100000000000 + Math.floor(next() * 899999999999)),
    vslNm: vessel.vesselName,
    journeyNumber: vessel.voyage,
    eta: vessel.arrival,
  };
}

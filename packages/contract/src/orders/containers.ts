import { z } from 'zod';

/** ISO 6346 letter values: A=10 … Z=38, skipping multiples of 11. */
function letterValue(c: string): number {
  let v = c.charCodeAt(0) - 65 + 10;
  v += Math.floor((v - 1) / 10);
  return v;
}

/** ISO 6346 check digit of the first ten characters (owner code, category, serial). */
export function containerCheckDigit(first10: string): number {
  let sum = 0;
  for (let i = 0; i < 10; i++) {
    const ch = first10[i] as string;
    sum += (/[A-Z]/.test(ch) ? letterValue(ch) : Number(ch)) * 2 ** i;
  }
  return (sum % 11) % 10;
}

/** A container number of an owner code (4 letters) and a 6-digit serial, with its check digit. */
export function containerNumber(owner: string, serial: number): string {
  const first10 = `${owner}${String(serial).padStart(6, '0')}`;
  return `${first10}${containerCheckDigit(first10)}`;
}

/** The container number as typed, without spaces or dashes, upper case. */
export const normalizeContainerNo = (v: string) => v.replace(/[\s-]+/g, '').toUpperCase();

/**
 * What is wrong with a container number (ISO 6346: 3-letter owner, category U/J/Z, 6 digits, check digit),
 * in Vietnamese, or null when it is valid. Shared by the order screens and the server.
 */
export function containerNoProblem(raw: string): string | null {
  const v = normalizeContainerNo(raw);
  if (!v) return 'Vui lòng nhập số container';
  if (!/^[A-Z]{3}[UJZ]\d{7}$/.test(v))
    return `Số container "${v}" không đúng định dạng ISO 6346 (4 chữ cái, kết thúc bằng U/J/Z, và 7 chữ số)`;
  const digit = containerCheckDigit(v.slice(0, 10));
  if (Number(v[10]) !== digit) return `Số container "${v}" sai số kiểm tra (chữ số cuối phải là ${digit})`;
  return null;
}

/**
 * ISO 6346 size-type code (e.g. 22G1, 45G1, 22R1): length code, height/width code, type group letter, detail digit.
 * Returns a Vietnamese problem or null.
 */
export function isoSizetypeProblem(raw: string): string | null {
  const v = raw.trim().toUpperCase();
  if (!v) return 'Vui lòng nhập kích cỡ ISO';
  if (!/^[1-9ABCDEFGHKLMNP][0-9CDEFLMNP][GVBSRHUPTAK][0-9]$/.test(v))
    return `Kích cỡ ISO "${v}" không hợp lệ (ví dụ 22G1, 42G1, 45G1, 22R1)`;
  return null;
}

/** TEU of an ISO size type: length code 1 → 10 ft (0.5 → counted 1), 2 → 20 ft (1), 4/L/M → 40–45 ft (2). */
export function teuOf(isoSizetype: string): number {
  const c = isoSizetype.trim().toUpperCase()[0];
  return c === '4' || c === 'L' || c === 'M' || c === 'P' || c === 'N' ? 2 : 1;
}

/** Size group used by tariffs: '20', '40' or '45' from the ISO length code. */
export function contSizeOf(isoSizetype: string): '20' | '40' | '45' {
  const c = isoSizetype.trim().toUpperCase()[0];
  if (c === 'L' || c === 'M' || c === 'P' || c === 'N') return '45';
  if (c === '4') return '40';
  return '20';
}

/** Whether an ISO size type is a reefer (type group R). */
export const isReeferSizetype = (isoSizetype: string) => isoSizetype.trim().toUpperCase()[2] === 'R';

const kgFormat = new Intl.NumberFormat('vi-VN');
/** 30480 → '30.480'. */
const kg = (n: number) => kgFormat.format(n);

/**
 * Container weights are kilograms everywhere (the VGM of SOLAS VI/2 is declared in kg). When given, a row's weight is
 * at least `minKg` (no container weighs less than its own tare) and at most the maximum gross mass of its ISO length
 * (ISO 668: 20' 30,480 kg; 40' and 45' 32,500 kg); a size not known yet is held to the largest. docs/decisions.md
 * "Container weights".
 */
export const containerWeightLimits = {
  minKg: 1_000,
  maxGrossKg: { '20': 30_480, '40': 32_500, '45': 32_500 },
} as const;

export const weightMessages = {
  notNumber: 'Trọng lượng (kg) phải là số',
  negative: 'Trọng lượng (kg) không được âm',
  tooLight: `Trọng lượng (kg) tối thiểu ${kg(containerWeightLimits.minKg)} kg (trọng lượng vỏ container đã lớn hơn); trọng lượng nhập theo kg, không theo tấn`,
  tooHeavy: (size: string, max: number) => `Trọng lượng (kg) của container ${size}' tối đa ${kg(max)} kg`,
  tooHeavyAny: (max: number) => `Trọng lượng (kg) tối đa ${kg(max)} kg`,
} as const;

/** What is wrong with a row's weight (kg) for its size, in Vietnamese, or null (none given is not a problem). */
export function weightProblem(row: { IsoSizetype?: string | null; MCWeight?: number | null }): string | null {
  const w = row.MCWeight;
  if (w == null) return null;
  if (!Number.isFinite(w)) return weightMessages.notNumber;
  if (w < 0) return weightMessages.negative;
  if (w < containerWeightLimits.minKg) return weightMessages.tooLight;
  const iso = (row.IsoSizetype ?? '').trim();
  const limits = containerWeightLimits.maxGrossKg;
  if (iso && !isoSizetypeProblem(iso)) {
    const size = contSizeOf(iso);
    if (w > limits[size]) return weightMessages.tooHeavy(size, limits[size]);
    return null;
  }
  const largest = Math.max(...Object.values(limits));
  if (w > largest) return weightMessages.tooHeavyAny(largest);
  return null;
}

/** Reefer plug hours one order may ask for (a year). */
export const plugHourLimits = { max: 24 * 365 } as const;
export const plugHourMessages = {
  notNumber: 'Số giờ cắm điện lạnh phải là số',
  range: `Số giờ cắm điện lạnh từ 0 đến ${kg(plugHourLimits.max)}`,
  notForType: 'Giờ cắm điện lạnh chỉ nhập cho lệnh đóng hàng, rút hàng và lệnh dịch vụ (lệnh lấy container tính từ ngày vào bãi)',
  notReefer: (containerNo: string) => `Container ${containerNo} không phải container lạnh: không nhập giờ cắm điện lạnh`,
} as const;

const opt = (max: number, label: string) =>
  z
    .string()
    .trim()
    .max(max, `${label} tối đa ${max} ký tự`)
    .nullish()
    .transform((v) => (v ? v : null));
const optInt = (label: string, min: number, max: number) =>
  z.coerce
    .number({ error: `${label} phải là số` })
    .int(`${label} phải là số nguyên`)
    .min(min, `${label} tối thiểu ${min}`)
    .max(max, `${label} tối đa ${max}`)
    .nullish()
    .transform((v) => (v == null ? null : v));

/**
 * One container of an order as the screen sends it (typed or imported from Excel). The server checks each row and
 * answers a problem naming the row (`Dòng N: …`). The size may be given as the operator's own size code (size-type
 * config) or as the ISO size type. Cargo-type extras per spec 02 §3.
 */
export const orderContainerInput = z
  .object({
    ContainerNo: z.string().trim().max(20, 'Số container tối đa 20 ký tự'),
    IsoSizetype: z.string().trim().max(10, 'Kích cỡ tối đa 10 ký tự'),
    FE: z.enum(['F', 'E'], { error: 'Hàng/Rỗng phải là F hoặc E' }).nullish(),
    CargoTypeCode: opt(10, 'Loại hàng'),
    IsLocalForeign: z.enum(['L', 'F'], { error: 'Nội/Ngoại phải là L hoặc F' }).nullish(),
    Commodity: opt(200, 'Mặt hàng'),
    /** Gross weight in kilograms (the VGM); bounds in `containerWeightLimits`, checked by the row's refinement below. */
    MCWeight: z.coerce
      .number({ error: weightMessages.notNumber })
      .nullish()
      .transform((v) => (v == null ? null : v)),
    SealNo: opt(30, 'Số seal'),
    POL: opt(5, 'Cảng xếp'),
    POD: opt(5, 'Cảng dỡ'),
    FPOD: opt(5, 'Cảng đích'),
    Temperature: z.coerce
      .number({ error: 'Nhiệt độ phải là số' })
      .min(-60, 'Nhiệt độ từ -60 đến 40 °C')
      .max(40, 'Nhiệt độ từ -60 đến 40 °C')
      .nullish()
      .transform((v) => (v == null ? null : v)),
    Vent: opt(10, 'Thông gió'),
    VentUnit: opt(10, 'Đơn vị thông gió'),
    Class: opt(10, 'Class (IMO)'),
    Unno: opt(10, 'UN No'),
    OogTop: optInt('Quá khổ trên', 0, 10_000),
    OogLeft: optInt('Quá khổ trái', 0, 10_000),
    OogRight: optInt('Quá khổ phải', 0, 10_000),
    OogBack: optInt('Quá khổ sau', 0, 10_000),
    OogFront: optInt('Quá khổ trước', 0, 10_000),
    /**
     * Reefer plug hours the customer expects for a reefer worked in the yard (stuffing, unstuffing, services), priced by
     * the tariff engine. Other order types do not take them (a pickup's hours run from the yard's DateIn): refused there.
     */
    PlugHours: z.coerce
      .number({ error: plugHourMessages.notNumber })
      .min(0, plugHourMessages.range)
      .max(plugHourLimits.max, plugHourMessages.range)
      .nullish(),
  })
  .superRefine((row, ctx) => {
    // The weight's bounds depend on the row's size: checked on the row, reported on its weight ('Dòng N: …').
    const problem = weightProblem(row);
    if (problem) ctx.addIssue({ code: 'custom', path: ['MCWeight'], message: problem });
  });
export type OrderContainerInput = z.output<typeof orderContainerInput>;

/** A container row after the server's check: normalised, with what the port knows of it. */
export const checkedContainer = z.object({
  /** 1-based row number as sent (the sheet row for an import is the screen's concern). */
  Row: z.number().int(),
  ContainerNo: z.string(),
  IsoSizetype: z.string(),
  /** The operator's own size code when one was given (size-type config), else null. */
  LocalSizetype: z.string().nullable(),
  Teu: z.number().int(),
  FE: z.enum(['F', 'E']),
  CargoTypeCode: z.string(),
  CargoTypeName: z.string().nullable(),
  IsLocalForeign: z.enum(['L', 'F']),
  Commodity: z.string().nullable(),
  MCWeight: z.number().nullable(),
  SealNo: z.string().nullable(),
  POL: z.string().nullable(),
  POD: z.string().nullable(),
  FPOD: z.string().nullable(),
  Temperature: z.number().nullable(),
  Vent: z.string().nullable(),
  VentUnit: z.string().nullable(),
  Class: z.string().nullable(),
  Unno: z.string().nullable(),
  OogTop: z.number().nullable(),
  OogLeft: z.number().nullable(),
  OogRight: z.number().nullable(),
  OogBack: z.number().nullable(),
  OogFront: z.number().nullable(),
  PlugHours: z.number().nullable(),
  /** When the container entered the yard (pickups: from the port's records), ISO string. */
  DateIn: z.string().nullable(),
  /**
   * The port holds the container: its size, full/empty, operator and cargo type are the yard's record (the grid shows
   * them read-only), whatever was typed.
   */
  FromYard: z.boolean(),
  /**
   * Customs holds the container (pickups of foreign goods whose last customs status is not a release status): the
   * order waits in 'Duyệt lệnh' and is neither approved nor sent to the TOS until customs releases it. Null when the
   * rule does not apply.
   */
  CusHold: z.boolean().nullable(),
  /** The line's eDO that releases the container to this order's payer (import pickups of a line on eDO), else null. */
  EdoNo: z.string().nullable(),
  /** Problems of this row (empty = the row can be ordered), each a full Vietnamese sentence starting 'Dòng N: '. */
  problems: z.array(z.string()),
  /** Notes that do not block (e.g. the dangerous-goods alert text of the IMO list). */
  notes: z.array(z.string()),
});
export type CheckedContainer = z.infer<typeof checkedContainer>;

import { z } from 'zod';
import { menuAccess } from '../access';
import { defineCall } from '../call';
import type { GridColumn } from '../grid/columns';
import { replyWith } from '../reply';

/** Spec 03 §9: the comparison screen sends its rows in batches of 70. */
export const COMPARE_BATCH_SIZE = 70;

/** Spec 03 §4: the fields that must equal the port's record for a row to be 'OK'. */
export const comparedFields = [
  'ClassName',
  'IsoSizetype',
  'OperationCode',
  'FE',
  'DateIn',
  'DateOut',
  'VesselName',
  'VesselExVoy',
  'BLNo',
  'VesselImVoy',
  'ContainerStatusName',
  'BookingNo',
] as const;
export type ComparedField = (typeof comparedFields)[number];

export const compareStatuses = ['OK', 'ERROR', 'NONE'] as const;
export type CompareStatus = (typeof compareStatuses)[number];

/** Spec 03 §4 labels. */
export const compareStatusLabels: Record<CompareStatus, string> = { OK: 'Trùng khớp', ERROR: 'Sai Khác', NONE: 'Không tồn tại' };

/**
 * The comparison row (spec 03 §3) as the grid shows it and as the Excel import reads it: the
 * titles are the import headers (field names are accepted too) and the export headers.
 */
export const compareColumns: readonly GridColumn[] = [
  { field: 'ContainerNo', title: 'Số container', type: 'text', width: 130 },
  { field: 'ClassName', title: 'Hướng', type: 'text', width: 100 },
  { field: 'IsoSizetype', title: 'Kích cỡ ISO', type: 'text', width: 90 },
  { field: 'OperationCode', title: 'Hãng khai thác', type: 'text', width: 90 },
  { field: 'FE', title: 'Hàng/Rỗng', type: 'text', width: 80 },
  { field: 'DateIn', title: 'Ngày vào bãi', type: 'datetime', width: 140 },
  { field: 'DateOut', title: 'Ngày ra bãi', type: 'datetime', width: 140 },
  { field: 'VesselName', title: 'Tên tàu', type: 'text', width: 150 },
  { field: 'VesselImVoy', title: 'Chuyến nhập', type: 'text', width: 90 },
  { field: 'VesselExVoy', title: 'Chuyến xuất', type: 'text', width: 90 },
  { field: 'BLNo', title: 'Số vận đơn', type: 'text', width: 130 },
  { field: 'BookingNo', title: 'Số booking', type: 'text', width: 130 },
  { field: 'ContainerStatusName', title: 'Trạng thái container', type: 'text', width: 170 },
  { field: 'VesselCode', title: 'Mã tàu', type: 'text', width: 90 },
  { field: 'CallSeq', title: 'Lượt cập', type: 'text', width: 80 },
  { field: 'CallYear', title: 'Năm cập', type: 'text', width: 80 },
  {
    field: 'CompareStatus',
    title: 'Kết quả đối chiếu',
    type: 'enum',
    readOnly: true,
    width: 130,
    options: compareStatuses.map((s) => ({ value: s, label: compareStatusLabels[s] })),
  },
];

const text = (max: number, label: string) =>
  z
    .string({ error: `${label} phải là chuỗi ký tự` })
    .trim()
    .max(max, `${label} tối đa ${max} ký tự`)
    .nullish()
    .transform((v) => v || null);

/** An instant (ISO text as the web sends it, or a Date); blank is none. */
const instant = (label: string) =>
  z
    .union([z.string(), z.date()], { error: `${label} không hợp lệ` })
    .nullish()
    .transform((v, ctx) => {
      if (v === undefined || v === null || v === '') return null;
      const d = v instanceof Date ? v : new Date(v);
      if (Number.isNaN(d.getTime())) {
        ctx.addIssue({ code: 'custom', message: `${label} không hợp lệ` });
        return z.NEVER;
      }
      return d;
    });

/** One spreadsheet row to check. The container number is read without spaces, in upper case. */
export const compareRowInput = z.object({
  ContainerNo: z
    .string({ error: 'Vui lòng nhập số container' })
    .transform((v) => v.replace(/\s+/g, '').toUpperCase())
    .pipe(
      z
        .string()
        .min(1, 'Vui lòng nhập số container')
        .max(20, 'Số container tối đa 20 ký tự')
        .regex(/^[A-Z0-9]+$/, 'Số container chỉ gồm chữ cái và chữ số'),
    ),
  ClassName: text(100, 'Hướng'),
  IsoSizetype: text(10, 'Kích cỡ ISO'),
  OperationCode: text(20, 'Hãng khai thác'),
  FE: text(10, 'Hàng/Rỗng'),
  DateIn: instant('Ngày vào bãi'),
  DateOut: instant('Ngày ra bãi'),
  VesselName: text(200, 'Tên tàu'),
  VesselImVoy: text(30, 'Chuyến nhập'),
  VesselExVoy: text(30, 'Chuyến xuất'),
  BLNo: text(50, 'Số vận đơn'),
  BookingNo: text(50, 'Số booking'),
  ContainerStatusName: text(200, 'Trạng thái container'),
  VesselCode: text(30, 'Mã tàu'),
  CallSeq: text(20, 'Lượt cập'),
  CallYear: text(10, 'Năm cập'),
});
export type CompareRowInput = z.output<typeof compareRowInput>;

/** The port's own record of a container (its latest visit among the caller's terminals). */
export const portContainerRecord = z.object({
  TerminalCode: z.string(),
  ContainerNo: z.string(),
  ClassName: z.string().nullable(),
  IsoSizetype: z.string().nullable(),
  OperationCode: z.string().nullable(),
  FE: z.string().nullable(),
  DateIn: z.string().nullable(),
  DateOut: z.string().nullable(),
  VesselName: z.string().nullable(),
  VesselImVoy: z.string().nullable(),
  VesselExVoy: z.string().nullable(),
  BLNo: z.string().nullable(),
  BookingNo: z.string().nullable(),
  ContainerStatusName: z.string().nullable(),
  VesselCode: z.string().nullable(),
  CallSeq: z.string().nullable(),
  CallYear: z.string().nullable(),
});
export type PortContainerRecord = z.infer<typeof portContainerRecord>;

/** A checked row: what was sent (dates as ISO text), the port's record, the status and the differing fields. */
export const compareRowResult = compareRowInput.omit({ DateIn: true, DateOut: true }).extend({
  DateIn: z.string().nullable(),
  DateOut: z.string().nullable(),
  loaded: portContainerRecord.nullable(),
  CompareStatus: z.enum(compareStatuses),
  DiffFields: z.array(z.enum(comparedFields)),
  /**
   * A 'NONE' row whose container the port has at a terminal that was not compared: `terminals` names those among
   * the caller's own terminals; `outside` says only that one outside the caller's terminals has it (nothing more
   * of that terminal is told: docs/decisions.md). Null when the row is not 'NONE' or no terminal has the container.
   */
  elsewhere: z.object({ terminals: z.array(z.string()), outside: z.boolean() }).nullable(),
});
export type CompareRowResult = z.infer<typeof compareRowResult>;

/** `common/checkContaierData` (spec 03 §7, spelt so): one batch of up to 70 rows, answered in the order sent. */
export const checkContaierData = defineCall({
  path: 'common/checkContaierData',
  module: 'compare',
  summary: 'Đối chiếu dữ liệu container (tối đa 70 dòng mỗi lần) với dữ liệu của cảng',
  access: menuAccess('CAT_COMPARE'),
  request: z.object({
    data: z
      .array(compareRowInput, { error: 'Danh sách container phải là một mảng' })
      .min(1, 'Chưa có container nào để đối chiếu')
      .max(COMPARE_BATCH_SIZE, `Mỗi lần đối chiếu tối đa ${COMPARE_BATCH_SIZE} container`),
    /** Only this terminal (one of the caller's); all of the caller's terminals when absent. */
    TerminalCode: z.string().trim().toUpperCase().max(10, 'Mã cảng tối đa 10 ký tự').optional(),
  }),
  response: replyWith({ data: z.array(compareRowResult).optional() }),
});

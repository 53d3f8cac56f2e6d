import { z } from 'zod';
import { defineGrid } from '../grid/resource';

export const vesselScheduleRow = z.object({
  VesselKey: z.string(),
  TerminalCode: z.string(),
  VesselName: z.string(),
  VesselImVoy: z.string(),
  VesselExVoy: z.string(),
  OperationCode: z.string().nullable(),
  ETA: z.string().nullable(),
  ETB: z.string().nullable(),
  ETD: z.string().nullable(),
});
export type VesselScheduleRow = z.infer<typeof vesselScheduleRow>;

const DAY = 86_400_000;

/** A date in the filter; absent or blank → `fallback()` (read when the request is parsed). */
const filterDate = (fallback: () => Date) =>
  z
    .union([z.string(), z.date()])
    .optional()
    .transform((v, ctx) => {
      if (v === undefined || v === '') return fallback();
      const d = v instanceof Date ? v : new Date(v);
      if (Number.isNaN(d.getTime())) {
        ctx.addIssue({ code: 'custom', message: 'Ngày không hợp lệ' });
        return z.NEVER;
      }
      return d;
    });

/**
 * /common/vessel_schedule (spec 03 §7 `common/getVesselScheduleList`): vessel calls of the caller's terminals, read
 * only, by terminal, vessel name and a range of berthing (ETB); without dates, a week back to a month ahead.
 */
export const vesselScheduleGrid = defineGrid({
  name: 'vessel_schedule',
  module: 'catalogs',
  title: 'Lịch tàu',
  menu: 'CAT_VESSEL_SCHEDULE',
  table: 'vessel_voyages',
  paths: {
    get: {
      path: 'common/getVesselScheduleList',
      // The configuration screens pick voyages from it too.
      menus: ['CAT_VESSEL_SCHEDULE', 'CFG_ATTACH', 'CFG_FREE_DAY', 'CFG_APPROVAL'],
    },
  },
  scope: { kind: 'terminal', field: 'TerminalCode' },
  filter: {
    schema: z.object({
      TerminalCode: z.string().trim().max(10).optional(),
      VesselName: z.string().trim().max(100).optional(),
      FromDate: filterDate(() => new Date(Date.now() - 7 * DAY)),
      ToDate: filterDate(() => new Date(Date.now() + 30 * DAY)),
      // Set by a screen that asked for this lookup (spec 03 §7); the server ignores it.
      Rowguid: z.string().max(64).optional(),
    }),
    where: { VesselName: 'contains', FromDate: { op: 'gte', field: 'ETB' }, ToDate: { op: 'lte', field: 'ETB' } },
  },
  row: vesselScheduleRow,
  key: ['VesselKey'],
  order: ['ETB'],
  limit: 2000,
  columns: [
    { field: 'TerminalCode', title: 'Cảng', type: 'text', width: 90 },
    { field: 'VesselName', title: 'Tên tàu', type: 'text', width: 200 },
    { field: 'VesselImVoy', title: 'Chuyến nhập', type: 'text', width: 110 },
    { field: 'VesselExVoy', title: 'Chuyến xuất', type: 'text', width: 110 },
    { field: 'OperationCode', title: 'Hãng khai thác', type: 'text', width: 110 },
    { field: 'ETA', title: 'ETA', type: 'datetime' },
    { field: 'ETB', title: 'ETB', type: 'datetime' },
    { field: 'ETD', title: 'ETD', type: 'datetime' },
  ],
  actions: { add: false, delete: false, save: false, import: false },
  height: '50vh',
});

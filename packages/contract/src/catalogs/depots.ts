import { z } from 'zod';
import { flag, lookupOf, optionalText, requiredText, rowguid } from '../grid/columns';
import { defineGrid } from '../grid/resource';
import { getTerminalList } from '../shell/calls';

/**
 * 'Danh mục depot': the empty-container depots of a terminal (issue 26). With the terminal's 'Hiển thị chọn depot'
 * (DepotSelect) on, an empty pickup or empty return order names one of its active depots; the order is priced with the
 * depot's own lift charge ('Phí nâng/hạ tại depot', VND per container, before VAT: one surcharge line per container)
 * and sent to the TOS with the depot (docs/decisions.md 'Depots').
 */
export const depotMessages = {
  required: 'Vui lòng chọn depot',
  notOffered: (terminal: string) =>
    `Cảng ${terminal} không sử dụng chọn depot (Cấu hình cảng: 'Hiển thị chọn depot' đang tắt), vui lòng bỏ chọn depot.`,
  wrongType: (title: string) => `Lệnh '${title}' không chọn depot, vui lòng bỏ chọn depot.`,
  unknown: (code: string, terminal: string) => `Depot ${code} không thuộc danh mục depot đang hoạt động của cảng ${terminal}.`,
  charge: 'Phí nâng/hạ tại depot phải là số nguyên không âm (VNĐ)',
} as const;

/** The order types that may name a depot: the empties that leave or come back (empty pickup, empty return). */
export const depotOrderTypes = ['empty_pickup', 'pre_advice'] as const;

export const depotCatalog = defineGrid({
  name: 'depot',
  module: 'catalogs',
  title: 'Danh mục depot',
  menu: 'CAT_DEPOT',
  table: 'depots',
  paths: { get: 'common/getDepotList', update: 'common/updateDepotList', delete: 'common/deleteDepotList' },
  scope: { kind: 'terminal', field: 'TerminalCode' },
  references: { DepotCode: [{ table: 'orders', field: 'DepotCode', usedBy: 'lệnh' }] },
  row: z.object({
    Rowguid: rowguid,
    TerminalCode: requiredText(10, 'Mã cảng').transform((v) => v.toUpperCase()),
    DepotCode: requiredText(20, 'Mã depot').transform((v) => v.toUpperCase()),
    DepotName: requiredText(200, 'Tên depot'),
    Address: optionalText(500, 'Địa chỉ'),
    LiftCharge: z.coerce
      .number({ error: depotMessages.charge })
      .int(depotMessages.charge)
      .min(0, depotMessages.charge)
      .max(1_000_000_000, depotMessages.charge)
      .default(0),
    IsActive: flag,
  }),
  key: ['TerminalCode', 'DepotCode'],
  columns: [
    { field: 'TerminalCode', title: 'Mã cảng', type: 'enum', lookup: lookupOf(getTerminalList, 'TerminalCode'), width: 100 },
    { field: 'DepotCode', title: 'Mã depot', type: 'text', width: 120 },
    { field: 'DepotName', title: 'Tên depot', type: 'text', width: 260 },
    { field: 'Address', title: 'Địa chỉ', type: 'text', width: 320 },
    { field: 'LiftCharge', title: 'Phí nâng/hạ tại depot (VNĐ/cont)', type: 'number', width: 200 },
    { field: 'IsActive', title: 'Hoạt động', type: 'bool' },
  ],
  actions: { add: true, delete: true, save: true, import: true },
  height: '55vh',
});

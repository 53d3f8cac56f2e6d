import { z } from 'zod';
import { getOprs } from '../customs/declarations';
import { flag, lookupOf, optionalText, requiredText, rowguid } from '../grid/columns';
import { defineGrid } from '../grid/resource';

const code = (max: number, label: string) => requiredText(max, label).transform((v) => v.toUpperCase());
const optionalCode = (max: number, label: string) => optionalText(max, label).transform((v) => (v ? v.toUpperCase() : null));
/** A code where * means all (spec 03 §1); blank reads as *. */
const codeOrAll = (max: number, label: string) => optionalText(max, label).transform((v) => (v ? v.toUpperCase() : '*'));

export const sizeTypeMessages = { noOperator: 'Chưa chọn hãng khai thác !' } as const;

const operatorLookup = lookupOf(getOprs, 'OperationCode', 'OperationName');

/**
 * 'Cấu hình kích cỡ' (spec 03 §2.4, /config/size_type): choose the operator (Hãng khai thác) first, then the grid of
 * its size types (its own size code → ISO size type, cargo type codes). Listing without an operator is refused with
 * 'Chưa chọn hãng khai thác !' (spec 03 §5), on the screen and by the server.
 */
export const sizeTypeGrid = defineGrid({
  name: 'size_type',
  module: 'tosMappings',
  title: 'Cấu hình kích cỡ',
  menu: 'CFG_SIZE_TYPE',
  table: 'size_types',
  paths: { get: 'common/getSizeTypeList', update: 'common/updateSizeTypeList', delete: 'common/deleteSizeTypeList' },
  scope: { kind: 'operator', field: 'OperationCode', message: sizeTypeMessages.noOperator },
  header: {
    schema: z.object({
      OperationCode: z
        .string({ error: sizeTypeMessages.noOperator })
        .trim()
        // Blank: the server's operator scope answers sizeTypeMessages.noOperator itself (the exact text, spec 03 §5).
        .max(10, 'Mã hãng khai thác tối đa 10 ký tự')
        .transform((v) => v.toUpperCase()),
    }),
    columns: [{ field: 'OperationCode', title: 'Hãng khai thác', type: 'enum', lookup: operatorLookup, width: 240 }],
  },
  row: z.object({
    Rowguid: rowguid,
    LocalSizetype: code(10, 'Kích cỡ nội bộ'),
    IsoSizetype: code(4, 'Kích cỡ ISO').refine((v) => /^[0-9A-Z]{4}$/.test(v), 'Kích cỡ ISO gồm 4 ký tự chữ hoặc số (ví dụ 22G1)'),
    CargoTypeCode: optionalCode(10, 'Loại hàng'),
    CargoEmptyCode: optionalCode(10, 'Loại hàng rỗng'),
  }),
  key: ['OperationCode', 'LocalSizetype'],
  order: ['LocalSizetype'],
  columns: [
    { field: 'LocalSizetype', title: 'Kích cỡ nội bộ', type: 'text' },
    { field: 'IsoSizetype', title: 'Kích cỡ ISO', type: 'text' },
    { field: 'CargoTypeCode', title: 'Loại hàng', type: 'text' },
    { field: 'CargoEmptyCode', title: 'Loại hàng rỗng', type: 'text' },
  ],
  actions: { add: true, delete: true, save: true, import: true },
  height: '50vh',
});

/**
 * 'Mapping phương án' (spec 03 §3 "Mapping job mode row"): a portal job mode, by container size and cargo type (* = all),
 * as the TOS codes it. A specific size or cargo type wins over * (docs/decisions.md).
 */
export const mappingJobModeGrid = defineGrid({
  name: 'mapping_job_mode',
  module: 'tosMappings',
  title: 'Mapping phương án',
  menu: 'CFG_MAPPING_JOB_MODE',
  table: 'mapping_job_modes',
  paths: { get: 'config/getMappingJobModeList', update: 'config/updateMappingJobModeList', delete: 'config/deleteMappingJobModeList' },
  row: z.object({
    Rowguid: rowguid,
    JobModeCode: code(10, 'Mã phương án'),
    ContSize: codeOrAll(4, 'Kích cỡ').refine((v) => v === '*' || /^\d{2}$/.test(v), 'Kích cỡ là 20, 40, 45… hoặc * (tất cả)'),
    CargoTypeCode: codeOrAll(10, 'Loại hàng'),
    TosCode: requiredText(30, 'Mã TOS'),
    TosDescription: optionalText(500, 'Diễn giải TOS'),
    TosUsed: flag,
    MappingMethod: optionalCode(20, 'Phương thức mapping'),
  }),
  key: ['JobModeCode', 'ContSize', 'CargoTypeCode'],
  columns: [
    { field: 'JobModeCode', title: 'Mã phương án', type: 'text' },
    { field: 'ContSize', title: 'Kích cỡ', type: 'text', width: 100 },
    { field: 'CargoTypeCode', title: 'Loại hàng', type: 'text', width: 110 },
    { field: 'TosCode', title: 'Mã TOS', type: 'text' },
    { field: 'TosDescription', title: 'Diễn giải TOS', type: 'text', width: 240 },
    { field: 'TosUsed', title: 'TOS sử dụng', type: 'bool', width: 110 },
    { field: 'MappingMethod', title: 'Phương thức', type: 'text' },
  ],
  actions: { add: true, delete: true, save: true, import: true },
  height: '50vh',
});

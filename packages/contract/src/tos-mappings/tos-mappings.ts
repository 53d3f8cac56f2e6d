import { z } from 'zod';
import { menuAccess } from '../access';
import { defineCall } from '../call';
import { cargoTypeCatalog, jobModeCatalog } from '../catalogs/definitions';
import { getOprs } from '../customs/declarations';
import { flag, lookupOf, optionalText, requiredText, rowguid } from '../grid/columns';
import { defineGrid } from '../grid/resource';
import { noPayload, replyWith } from '../reply';

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

/** A TOS code as the TOS names its jobs and tariffs: capitals without accents and digits, parts joined by '-', '_' or '.'. */
const TOS_CODE = /^[A-Z0-9]+([-_.][A-Z0-9]+)*$/;
export const tosMappingMessages = {
  tosCode: (label: string) => `${label} chỉ gồm chữ in hoa không dấu và số, nối bằng "-", "_" hoặc "." (ví dụ LN-RF)`,
  size: 'Kích cỡ phải là 20, 40, 45 hoặc * (tất cả)',
  unknownJobMode: (row: number, code: string) => `Dòng ${row}: Phương án "${code}" không có trong danh mục phương án.`,
  unknownCargoType: (row: number, code: string) => `Dòng ${row}: Loại hàng "${code}" không có trong danh mục loại hàng.`,
  unknownTariff: (row: number, code: string) =>
    `Dòng ${row}: Mã biểu cước "${code}" không có trong biểu cước chuẩn hay biểu cước hợp đồng.`,
} as const;

/** A TOS code: required, upper-cased, in the TOS's format. */
export const tosCode = (max: number, label: string) => code(max, label).refine((v) => TOS_CODE.test(v), tosMappingMessages.tosCode(label));

const all = 'Tất cả (*)';

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
    ContSize: codeOrAll(4, 'Kích cỡ').refine((v) => ['20', '40', '45', '*'].includes(v), tosMappingMessages.size),
    CargoTypeCode: codeOrAll(10, 'Loại hàng'),
    TosCode: tosCode(30, 'Mã TOS'),
    TosDescription: optionalText(500, 'Diễn giải TOS'),
    // A new mapping is used by the TOS delivery unless unticked.
    TosUsed: flag.default(true),
    MappingMethod: optionalCode(20, 'Phương thức mapping'),
  }),
  key: ['JobModeCode', 'ContSize', 'CargoTypeCode'],
  columns: [
    // Chosen from the catalogues (the server checks them again: an import or a direct call may name anything).
    {
      field: 'JobModeCode',
      title: 'Mã phương án',
      type: 'enum',
      lookup: lookupOf(jobModeCatalog.calls.get, 'JobModeCode', 'JobModeName'),
      width: 220,
    },
    {
      field: 'ContSize',
      title: 'Kích cỡ',
      type: 'enum',
      options: [
        { value: '20', label: "20'" },
        { value: '40', label: "40'" },
        { value: '45', label: "45'" },
        { value: '*', label: all },
      ],
      initial: '*',
      width: 110,
    },
    {
      field: 'CargoTypeCode',
      title: 'Loại hàng',
      type: 'enum',
      lookup: { ...lookupOf(cargoTypeCatalog.calls.get, 'CargoTypeCode', 'CargoTypeName'), all },
      initial: '*',
      width: 160,
    },
    { field: 'TosCode', title: 'Mã TOS', type: 'text' },
    { field: 'TosDescription', title: 'Diễn giải TOS', type: 'text', width: 240 },
    { field: 'TosUsed', title: 'TOS sử dụng', type: 'bool', width: 110, initial: true },
    { field: 'MappingMethod', title: 'Phương thức', type: 'text' },
  ],
  actions: { add: true, delete: true, save: true, import: true },
  height: '50vh',
});

/** 'Kiểm tra': what still has no mapping (docs/decisions.md 'Mapping check'). */
export const tosMappingGaps = z.object({
  /** Job modes of the catalogue without a mapping row the TOS uses. */
  JobModes: z.array(z.object({ JobModeCode: z.string(), JobModeName: z.string() })),
  /** Tariff codes of the tariffs in force (standard or contract) without a tariff mapping. */
  TariffCodes: z.array(z.object({ TariffCode: z.string(), TariffName: z.string() })),
});
export type TosMappingGaps = z.infer<typeof tosMappingGaps>;

export const checkTosMappings = defineCall({
  path: 'config/checkTosMappings',
  module: 'tosMappings',
  summary: "'Kiểm tra': phương án và mã biểu cước đang dùng chưa có mapping sang TOS",
  access: menuAccess('CFG_MAPPING_JOB_MODE', 'SYS_TARIFF_MAPPING'),
  request: noPayload,
  response: replyWith({ data: tosMappingGaps.optional() }),
});

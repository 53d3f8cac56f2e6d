import { z } from 'zod';
import { cargoTypeCatalog, customerCatalog, jobModeCatalog } from '../catalogs/definitions';
import { getOprs } from '../customs/declarations';
import { type GridColumn, lookupOf, optionalText, requiredText, rowguid } from '../grid/columns';
import { defineGrid } from '../grid/resource';
import { getTerminalList } from '../shell/calls';

/**
 * Tariffs: 'Biểu cước chuẩn' (/config/StandardTariff), 'Biểu cước hợp đồng' (/config/ContractTariff) and
 * the ExtraMode stepped surcharges 'Phụ thu theo bậc' (/config/tariff_surcharge), per terminal. The pricing service
 * (apps/server/src/modules/orders/pricing.service.ts) reads them; how it picks a row is in docs/decisions.md
 * "Tariff engine".
 */

export const tariffMessages = {
  terminal: 'Vui lòng chọn cảng!',
  expireBeforeApply: 'Ngày hết hạn không được trước ngày hiệu lực!',
  price: 'Đơn giá phải là số không âm',
  vat: 'VAT phải là -1 (KCT), 0, 5, 8 hoặc 10',
  chargeKind: 'Loại cước phải là Tác nghiệp (job), Lưu bãi (storage) hoặc Điện lạnh (reefer)',
  size: 'Kích cỡ phải là 20, 40, 45 hoặc * (tất cả)',
  fe: 'Hàng/Rỗng phải là F (hàng), E (rỗng) hoặc * (tất cả)',
  localForeign: 'Nội/Ngoại phải là L (nội), F (ngoại) hoặc * (tất cả)',
  currency: 'Tiền tệ là mã 3 chữ cái (VND, USD…)',
  party: 'Biểu cước hợp đồng cần khách hàng hoặc hãng khai thác',
  extraMode: 'Loại phụ thu phải là 1 (trọng lượng), 2 (hàng nguy hiểm), 3 (quá khổ) hoặc 4 (nhiệt độ lạnh)',
  fromValue: 'Giá trị từ phải là số không âm',
  toValue: 'Giá trị đến phải lớn hơn giá trị từ',
  percent: 'Tỷ lệ phụ thu (%) phải từ 0 đến 1000',
  saved: 'Lưu dữ liệu hoàn tất !',
  stepsOverlap: (mode: string, a: string, b: string) => `Các bậc phụ thu ${mode} chồng lên nhau: ${a} và ${b}.`,
  unknownJobMode: (code: string) => `Phương án "${code}" không có trong danh mục phương án.`,
  unknownCargoType: (code: string) => `Loại hàng "${code}" không có trong danh mục loại hàng.`,
  unknownCustomer: (code: string) => `Khách hàng "${code}" không có trong danh mục khách hàng.`,
  unknownOperator: (code: string) => `Hãng khai thác "${code}" không có trong danh mục hãng tàu.`,
  unknownCurrency: (code: string) => `Tiền tệ "${code}" chưa có tỷ giá trong danh mục tỷ giá.`,
} as const;

export const tariffChargeKinds = ['job', 'storage', 'reefer'] as const;
export const tariffChargeKindNames: Record<(typeof tariffChargeKinds)[number], string> = {
  job: 'Tác nghiệp',
  storage: 'Lưu bãi',
  reefer: 'Điện lạnh',
};
export const tariffVatRates = [-1, 0, 5, 8, 10] as const;
export const extraModeNames: Record<number, string> = {
  1: 'Trọng lượng (tấn)',
  2: 'Hàng nguy hiểm (class IMO)',
  3: 'Quá khổ (cm)',
  4: 'Nhiệt độ lạnh (độ dưới 0 °C)',
};

const blankToAll = (v: unknown) => (v === undefined || v === null || (typeof v === 'string' && v.trim() === '') ? '*' : v);
const oneOf = <const T extends readonly [string, ...string[]]>(values: T, message: string) =>
  z.preprocess(
    (v) => (typeof blankToAll(v) === 'string' ? (blankToAll(v) as string).trim().toUpperCase() : blankToAll(v)),
    z.enum(values, { error: message }),
  );
/** A code where * (or blank) means all (spec 03 §1). */
const codeOrAll = (max: number, label: string) => optionalText(max, label).transform((v) => (v ? v.toUpperCase() : '*'));
const code = (max: number, label: string) => requiredText(max, label).transform((v) => v.toUpperCase());
const date = (label: string) =>
  z.preprocess(
    (v) => (v === '' || v === null ? undefined : v),
    z.coerce.date({ error: `Vui lòng nhập ${label.toLowerCase()}` }).refine((d) => !Number.isNaN(d.getTime()), `${label} không hợp lệ`),
  );
const number = (message: string) =>
  z.preprocess((v) => (v === '' || v === null ? undefined : v), z.coerce.number({ error: message }).refine(Number.isFinite, message));

const tariffShape = {
  Rowguid: rowguid,
  TerminalCode: z
    .string({ error: tariffMessages.terminal })
    .trim()
    .min(1, tariffMessages.terminal)
    .max(10, 'Mã cảng tối đa 10 ký tự')
    .transform((v) => v.toUpperCase()),
  TariffCode: code(30, 'Mã biểu cước'),
  TariffName: requiredText(200, 'Tên biểu cước'),
  ChargeKind: z.preprocess((v) => (v === '' || v == null ? 'job' : v), z.enum(tariffChargeKinds, { error: tariffMessages.chargeKind })),
  JobModeCode: codeOrAll(10, 'Phương án'),
  ContSize: oneOf(['20', '40', '45', '*'], tariffMessages.size),
  CargoTypeCode: codeOrAll(10, 'Loại hàng'),
  FE: oneOf(['F', 'E', '*'], tariffMessages.fe),
  IsLocalForeign: oneOf(['L', 'F', '*'], tariffMessages.localForeign),
  CurrencyCode: z.preprocess(
    (v) => (v === '' || v == null ? 'VND' : typeof v === 'string' ? v.trim().toUpperCase() : v),
    z.string({ error: tariffMessages.currency }).regex(/^[A-Z]{3}$/, tariffMessages.currency),
  ),
  UnitPrice: number(tariffMessages.price).pipe(z.number().min(0, tariffMessages.price).max(1e11, 'Đơn giá quá lớn')),
  VatRate: z.preprocess(
    (v) => (v === '' || v == null ? 8 : typeof v === 'string' ? Number(v.replace('%', '').trim()) : v),
    z.union(
      tariffVatRates.map((r) => z.literal(r)),
      { error: tariffMessages.vat },
    ),
  ),
  ApplyDate: date('Ngày hiệu lực'),
  ExpireDate: date('Ngày hết hạn'),
};

const periodOk = (r: { ApplyDate: Date; ExpireDate: Date }) => r.ExpireDate.getTime() >= r.ApplyDate.getTime();

export const standardTariffRow = z
  .object(tariffShape)
  .refine(periodOk, { message: tariffMessages.expireBeforeApply, path: ['ExpireDate'] });
export type StandardTariffRow = z.output<typeof standardTariffRow>;

export const contractTariffRow = z
  .object({
    ...tariffShape,
    ContractNo: code(30, 'Số hợp đồng'),
    CustomerCode: codeOrAll(20, 'Khách hàng'),
    OperationCode: codeOrAll(10, 'Hãng khai thác'),
  })
  .refine(periodOk, { message: tariffMessages.expireBeforeApply, path: ['ExpireDate'] })
  .refine((r) => r.CustomerCode !== '*' || r.OperationCode !== '*', { message: tariffMessages.party, path: ['CustomerCode'] });
export type ContractTariffRow = z.output<typeof contractTariffRow>;

const all = 'Tất cả (*)';
const terminalLookup = lookupOf(getTerminalList, 'TerminalCode', 'TerminalName');
const jobModeLookup = { ...lookupOf(jobModeCatalog.calls.get, 'JobModeCode', 'JobModeName'), all };
const cargoTypeLookup = { ...lookupOf(cargoTypeCatalog.calls.get, 'CargoTypeCode', 'CargoTypeName'), all };
const customerLookup = { ...lookupOf(customerCatalog.calls.get, 'CustomerCode', 'CustomerName'), all };
const operatorLookup = { ...lookupOf(getOprs, 'OperationCode', 'OperationName'), all };

const tariffColumns = (leading: readonly GridColumn[]): GridColumn[] => [
  { field: 'TerminalCode', title: 'Cảng', type: 'enum', lookup: terminalLookup, width: 130 },
  ...leading,
  { field: 'TariffCode', title: 'Mã biểu cước', type: 'text', width: 170 },
  { field: 'TariffName', title: 'Tên biểu cước', type: 'text', width: 240 },
  {
    field: 'ChargeKind',
    title: 'Loại cước',
    type: 'enum',
    options: tariffChargeKinds.map((v) => ({ value: v, label: tariffChargeKindNames[v] })),
    width: 120,
  },
  { field: 'JobModeCode', title: 'Phương án', type: 'enum', lookup: jobModeLookup, width: 200 },
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
    width: 100,
  },
  { field: 'CargoTypeCode', title: 'Loại hàng', type: 'enum', lookup: cargoTypeLookup, width: 150 },
  {
    field: 'FE',
    title: 'Hàng/Rỗng',
    type: 'enum',
    options: [
      { value: 'F', label: 'Hàng (F)' },
      { value: 'E', label: 'Rỗng (E)' },
      { value: '*', label: all },
    ],
    width: 110,
  },
  {
    field: 'IsLocalForeign',
    title: 'Nội/Ngoại',
    type: 'enum',
    options: [
      { value: 'L', label: 'Nội (L)' },
      { value: 'F', label: 'Ngoại (F)' },
      { value: '*', label: all },
    ],
    width: 110,
  },
  { field: 'CurrencyCode', title: 'Tiền tệ', type: 'text', width: 90 },
  { field: 'UnitPrice', title: 'Đơn giá', type: 'number', width: 130 },
  {
    field: 'VatRate',
    title: 'VAT (%)',
    type: 'enum',
    // 8 % first: a new row starts with the first choice.
    options: [8, 10, 5, 0, -1].map((v) => ({ value: v, label: v < 0 ? 'KCT' : `${v}%` })),
    width: 90,
  },
  { field: 'ApplyDate', title: 'Ngày hiệu lực', type: 'datetime' },
  { field: 'ExpireDate', title: 'Ngày hết hạn', type: 'datetime' },
];

const tariffKey = ['TerminalCode', 'ChargeKind', 'JobModeCode', 'ContSize', 'CargoTypeCode', 'FE', 'IsLocalForeign', 'ApplyDate'] as const;

/** 'Biểu cước chuẩn' (/config/StandardTariff). */
export const standardTariffGrid = defineGrid({
  name: 'standard_tariff',
  module: 'tariffs',
  title: 'Biểu cước chuẩn',
  menu: 'CFG_STANDARD_TARIFF',
  table: 'standard_tariffs',
  paths: {
    get: { path: 'config/standard-tariff', name: 'getStandardTariffs' },
    update: { path: 'config/standard-tariff/save', name: 'saveStandardTariffs', maxRows: 5000 },
    delete: { path: 'config/standard-tariff/delete', name: 'deleteStandardTariffs' },
  },
  scope: { kind: 'terminal', field: 'TerminalCode' },
  filter: {
    schema: z.object({
      TerminalCode: z.string().trim().max(10).optional(),
      ChargeKind: z.string().trim().max(10).optional(),
      JobModeCode: z.string().trim().max(10).optional(),
      TariffCode: z.string().trim().max(30).optional(),
    }),
    where: { TerminalCode: 'eq', ChargeKind: 'eq', JobModeCode: 'eq', TariffCode: 'contains' },
  },
  row: standardTariffRow,
  key: tariffKey,
  order: ['TerminalCode', 'ChargeKind', 'JobModeCode', 'ContSize', 'FE', 'CargoTypeCode', 'ApplyDate'],
  columns: tariffColumns([]),
  actions: { add: true, delete: true, save: true, import: true },
  height: '65vh',
});

/** 'Biểu cước hợp đồng' (/config/ContractTariff): a customer's or a shipping line's agreed prices. */
export const contractTariffGrid = defineGrid({
  name: 'contract_tariff',
  module: 'tariffs',
  title: 'Biểu cước hợp đồng',
  menu: 'CFG_CONTRACT_TARIFF',
  table: 'contract_tariffs',
  paths: {
    get: { path: 'config/contract-tariff', name: 'getContractTariffs' },
    update: { path: 'config/contract-tariff/save', name: 'saveContractTariffs', maxRows: 5000 },
    delete: { path: 'config/contract-tariff/delete', name: 'deleteContractTariffs' },
  },
  scope: { kind: 'terminal', field: 'TerminalCode' },
  filter: {
    schema: z.object({
      TerminalCode: z.string().trim().max(10).optional(),
      ContractNo: z.string().trim().max(30).optional(),
      CustomerCode: z.string().trim().max(20).optional(),
      OperationCode: z.string().trim().max(10).optional(),
    }),
    where: { TerminalCode: 'eq', ContractNo: 'contains', CustomerCode: 'eq', OperationCode: 'eq' },
  },
  row: contractTariffRow,
  key: ['TerminalCode', 'CustomerCode', 'OperationCode', ...tariffKey.slice(1)],
  order: ['TerminalCode', 'ContractNo', 'ChargeKind', 'JobModeCode', 'ContSize', 'FE', 'ApplyDate'],
  columns: tariffColumns([
    { field: 'ContractNo', title: 'Số hợp đồng', type: 'text', width: 170 },
    { field: 'CustomerCode', title: 'Khách hàng', type: 'enum', lookup: customerLookup, width: 260 },
    { field: 'OperationCode', title: 'Hãng khai thác', type: 'enum', lookup: operatorLookup, width: 200 },
  ]),
  actions: { add: true, delete: true, save: true, import: true },
  height: '65vh',
});

export const tariffSurchargeRow = z
  .object({
    Rowguid: rowguid,
    TerminalCode: tariffShape.TerminalCode,
    ExtraMode: z.coerce
      .number({ error: tariffMessages.extraMode })
      .int(tariffMessages.extraMode)
      .min(1, tariffMessages.extraMode)
      .max(4, tariffMessages.extraMode),
    FromValue: number(tariffMessages.fromValue).pipe(z.number().min(0, tariffMessages.fromValue).max(1e9, tariffMessages.fromValue)),
    ToValue: z.preprocess(
      (v) => (v === '' || v === undefined ? null : v),
      z.coerce.number({ error: tariffMessages.toValue }).refine(Number.isFinite, tariffMessages.toValue).nullable(),
    ),
    Percent: number(tariffMessages.percent).pipe(z.number().min(0, tariffMessages.percent).max(1000, tariffMessages.percent)),
    Note: optionalText(500, 'Ghi chú'),
  })
  .refine((r) => r.ToValue == null || r.ToValue > r.FromValue, { message: tariffMessages.toValue, path: ['ToValue'] });

/** 'Phụ thu theo bậc' (/config/tariff_surcharge): from FromValue up to (not including) ToValue, Percent more on the job line. */
export const tariffSurchargeGrid = defineGrid({
  name: 'tariff_surcharge',
  module: 'tariffs',
  title: 'Phụ thu theo bậc',
  menu: 'CFG_TARIFF_SURCHARGE',
  table: 'tariff_surcharges',
  paths: {
    get: { path: 'config/tariff-surcharge', name: 'getTariffSurcharges' },
    update: { path: 'config/tariff-surcharge/save', name: 'saveTariffSurcharges' },
    delete: { path: 'config/tariff-surcharge/delete', name: 'deleteTariffSurcharges' },
  },
  scope: { kind: 'terminal', field: 'TerminalCode' },
  filter: { schema: z.object({ TerminalCode: z.string().trim().max(10).optional() }), where: { TerminalCode: 'eq' } },
  row: tariffSurchargeRow,
  key: ['TerminalCode', 'ExtraMode', 'FromValue'],
  order: ['TerminalCode', 'ExtraMode', 'FromValue'],
  columns: [
    { field: 'TerminalCode', title: 'Cảng', type: 'enum', lookup: terminalLookup, width: 130 },
    {
      field: 'ExtraMode',
      title: 'Loại phụ thu',
      type: 'enum',
      options: [1, 2, 3, 4].map((v) => ({ value: v, label: extraModeNames[v] as string })),
      width: 220,
    },
    { field: 'FromValue', title: 'Từ', type: 'number' },
    { field: 'ToValue', title: 'Đến dưới', type: 'number' },
    { field: 'Percent', title: 'Phụ thu (%)', type: 'number' },
    { field: 'Note', title: 'Ghi chú', type: 'text', width: 280 },
  ],
  actions: { add: true, delete: true, save: true, import: true },
  height: '65vh',
});

import { z } from 'zod';
import { portDate } from '../fields';
import { flag, moneyCredit, moneyCreditOptions, optionalText, requiredText, rowguid } from '../grid/columns';
import { defineGrid, sharedDelete } from '../grid/resource';
import type { MenuId } from '../menu-catalog';
import { orderTaskMenus } from '../orders/order-types';

// The catalogue grids of spec 03 §2.1, with exactly the call names of spec/api-calls.txt (03 §7), odd ones included.

/** Customers, container status, cargo type and class (spec 03 §7). */
export const standardTariffDelete = sharedDelete({
  path: 'standardtariff/delete',
  name: 'standardTariffDelete',
  module: 'catalogs',
  summary:
    'Xóa dòng của: Danh sách khách hàng, Danh sách trạng thái container, Danh sách loại hàng, Danh sách hướng (danh mục nhận ra theo khóa của dòng)',
  menus: ['CAT_CUSTOMER', 'CAT_CONTAINER_STATUS', 'CAT_CARGO_TYPE', 'CAT_CLASS'],
});

/** Jobs (spec 03 §7). */
export const commonDelete = sharedDelete({
  path: 'common/delete',
  name: 'commonDelete',
  module: 'catalogs',
  summary: 'Xóa dòng của: Danh sách công việc (danh mục nhận ra theo khóa của dòng)',
  menus: ['CAT_JOB'],
});

export const operationCatalog = defineGrid({
  name: 'operation',
  module: 'catalogs',
  title: 'Danh sách hãng tàu',
  pageTitle: 'Quản lý hãng tàu',
  menu: 'CAT_OPERATION',
  table: 'shipping_lines',
  paths: {
    // Also the operator list of the attached-order, storage-day, reefer and holiday screens (spec 03 §7 'Lists in payload').
    get: {
      path: 'common/getOperationList',
      menus: ['CAT_OPERATION', 'CFG_ATTACH', 'CFG_FREE_DAY', 'CFG_REEFER', 'SYS_HOLIDAY', ...orderTaskMenus],
    },
    update: 'common/updateOperationList',
    delete: 'common/deleteOperationList',
  },
  references: {
    OperationCode: [
      { table: 'orders', field: 'OperationCode', usedBy: 'lệnh' },
      { table: 'vessel_voyages', field: 'OperationCode', usedBy: 'lịch tàu' },
    ],
  },
  row: z.object({
    Rowguid: rowguid,
    OperationCode: requiredText(10, 'Mã hãng tàu').transform((v) => v.toUpperCase()),
    OperationName: requiredText(200, 'Tên hãng tàu'),
    IsActive: flag,
    IsEDO: flag,
    IsLF: z
      .enum(['L', 'F'], { error: 'Nội/ngoại phải là L hoặc F' })
      .nullish()
      .transform((v) => v ?? null),
    MoneyCredit: moneyCredit,
  }),
  key: ['OperationCode'],
  columns: [
    { field: 'OperationCode', title: 'Mã hãng tàu', type: 'text', width: 130 },
    { field: 'OperationName', title: 'Tên hãng tàu', type: 'text', width: 320 },
    { field: 'IsActive', title: 'Hoạt động', type: 'bool' },
    { field: 'IsEDO', title: 'EDO', type: 'bool' },
    {
      field: 'IsLF',
      title: 'Nội/Ngoại',
      type: 'enum',
      options: [
        { value: null, label: '(Không chọn)' },
        { value: 'L', label: 'Nội' },
        { value: 'F', label: 'Ngoại' },
      ],
    },
    { field: 'MoneyCredit', title: 'Hình thức thanh toán', type: 'enum', options: moneyCreditOptions },
  ],
  actions: { add: false, delete: false, save: true, import: false },
  height: '50vh',
});

export const exchangeCatalog = defineGrid({
  name: 'exchange',
  module: 'catalogs',
  title: 'Danh sách tỷ giá',
  menu: 'CAT_EXCHANGE',
  table: 'exchange_rates',
  paths: { get: 'common/getExchangeList', update: 'common/updateExchangeList', delete: 'common/deleteExchangeList' },
  row: z.object({
    Rowguid: rowguid,
    CurrencyCode: requiredText(3, 'Mã tiền tệ').transform((v) => v.toUpperCase()),
    // numeric(14,4): below 10^10.
    Rate: z.coerce.number({ error: 'Tỷ giá phải là số' }).positive('Tỷ giá phải lớn hơn 0').max(999_999_999, 'Tỷ giá quá lớn'),
    DateOfRate: portDate('Ngày áp dụng'),
    IsActive: flag,
  }),
  key: ['CurrencyCode', 'DateOfRate'],
  columns: [
    { field: 'CurrencyCode', title: 'Mã tiền tệ', type: 'text' },
    { field: 'Rate', title: 'Tỷ giá', type: 'number' },
    { field: 'DateOfRate', title: 'Ngày áp dụng', type: 'datetime', width: 200 },
    { field: 'IsActive', title: 'Hoạt động', type: 'bool' },
  ],
  actions: { add: true, delete: true, save: true, import: true },
  height: '50vh',
});

export const paymentTypeCatalog = defineGrid({
  name: 'payment_type',
  module: 'catalogs',
  title: 'Danh sách hình thức thanh toán',
  menu: 'CAT_PAYMENT_TYPE',
  table: 'payment_types',
  paths: { get: 'common/getPaymentTypeList', update: 'common/updatePaymentTypeList', delete: 'common/deletePaymentTypeList' },
  row: z.object({
    Rowguid: rowguid,
    PaymentTypeCode: requiredText(10, 'Mã hình thức').transform((v) => v.toUpperCase()),
    PaymentTypeName: requiredText(200, 'Tên hình thức'),
    MoneyCredit: moneyCredit,
  }),
  key: ['PaymentTypeCode'],
  columns: [
    { field: 'PaymentTypeCode', title: 'Mã hình thức', type: 'text' },
    { field: 'PaymentTypeName', title: 'Tên hình thức', type: 'text', width: 300 },
    {
      field: 'MoneyCredit',
      title: 'Loại',
      type: 'enum',
      options: [
        { value: 'M', label: 'Tiền mặt (thu ngay)' },
        { value: 'C', label: 'Công nợ (thu sau)' },
      ],
    },
  ],
  actions: { add: true, delete: true, save: true, import: true },
  height: '50vh',
});

/** A read-only code + name catalogue whose delete is `standardtariff/delete`. */
const codeName = <const P extends string>(o: {
  name: string;
  title: string;
  menu: MenuId;
  table: string;
  get: P;
  /** Further menus whose screens list it (the free-day rules pick cargo types and classes). */
  alsoFor?: readonly MenuId[];
  code: string;
  nameField: string;
  labels: [string, string];
  height?: string;
  references?: Record<string, { table: string; field: string; usedBy: string }[]>;
}) =>
  defineGrid({
    name: o.name,
    module: 'catalogs',
    title: o.title,
    menu: o.menu,
    table: o.table,
    paths: { get: { path: o.get, menus: [o.menu, ...(o.alsoFor ?? [])] }, delete: standardTariffDelete },
    row: z.object({
      Rowguid: rowguid,
      [o.code]: requiredText(10, o.labels[0]).transform((v) => v.toUpperCase()),
      [o.nameField]: requiredText(200, o.labels[1]),
    }),
    key: [o.code],
    columns: [
      { field: o.code, title: o.labels[0], type: 'text' },
      { field: o.nameField, title: o.labels[1], type: 'text', width: 320 },
    ],
    ...(o.references ? { references: o.references } : {}),
    actions: { add: false, delete: false, save: false, import: false },
    height: o.height ?? '50vh',
  });

export const containerStatusCatalog = codeName({
  name: 'container_status',
  title: 'Danh sách trạng thái container',
  menu: 'CAT_CONTAINER_STATUS',
  table: 'container_statuses',
  get: 'common/getContainerStatusList',
  code: 'ContainerStatusCode',
  nameField: 'ContainerStatusName',
  labels: ['Mã trạng thái', 'Tên trạng thái'],
  height: '65vh',
});
export const cargoTypeCatalog = codeName({
  name: 'cargo_type',
  title: 'Danh sách loại hàng',
  menu: 'CAT_CARGO_TYPE',
  table: 'cargo_types',
  get: 'common/getCargoTypeList',
  alsoFor: ['CFG_FREE_DAY', 'CFG_STANDARD_TARIFF', 'CFG_CONTRACT_TARIFF', 'CFG_MAPPING_JOB_MODE', ...orderTaskMenus],
  code: 'CargoTypeCode',
  nameField: 'CargoTypeName',
  labels: ['Mã loại hàng', 'Tên loại hàng'],
  references: { CargoTypeCode: [{ table: 'order_containers', field: 'CargoTypeCode', usedBy: 'container của lệnh' }] },
});
export const classCatalog = codeName({
  name: 'class',
  title: 'Danh sách hướng',
  menu: 'CAT_CLASS',
  table: 'classes',
  get: 'common/getClassList',
  alsoFor: ['CFG_FREE_DAY'],
  code: 'ClassCode',
  nameField: 'ClassName',
  labels: ['Mã hướng', 'Tên hướng'],
});

export const transitCatalog = defineGrid({
  name: 'transit',
  module: 'catalogs',
  title: 'Danh sách chuyển cảng',
  menu: 'CAT_TRANSIT',
  table: 'transits',
  paths: { get: 'common/getTransitList', delete: 'common/deleteTransitList' },
  row: z.object({
    Rowguid: rowguid,
    TransitCode: requiredText(10, 'Mã chuyển cảng').transform((v) => v.toUpperCase()),
    TransitName: requiredText(200, 'Tên chuyển cảng'),
    Note: optionalText(500, 'Ghi chú'),
  }),
  key: ['TransitCode'],
  columns: [
    { field: 'TransitCode', title: 'Mã chuyển cảng', type: 'text' },
    { field: 'TransitName', title: 'Tên chuyển cảng', type: 'text', width: 300 },
    { field: 'Note', title: 'Ghi chú', type: 'text', width: 300 },
  ],
  actions: { add: false, delete: false, save: false, import: false },
  height: '50vh',
});

export const jobCatalog = defineGrid({
  name: 'job',
  module: 'catalogs',
  title: 'Danh sách công việc',
  menu: 'CAT_JOB',
  table: 'jobs',
  paths: { get: 'common/getJobList', delete: commonDelete },
  row: z.object({
    Rowguid: rowguid,
    JobCode: requiredText(10, 'Mã công việc').transform((v) => v.toUpperCase()),
    JobName: requiredText(200, 'Tên công việc'),
    IsQuay: flag,
    IsYard: flag,
    IsGate: flag,
  }),
  key: ['JobCode'],
  columns: [
    { field: 'JobCode', title: 'Mã công việc', type: 'text' },
    { field: 'JobName', title: 'Tên công việc', type: 'text', width: 300 },
    { field: 'IsQuay', title: 'Tại cầu tàu', type: 'bool' },
    { field: 'IsYard', title: 'Tại bãi', type: 'bool' },
    { field: 'IsGate', title: 'Tại cổng', type: 'bool' },
  ],
  actions: { add: false, delete: false, save: false, import: false },
  height: '50vh',
});

export const extraModeOptions = [
  { value: 0, label: 'Không' },
  { value: 1, label: 'Phụ thu nâng hạ theo bậc' },
  { value: 2, label: 'Phụ thu rút hàng theo bậc' },
  { value: 3, label: 'Phụ thu lưu bãi theo bậc' },
  { value: 4, label: 'Phụ thu chiếm dụng bãi' },
] as const;

export const jobModeCatalog = defineGrid({
  name: 'job_mode',
  module: 'catalogs',
  title: 'Danh sách phương án',
  menu: 'CAT_JOB_MODE',
  table: 'job_modes',
  // The tariff screens pick job modes from it.
  paths: {
    get: { path: 'common/getJobModeList', menus: ['CAT_JOB_MODE', 'CFG_STANDARD_TARIFF', 'CFG_CONTRACT_TARIFF', 'CFG_MAPPING_JOB_MODE'] },
    update: 'common/updateJobModeList',
    delete: 'common/deleteJobModeList',
  },
  // Accepted as the spec sends them; the stuffing/unstuffing list is common/getJobModeStuffUnstuffList.
  filter: { schema: z.object({ IsCFSStuff: z.coerce.number().optional(), IsCFSUnstuff: z.coerce.number().optional() }) },
  references: { JobModeCode: [{ table: 'orders', field: 'JobModeCode', usedBy: 'lệnh' }] },
  row: z.object({
    Rowguid: rowguid,
    JobModeCode: requiredText(10, 'Mã phương án').transform((v) => v.toUpperCase()),
    JobModeName: requiredText(200, 'Tên phương án'),
    IsLoLo: flag,
    IsCFSStuff: flag,
    IsCFSUnstuff: flag,
    IsCFSChange: flag,
    IsServiceYard: flag,
    IsServiceNonCont: flag,
    ExtraMode: z.coerce
      .number({ error: 'Phụ thu phải là số 0-4' })
      .int()
      .min(0, 'Phụ thu từ 0 đến 4')
      .max(4, 'Phụ thu từ 0 đến 4')
      .default(0),
  }),
  key: ['JobModeCode'],
  columns: [
    { field: 'JobModeCode', title: 'Mã phương án', type: 'text' },
    { field: 'JobModeName', title: 'Tên phương án', type: 'text', width: 260 },
    { field: 'IsLoLo', title: 'Nâng hạ', type: 'bool' },
    { field: 'IsCFSStuff', title: 'Đóng hàng', type: 'bool' },
    { field: 'IsCFSUnstuff', title: 'Rút hàng', type: 'bool' },
    { field: 'IsCFSChange', title: 'Sang container', type: 'bool', hidden: true },
    { field: 'IsServiceYard', title: 'Dịch vụ bãi', type: 'bool' },
    { field: 'IsServiceNonCont', title: 'Dịch vụ không container', type: 'bool' },
    { field: 'ExtraMode', title: 'Phụ thu', type: 'enum', options: extraModeOptions, width: 220 },
  ],
  actions: { add: true, delete: true, save: true, import: true },
  height: '50vh',
});

export const methodCatalog = defineGrid({
  name: 'method',
  module: 'catalogs',
  title: 'Danh sách phương thức giao nhận',
  menu: 'CAT_METHOD',
  table: 'methods',
  paths: { get: 'common/getMethodList', update: 'common/updateMethodList', delete: 'common/deleteMethodList' },
  row: z.object({
    Rowguid: rowguid,
    MethodCode: requiredText(10, 'Mã phương thức').transform((v) => v.toUpperCase()),
    MethodName: requiredText(200, 'Tên phương thức'),
    MappingMethod: optionalText(20, 'Mã ánh xạ TOS'),
  }),
  key: ['MethodCode'],
  columns: [
    { field: 'MethodCode', title: 'Mã phương thức', type: 'text' },
    { field: 'MethodName', title: 'Tên phương thức', type: 'text', width: 300 },
    { field: 'MappingMethod', title: 'Mã ánh xạ TOS', type: 'text' },
  ],
  actions: { add: true, delete: true, save: true, import: true },
  height: '50vh',
});

export const commodityCatalog = defineGrid({
  name: 'commodity',
  module: 'catalogs',
  title: 'Danh sách mặt hàng',
  menu: 'CAT_COMMODITY',
  table: 'commodities',
  paths: { get: 'common/getCommodityList', update: 'common/updateCommodityList', delete: 'common/deleteCommodityList' },
  row: z.object({
    Rowguid: rowguid,
    CommodityCode: requiredText(20, 'Mã mặt hàng').transform((v) => v.toUpperCase()),
    CommodityName: requiredText(200, 'Tên mặt hàng'),
  }),
  key: ['CommodityCode'],
  columns: [
    { field: 'CommodityCode', title: 'Mã mặt hàng', type: 'text' },
    { field: 'CommodityName', title: 'Tên mặt hàng', type: 'text', width: 320 },
  ],
  actions: { add: true, delete: true, save: true, import: true },
  height: '50vh',
});

export const customerCatalog = defineGrid({
  name: 'customer',
  module: 'catalogs',
  title: 'Danh sách khách hàng',
  menu: 'CAT_CUSTOMER',
  table: 'customers',
  // No update call: the spec's table gives customers 'export only' (docs/decisions.md).
  // The attached-order configuration's payee picker, the approval, free-day and holiday screens' customer selectors read it too.
  paths: {
    get: {
      path: 'common/getCustomerList',
      menus: ['CAT_CUSTOMER', 'CFG_ATTACH', 'CFG_APPROVAL', 'CFG_FREE_DAY', 'SYS_HOLIDAY', 'CFG_CONTRACT_TARIFF'],
    },
    delete: standardTariffDelete,
  },
  /** The filter panel: a filter set to All is omitted (spec 03 §2.1); exact, except tax code and name (contains). */
  filter: {
    schema: z.object({
      CustomerCode: z
        .string()
        .trim()
        .max(20)
        .optional()
        .transform((v) => v?.toUpperCase()),
      CustomerTypeCode: z.string().trim().max(10).optional(),
      CustomerLevelCode: z.coerce.number().int().min(0).max(99).optional(),
      TaxCode: z.string().trim().max(20).optional(),
      CustomerName: z.string().trim().max(300).optional(),
      MoneyCredit: z.enum(['M', 'C'], { error: 'Hình thức thanh toán phải là M hoặc C' }).optional(),
      IsActive: z.coerce
        .number()
        .int()
        .min(0)
        .max(1)
        .optional()
        .transform((v) => (v === undefined ? undefined : v === 1)),
    }),
    where: {
      CustomerCode: 'eq',
      CustomerTypeCode: 'eq',
      CustomerLevelCode: 'eq',
      TaxCode: 'contains',
      CustomerName: 'contains',
      MoneyCredit: 'eq',
      IsActive: 'eq',
    },
  },
  limit: 20_000,
  references: {
    CustomerCode: [
      { table: 'orders', field: 'CustomerCode', usedBy: 'lệnh' },
      { table: 'users', field: 'CustomerCode', usedBy: 'tài khoản người dùng' },
    ],
  },
  row: z.object({
    Rowguid: rowguid,
    CustomerCode: requiredText(20, 'Mã khách hàng').transform((v) => v.toUpperCase()),
    TaxCode: requiredText(20, 'Mã số thuế'),
    CustomerName: requiredText(300, 'Tên khách hàng'),
    Address: optionalText(500, 'Địa chỉ'),
    Email: optionalText(200, 'Email'),
    Represent: optionalText(200, 'Người đại diện'),
    Phone: optionalText(30, 'Điện thoại'),
    MoneyCredit: moneyCredit,
    CustomerLevelCode: z.coerce.number({ error: 'Cấp khách hàng phải là số' }).int().min(0).max(99).default(1),
    CustomerTypeCode: optionalText(10, 'Loại khách hàng'),
    IsActive: flag,
  }),
  key: ['CustomerCode'],
  columns: [
    { field: 'CustomerCode', title: 'Mã khách hàng', type: 'text' },
    { field: 'TaxCode', title: 'Mã số thuế', type: 'text' },
    { field: 'CustomerName', title: 'Tên khách hàng', type: 'text', width: 320 },
    { field: 'Address', title: 'Địa chỉ', type: 'text', width: 320 },
    { field: 'Email', title: 'Email', type: 'text', width: 220 },
    { field: 'Represent', title: 'Người đại diện', type: 'text' },
    { field: 'Phone', title: 'Điện thoại', type: 'text' },
    { field: 'MoneyCredit', title: 'Hình thức thanh toán', type: 'enum', options: moneyCreditOptions },
    { field: 'CustomerLevelCode', title: 'Cấp khách hàng', type: 'number' },
    { field: 'CustomerTypeCode', title: 'Loại khách hàng', type: 'text' },
    { field: 'IsActive', title: 'Hoạt động', type: 'bool' },
  ],
  actions: { add: false, delete: false, save: false, import: false },
  height: '55vh',
});

import { z } from 'zod';
import { type CatalogDef, flag, moneyCredit, moneyCreditOptions, optionalText, requiredText, rowguid } from './catalog';

const def = <R extends z.ZodObject>(d: CatalogDef<R>) => d;

export const operationCatalog = def({
  name: 'operation',
  title: 'Danh sách hãng tàu',
  menu: 'CAT_OPERATION',
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

export const exchangeCatalog = def({
  name: 'exchange',
  title: 'Danh sách tỷ giá',
  menu: 'CAT_EXCHANGE',
  row: z.object({
    Rowguid: rowguid,
    CurrencyCode: requiredText(3, 'Mã tiền tệ').transform((v) => v.toUpperCase()),
    Rate: z.coerce.number({ error: 'Tỷ giá phải là số' }).positive('Tỷ giá phải lớn hơn 0'),
    DateOfRate: z.coerce.date({ error: 'Ngày áp dụng không hợp lệ' }),
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

export const paymentTypeCatalog = def({
  name: 'payment_type',
  title: 'Danh sách hình thức thanh toán',
  menu: 'CAT_PAYMENT_TYPE',
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

const codeName = (
  name: string,
  title: string,
  menu: CatalogDef['menu'],
  code: string,
  nameField: string,
  labels: [string, string],
  height = '50vh',
) =>
  def({
    name,
    title,
    menu,
    row: z.object({
      Rowguid: rowguid,
      [code]: requiredText(10, labels[0]).transform((v) => v.toUpperCase()),
      [nameField]: requiredText(200, labels[1]),
    }),
    key: [code],
    columns: [
      { field: code, title: labels[0], type: 'text' },
      { field: nameField, title: labels[1], type: 'text', width: 320 },
    ],
    actions: { add: false, delete: false, save: false, import: false },
    height,
  });

export const containerStatusCatalog = codeName(
  'container_status',
  'Danh sách trạng thái container',
  'CAT_CONTAINER_STATUS',
  'ContainerStatusCode',
  'ContainerStatusName',
  ['Mã trạng thái', 'Tên trạng thái'],
  '65vh',
);
export const cargoTypeCatalog = codeName('cargo_type', 'Danh sách loại hàng', 'CAT_CARGO_TYPE', 'CargoTypeCode', 'CargoTypeName', [
  'Mã loại hàng',
  'Tên loại hàng',
]);
export const classCatalog = codeName('class', 'Danh sách hướng', 'CAT_CLASS', 'ClassCode', 'ClassName', ['Mã hướng', 'Tên hướng']);

export const transitCatalog = def({
  name: 'transit',
  title: 'Danh sách chuyển cảng',
  menu: 'CAT_TRANSIT',
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

export const jobCatalog = def({
  name: 'job',
  title: 'Danh sách công việc',
  menu: 'CAT_JOB',
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

export const jobModeCatalog = def({
  name: 'job_mode',
  title: 'Danh sách phương án',
  menu: 'CAT_JOB_MODE',
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

export const methodCatalog = def({
  name: 'method',
  title: 'Danh sách phương thức giao nhận',
  menu: 'CAT_METHOD',
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

export const commodityCatalog = def({
  name: 'commodity',
  title: 'Danh sách mặt hàng',
  menu: 'CAT_COMMODITY',
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

export const customerCatalog = def({
  name: 'customer',
  title: 'Danh sách khách hàng',
  menu: 'CAT_CUSTOMER',
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

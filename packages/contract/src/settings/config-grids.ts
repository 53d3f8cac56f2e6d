import { z } from 'zod';
import { getOprs } from '../customs/declarations';
import { DELAY_TIME, delayTimeMessage, flag, lookupOf, optionalText, requiredText, rowguid } from '../grid/columns';
import { defineGrid } from '../grid/resource';
import { mailListText } from './mail-lists';

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
  module: 'settings',
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
  module: 'settings',
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

/**
 * 'Tiêu chí đánh giá' (spec 03 §3 "Question row"): the criteria customers rate (spec 02 §2.6 rating report reads them
 * by QuestionCode from the table `questions`; codes are given by the server from 1, 0 being the free-text notes).
 */
export const questionGrid = defineGrid({
  name: 'question',
  module: 'settings',
  title: 'Tiêu chí đánh giá',
  menu: 'CFG_QUESTION',
  table: 'questions',
  paths: { get: 'config/getQuestionList', update: 'config/updateQuestionList', delete: 'config/deleteQuestionList' },
  row: z.object({
    Rowguid: rowguid,
    QuestionName: requiredText(500, 'Tiêu chí đánh giá'),
    IsActive: flag,
  }),
  key: ['QuestionName'],
  columns: [
    { field: 'QuestionName', title: 'Tiêu chí đánh giá', type: 'text', width: 480 },
    { field: 'IsActive', title: 'Hoạt động', type: 'bool' },
  ],
  actions: { add: true, delete: true, save: true, import: true },
  height: '50vh',
});

/** Spec 03 §3/§9 mail order enumerations. */
export const mailOrderFilters = ['DL', 'PB', 'HT'] as const;
export type MailOrderFilter = (typeof mailOrderFilters)[number];
export const mailOrderDelays = ['TGT', 'TCK', 'GHN'] as const;
export type MailOrderDelay = (typeof mailOrderDelays)[number];
export const mailOrderFilterNames: Record<MailOrderFilter, string> = { DL: 'Lệnh đã duyệt', PB: 'Lệnh đã phân bổ', HT: 'Lệnh hoàn tất' };
export const mailOrderDelayNames: Record<MailOrderDelay, string> = { TGT: 'Thời gian thực', TCK: 'Theo chu kỳ', GHN: 'Gửi hằng ngày' };
export const mailOrderMessages = {
  delayNeeded: 'Gửi theo chu kỳ hoặc hằng ngày cần thời gian (HH:MM)',
  periodZero: 'Chu kỳ gửi phải lớn hơn 00:00',
} as const;

/**
 * 'Gửi mail báo cáo lệnh' (spec 03 §3 "Mail order row"): when an order of the shipping line reaches the state (DL
 * approved, PB allocated, HT completed), a mail goes to MailCC at once (TGT), at the end of each DelayTime period
 * (TCK) or every day at DelayTime (GHN; 24:00–29:59 is the early hours of the next day).
 */
export const mailOrderGrid = defineGrid({
  name: 'mail_order',
  module: 'settings',
  title: 'Gửi mail báo cáo lệnh',
  menu: 'CFG_MAIL_ORDER',
  table: 'mail_orders',
  paths: { get: 'config/getMailOrderList', update: 'config/updateMailOrderList', delete: 'config/deleteMailOrderList' },
  row: z
    .object({
      Rowguid: rowguid,
      OperationCode: code(10, 'Hãng tàu'),
      MailTitle: requiredText(300, 'Tiêu đề mail'),
      MailCC: mailListText('Mail nhận', 2000).refine((v) => v.length > 0, 'Vui lòng nhập mail nhận'),
      DataFilter: z.enum(mailOrderFilters, { error: 'Loại lệnh phải là DL (đã duyệt), PB (đã phân bổ) hoặc HT (hoàn tất)' }),
      DelayType: z.enum(mailOrderDelays, { error: 'Kiểu gửi phải là TGT (thời gian thực), TCK (chu kỳ) hoặc GHN (hằng ngày)' }),
      DelayTime: z
        .string({ error: delayTimeMessage })
        .trim()
        .nullish()
        .transform((v) => (v ? v : null))
        .refine((v) => v === null || DELAY_TIME.test(v), delayTimeMessage),
      IsActive: flag,
    })
    .refine((r) => r.DelayType === 'TGT' || r.DelayTime !== null, { message: mailOrderMessages.delayNeeded, path: ['DelayTime'] })
    .refine((r) => r.DelayType !== 'TCK' || r.DelayTime !== '00:00', { message: mailOrderMessages.periodZero, path: ['DelayTime'] }),
  key: ['OperationCode', 'DataFilter', 'DelayType'],
  columns: [
    { field: 'OperationCode', title: 'Hãng tàu', type: 'enum', lookup: operatorLookup, width: 200 },
    { field: 'MailTitle', title: 'Tiêu đề mail', type: 'text', width: 220 },
    { field: 'MailCC', title: 'Mail nhận', type: 'text', width: 240 },
    {
      field: 'DataFilter',
      title: 'Loại lệnh',
      type: 'enum',
      options: mailOrderFilters.map((v) => ({ value: v, label: mailOrderFilterNames[v] })),
    },
    {
      field: 'DelayType',
      title: 'Kiểu gửi',
      type: 'enum',
      options: mailOrderDelays.map((v) => ({ value: v, label: mailOrderDelayNames[v] })),
    },
    { field: 'DelayTime', title: 'Thời gian (HH:MM)', type: 'text', mask: 'HH:MM', width: 120 },
    { field: 'IsActive', title: 'Hoạt động', type: 'bool' },
  ],
  actions: { add: true, delete: true, save: true, import: true },
  height: '50vh',
});

const dateTime = (label: string) =>
  z.coerce
    .date({ error: `${label} không hợp lệ` })
    .refine((d) => !Number.isNaN(d.getTime()), `${label} không hợp lệ`)
    .nullish()
    .transform((v) => v ?? null);

/** 'Phiên bản' (spec 03 §3 "Version row"). */
export const versionGrid = defineGrid({
  name: 'version',
  module: 'settings',
  title: 'Phiên bản',
  menu: 'CFG_VERSION',
  table: 'versions',
  paths: { get: 'config/getVersionList', update: 'config/updateVersionList', delete: 'config/deleteVersionList' },
  row: z.object({
    Rowguid: rowguid,
    VersionCode: requiredText(30, 'Mã phiên bản'),
    VersionName: requiredText(300, 'Tên phiên bản'),
    Planner: optionalText(200, 'Người yêu cầu'),
    Performer: optionalText(200, 'Người thực hiện'),
    ReleaseDate: dateTime('Ngày phát hành'),
  }),
  key: ['VersionCode'],
  order: ['ReleaseDate', 'VersionCode'],
  columns: [
    { field: 'VersionCode', title: 'Mã phiên bản', type: 'text' },
    { field: 'VersionName', title: 'Tên phiên bản', type: 'text', width: 300 },
    { field: 'Planner', title: 'Người yêu cầu', type: 'text' },
    { field: 'Performer', title: 'Người thực hiện', type: 'text' },
    { field: 'ReleaseDate', title: 'Ngày phát hành', type: 'datetime' },
  ],
  actions: { add: true, delete: true, save: true, import: true },
  height: '50vh',
});

/**
 * 'Cấu hình liên hệ' (/config/contact_config; the spec lists the route without describing it, docs/decisions.md):
 * the contact details of each of the user's terminals, the ones report headers print (spec 02 §2.6: terminal name,
 * English name, address, phone/fax/web) and the report mail shows. Terminals are reference data: edit and save only.
 */
export const contactGrid = defineGrid({
  name: 'contact',
  module: 'settings',
  title: 'Cấu hình liên hệ',
  menu: 'CFG_CONTACT',
  table: 'terminals',
  paths: {
    get: { path: 'config/getContactList', name: 'getContactList' },
    update: { path: 'config/updateContactList', name: 'updateContactList', reply: 'plain' },
  },
  scope: { kind: 'terminal', field: 'TerminalCode' },
  row: z.object({
    Rowguid: rowguid,
    TerminalCode: code(10, 'Mã cảng'),
    TerminalName: requiredText(200, 'Tên cảng'),
    TerminalNameEnglish: requiredText(200, 'Tên tiếng Anh'),
    Address: requiredText(500, 'Địa chỉ'),
    Tel: z.string().trim().max(50, 'Điện thoại tối đa 50 ký tự').default(''),
    Fax: z.string().trim().max(50, 'Fax tối đa 50 ký tự').default(''),
    Web: z.string().trim().max(200, 'Website tối đa 200 ký tự').default(''),
  }),
  key: ['TerminalCode'],
  columns: [
    { field: 'TerminalCode', title: 'Mã cảng', type: 'text', readOnly: true, width: 100 },
    { field: 'TerminalName', title: 'Tên cảng', type: 'text', width: 220 },
    { field: 'TerminalNameEnglish', title: 'Tên tiếng Anh', type: 'text', width: 220 },
    { field: 'Address', title: 'Địa chỉ', type: 'text', width: 280 },
    { field: 'Tel', title: 'Điện thoại', type: 'text' },
    { field: 'Fax', title: 'Fax', type: 'text' },
    { field: 'Web', title: 'Website', type: 'text' },
  ],
  actions: { add: false, delete: false, save: true, import: false },
  height: '50vh',
});

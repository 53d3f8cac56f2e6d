import { z } from 'zod';
import { menuAccess } from '../access';
import { defineCall } from '../call';
import { portDate } from '../fields';
import { requiredText, rowguid } from '../grid/columns';
import { defineGrid } from '../grid/resource';
import { portDayLastSecond, portDayStart } from '../port-time';
import { optionalBody, replyWith } from '../reply';

export const HOLIDAY_NAME_MAX = 150;
export const holidayMessages = {
  nameTooLong: `Nội dung tối đa ${HOLIDAY_NAME_MAX} ký tự`,
  nameMissing: 'Vui lòng nhập nội dung',
  endBeforeStart: 'Ngày kết thúc không được trước ngày bắt đầu',
  overlap: (a: string, b: string) => `Khoảng thời gian "${a}" trùng với "${b}" trong cùng cấu hình`,
  nameTaken: (name: string) => `Nội dung "${name}" đã được dùng cho hãng khai thác hoặc khách hàng khác`,
  saveFailed: 'Lỗi',
} as const;

const day = portDate;
const codeOrAll = (max: number, label: string) =>
  z
    .string({ error: `${label} phải là chuỗi ký tự` })
    .trim()
    .max(max, `${label} tối đa ${max} ký tự`)
    .nullish()
    .transform((v) => (v ? v.toUpperCase() : '*'));

/** The left panel of the holiday screen: merged into every saved period (spec 03 §3 "Holiday exemption"). */
export const holidayHeader = z.object({
  TerminalCode: requiredText(10, 'Mã cảng').transform((v) => v.toUpperCase()),
  ConfigName: z
    .string({ error: holidayMessages.nameMissing })
    .trim()
    .min(1, holidayMessages.nameMissing)
    .max(HOLIDAY_NAME_MAX, holidayMessages.nameTooLong),
  OperationCode: codeOrAll(10, 'Hãng khai thác'),
  CustomerCode: codeOrAll(20, 'Khách hàng'),
});

export const holidayRow = z
  .object({
    Rowguid: rowguid,
    Descriptions: requiredText(300, 'Diễn giải'),
    // Stored as the whole Vietnam days they cover (spec 03 §9).
    StartTime: day('Ngày bắt đầu').transform(portDayStart),
    EndTime: day('Ngày kết thúc').transform(portDayLastSecond),
  })
  .refine((r) => r.EndTime.getTime() >= r.StartTime.getTime(), { message: holidayMessages.endBeforeStart, path: ['EndTime'] });
export type HolidayRow = z.infer<typeof holidayRow>;

/**
 * 'Cấu hình miễn lưu bãi ngày lễ' (spec 03 §2.5): a configuration (content ConfigName, operator and customer, * = all,
 * of one terminal) and its exemption periods. The screen is its own page (template panel at the left), the rows and
 * their calls are this entry's. Overlapping periods in one configuration are refused by the server.
 */
export const holidayGrid = defineGrid({
  name: 'holiday',
  module: 'admin',
  title: 'Cấu hình miễn lưu bãi ngày lễ',
  menu: 'SYS_HOLIDAY',
  table: 'holiday_periods',
  paths: { get: 'common/getHolidayList', update: 'common/updateHolidayList', delete: 'common/deleteHolidayList' },
  scope: { kind: 'terminal', field: 'TerminalCode' },
  filter: {
    schema: z.object({ Name: z.string().trim().max(HOLIDAY_NAME_MAX).optional(), OperationCode: z.string().trim().max(10).optional() }),
    where: { Name: { op: 'eq', field: 'ConfigName' } },
  },
  header: {
    schema: holidayHeader,
    columns: [
      { field: 'ConfigName', title: 'Nội dung', type: 'text' },
      { field: 'OperationCode', title: 'Hãng khai thác', type: 'text' },
      { field: 'CustomerCode', title: 'Khách hàng', type: 'text' },
    ],
  },
  row: holidayRow,
  key: ['TerminalCode', 'ConfigName', 'StartTime'],
  order: ['StartTime'],
  columns: [
    { field: 'Descriptions', title: 'Diễn giải', type: 'text', width: 200 },
    { field: 'StartTime', title: 'Từ ngày', type: 'datetime', width: 165 },
    { field: 'EndTime', title: 'Đến ngày', type: 'datetime', width: 165 },
  ],
  actions: { add: true, delete: true, save: true, import: false },
  height: '55vh',
});

/** A template of the left panel's dropdown (spec 03 §3: HCODE, ConfigName, OperationCode, CustomerCode, CustomerName). */
export const holidayTemplate = z.object({
  HCODE: z.string(),
  TerminalCode: z.string(),
  ConfigName: z.string(),
  OperationCode: z.string(),
  CustomerCode: z.string(),
  CustomerName: z.string().nullable(),
});
export type HolidayTemplate = z.infer<typeof holidayTemplate>;

export const getHolidayNameList = defineCall({
  path: 'common/getHolidayNameList',
  module: 'admin',
  summary: 'Danh sách cấu hình miễn lưu bãi ngày lễ (mẫu) của các cảng người dùng',
  access: menuAccess('SYS_HOLIDAY'),
  request: optionalBody(z.object({ TerminalCode: z.string().trim().max(10).optional() })),
  response: replyWith({ payload: z.array(holidayTemplate).optional() }),
});

import { z } from 'zod';
import { getOprs } from '../customs/declarations';
import { DELAY_TIME, delayTimeMessage, flag, lookupOf, requiredText, rowguid } from '../grid/columns';
import { defineGrid } from '../grid/resource';
import { mailListText } from './mail-lists';

const code = (max: number, label: string) => requiredText(max, label).transform((v) => v.toUpperCase());
const operatorLookup = lookupOf(getOprs, 'OperationCode', 'OperationName');

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
  module: 'mail',
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

import { z } from 'zod';
import { menuAccess } from '../access';
import { defineCall } from '../call';
import type { CatalogCallSet } from '../catalogs/calls';
import type { CatalogDef } from '../catalogs/catalog';
import { orderNo, paymentMessages } from '../payments/calls';
import { optionalBody, replyWith } from '../reply';

export const payPartner = z.object({
  Rowguid: z.string().uuid().optional(),
  TerminalCode: z.string().trim().max(10),
  partnerCode: z.string().trim().max(20),
  bankCode: z.string().trim().max(20),
  bankName: z.string().trim().max(100).nullish(),
  partnerName: z.string().trim().max(100).nullish(),
  reconFolder: z.string().trim().max(200).nullish(),
  isQR: z.boolean(),
  visible: z.boolean(),
  orderBy: z.number().int().min(0).max(9999),
});
export type PayPartner = z.infer<typeof payPartner>;

export type PartnerKind = 'card' | 'bank' | 'qr';
/** How a configured partner pays: VietQR (isQR), the bank page (…NAPAS), otherwise card + OTP. */
export function partnerKind(p: Pick<PayPartner, 'partnerCode' | 'isQR'>): PartnerKind {
  if (p.isQR) return 'qr';
  return /NAPAS/i.test(p.partnerCode) ? 'bank' : 'card';
}

export const getPayPartners = defineCall({
  path: 'config/pay-partner',
  module: 'settings',
  summary:
    'Cổng thanh toán: isAll=true mọi dòng (màn hình cấu hình), không thì các cổng đang hiện (OrderNo: chỉ các cổng của cảng của lệnh)',
  access: menuAccess('HOME', 'CFG_PAY_PARTNER'),
  request: optionalBody(z.object({ isAll: z.boolean().optional(), OrderNo: orderNo.optional() })),
  response: replyWith({ data: z.array(payPartner).optional(), allTer: z.array(z.string()).optional() }),
});

export const editPayPartners = defineCall({
  path: 'config/pay-partner/edit',
  module: 'settings',
  summary: 'Lưu các dòng cấu hình cổng thanh toán đã sửa/thêm',
  access: menuAccess('CFG_PAY_PARTNER'),
  request: z.array(payPartner.partial({ TerminalCode: true, partnerCode: true, bankCode: true })).max(500),
  response: replyWith({}),
});

/** A partner row as the configuration grid checks it before saving (spec 03 §5: terminal, bank and partner codes). */
const required = (max: number) => z.string({ error: paymentMessages.fillAll }).trim().min(1, paymentMessages.fillAll).max(max);
const gridText = (max: number) => z.string().trim().max(max).nullish();

/**
 * 'Cấu hình phương thức thanh toán' (spec 03 §2.5, /config/pay_partner_config) on the one editable grid:
 * search, add and save; the terminal column's choices are the user's terminals (the screen fills them in).
 */
export const payPartnerCatalog: CatalogDef = {
  name: 'pay_partner',
  title: 'Cấu hình phương thức thanh toán',
  menu: 'CFG_PAY_PARTNER',
  row: z.object({
    Rowguid: z.string().uuid().nullish(),
    TerminalCode: required(10),
    partnerCode: required(20),
    bankCode: required(20),
    bankName: gridText(100),
    partnerName: gridText(100),
    isQR: z.boolean(),
    visible: z.boolean(),
    // Left blank: 0 (first).
    orderBy: z.number({ error: 'Thứ tự là số nguyên từ 0 đến 9999' }).int().min(0).max(9999).nullish(),
  }),
  key: ['TerminalCode', 'partnerCode', 'bankCode'],
  columns: [
    { field: 'TerminalCode', title: 'Mã cảng', type: 'enum', options: [], width: 100 },
    { field: 'partnerCode', title: 'Mã đối tác', type: 'text', width: 130 },
    { field: 'bankCode', title: 'Mã ngân hàng', type: 'text', width: 110 },
    { field: 'bankName', title: 'Tên ngân hàng', type: 'text', width: 200 },
    { field: 'partnerName', title: 'Tên đối tác', type: 'text', width: 190 },
    { field: 'isQR', title: 'QR', type: 'bool', width: 70 },
    { field: 'visible', title: 'Hiển thị', type: 'bool', width: 85 },
    { field: 'orderBy', title: 'Thứ tự', type: 'number', width: 80 },
  ],
  actions: { add: true, delete: false, save: true, import: false },
  height: '55vh',
  reloadAfterSaveMs: 1000,
};

/** The grid's calls: every row of the user's terminals (`isAll`, rows in `data`); the edited rows sent as the array itself. */
export const payPartnerGridCalls: CatalogCallSet = {
  get: getPayPartners,
  update: editPayPartners,
  getBody: { isAll: true },
  rowsOf: (reply) => (Array.isArray(reply.data) ? (reply.data as Record<string, unknown>[]) : []),
  saveBody: (rows) =>
    rows.map((r) => ({
      ...r,
      TerminalCode: r.TerminalCode ?? '',
      isQR: !!r.isQR,
      visible: !!r.visible,
      orderBy: Math.trunc(Number(r.orderBy) || 0),
    })),
};

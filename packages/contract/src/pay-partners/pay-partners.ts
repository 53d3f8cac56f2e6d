import { z } from 'zod';
import { lookupOf, rowguid } from '../grid/columns';
import { defineGrid } from '../grid/resource';
import { orderNo, paymentMessages } from '../payments/calls';
import { getTerminalList } from '../shell/calls';

const code = (max: number) =>
  z
    .string()
    .trim()
    .max(max)
    // Not sent: blank, which the required check refuses with the spec's one message.
    .default('');
const label = (max: number) => z.string().trim().max(max).nullish();

/** A payment partner of one terminal (spec 03 §3 "Payment partner"). */
export const payPartner = z.object({
  Rowguid: rowguid,
  TerminalCode: code(10).transform((v) => v.toUpperCase()),
  partnerCode: code(20),
  bankCode: code(20),
  bankName: label(100),
  partnerName: label(100),
  reconFolder: label(200),
  isQR: z.boolean(),
  visible: z.boolean(),
  // Left blank: 0 (first).
  orderBy: z
    .number({ error: 'Thứ tự là số nguyên từ 0 đến 9999' })
    .int()
    .min(0)
    .max(9999)
    .nullish()
    .transform((v) => v ?? 0),
});
export type PayPartner = z.infer<typeof payPartner>;

export type PartnerKind = 'card' | 'bank' | 'qr';
/** How a configured partner pays: VietQR (isQR), the bank page (…NAPAS), otherwise card + OTP. */
export function partnerKind(p: Pick<PayPartner, 'partnerCode' | 'isQR'>): PartnerKind {
  if (p.isQR) return 'qr';
  return /NAPAS/i.test(p.partnerCode) ? 'bank' : 'card';
}

/**
 * 'Cấu hình phương thức thanh toán' (spec 03 §2.5, /config/pay_partner_config): the partners of the user's terminals,
 * search, add and save (no delete call); a changed row needs terminal, bank and partner codes (03 §5); the list reloads
 * 1 s after a save (03 §9). The same list call gives a payer the partners shown for an order's terminal (pay-partners module).
 */
export const payPartnerGrid = defineGrid({
  name: 'pay_partner',
  module: 'payPartners',
  title: 'Cấu hình phương thức thanh toán',
  menu: 'CFG_PAY_PARTNER',
  table: 'pay_partners',
  paths: {
    get: {
      path: 'config/pay-partner',
      name: 'getPayPartners',
      menus: ['HOME', 'CFG_PAY_PARTNER'],
      // The screen lists every row; without isAll a payer gets the visible partners (of the order's terminal with OrderNo).
      body: { isAll: true },
      rowsIn: 'data',
      extra: { allTer: z.array(z.string()).optional() },
    },
    update: { path: 'config/pay-partner/edit', name: 'editPayPartners', body: 'rows', reply: 'plain', maxRows: 500 },
  },
  filter: { schema: z.object({ isAll: z.boolean().optional(), OrderNo: orderNo.optional() }) },
  scope: { kind: 'terminal', field: 'TerminalCode' },
  row: payPartner,
  key: ['TerminalCode', 'partnerCode', 'bankCode'],
  required: { fields: ['TerminalCode', 'partnerCode', 'bankCode'], message: paymentMessages.fillAll },
  order: ['TerminalCode', 'orderBy', 'partnerCode'],
  columns: [
    { field: 'TerminalCode', title: 'Mã cảng', type: 'enum', lookup: lookupOf(getTerminalList, 'TerminalCode'), width: 100 },
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
});

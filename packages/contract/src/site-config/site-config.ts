import { z } from 'zod';
import { sellerTaxCode } from '../fields';
import { optionalText, requiredText, rowguid } from '../grid/columns';
import { defineGrid } from '../grid/resource';

const code = (max: number, label: string) => requiredText(max, label).transform((v) => v.toUpperCase());

const dateTime = (label: string) =>
  z.coerce
    .date({ error: `${label} không hợp lệ` })
    .refine((d) => !Number.isNaN(d.getTime()), `${label} không hợp lệ`)
    .nullish()
    .transform((v) => v ?? null);

/** 'Phiên bản' (spec 03 §3 "Version row"). */
export const versionGrid = defineGrid({
  name: 'version',
  module: 'siteConfig',
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
 * English name, address, phone/fax/web) and the report mail shows, and the company's tax code its e-invoices name as
 * the seller. Terminals are reference data: edit and save only.
 */
export const contactGrid = defineGrid({
  name: 'contact',
  module: 'siteConfig',
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
    /** The seller (NBan MST) on the terminal's e-invoices; a terminal without one issues no invoice. */
    TaxCode: sellerTaxCode,
  }),
  key: ['TerminalCode'],
  columns: [
    { field: 'TerminalCode', title: 'Mã cảng', type: 'text', readOnly: true, width: 100 },
    { field: 'TerminalName', title: 'Tên cảng', type: 'text', width: 220 },
    { field: 'TerminalNameEnglish', title: 'Tên tiếng Anh', type: 'text', width: 220 },
    { field: 'TaxCode', title: 'Mã số thuế (hóa đơn)', type: 'text', width: 150 },
    { field: 'Address', title: 'Địa chỉ', type: 'text', width: 280 },
    { field: 'Tel', title: 'Điện thoại', type: 'text' },
    { field: 'Fax', title: 'Fax', type: 'text' },
    { field: 'Web', title: 'Website', type: 'text' },
  ],
  actions: { add: false, delete: false, save: true, import: false },
  height: '50vh',
});

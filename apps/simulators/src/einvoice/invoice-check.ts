import { child, childrenOf, readXml, type XmlNode, XmlSyntaxError } from './xml-read';

export interface ReadParty {
  name: string;
  taxCode: string;
  address: string;
  code: string;
}
export interface ReadLine {
  no: number;
  name: string;
  unit: string;
  quantity: number;
  unitPrice: number;
  amount: number;
  /** As written: '8%', '0%', 'KCT'… */
  vatRate: string;
  vatAmount: number;
}
export interface ReadRate {
  vatRate: string;
  amount: number;
  vatAmount: number;
}
/** What the provider keeps of a well-formed invoice (and shows in its PDF and HTML). */
export interface ReadInvoice {
  series: string;
  issueDate: string;
  currency: string;
  paymentMethod: string;
  providerTaxCode: string;
  seller: ReadParty;
  buyer: ReadParty;
  /** TTChung's free fields (TTKhac): 'Số lệnh', 'Mã PIN', 'Số vận đơn', 'Nội dung'. */
  info: Record<string, string>;
  lines: ReadLine[];
  rates: ReadRate[];
  totalBeforeTax: number;
  totalVat: number;
  totalPayable: number;
  payableInWords: string;
}

/** Tax codes: 10 digits, a branch's 10-3, or a person's 12. */
export const TAX_CODE = /^(\d{10}(-\d{3})?|\d{12})$/;
/** Series (KHHDon, Circular 78): C or K, the year's two digits, the kind letter, two letters the seller chooses. */
const SERIES = /^[CK]\d{2}[TDLMNBGH][A-Z0-9]{2}$/;
const RATES: Record<string, number | null> = { '0%': 0, '5%': 5, '8%': 8, '10%': 10, KCT: null, KKKNT: null };
const NUMBER = /^-?\d+(\.\d+)?$/;

/**
 * The provider's shape check of an invoice in the Vietnamese e-invoice XML (Decision 1450/QĐ-TCT, Circular 78/2021):
 * required elements, numbers, tax codes, each line's amount and VAT, the totals per rate against the lines and the
 * invoice's totals against the rates. Every problem is named with the element it is about.
 */
export function checkInvoiceXml(xml: string): { ok: true; invoice: ReadInvoice } | { ok: false; problems: string[] } {
  let root: XmlNode;
  try {
    root = readXml(xml);
  } catch (err) {
    if (err instanceof XmlSyntaxError) return { ok: false, problems: [`XML không đúng cú pháp: ${err.message}`] };
    throw err;
  }
  const problems: string[] = [];
  const need = (parent: XmlNode | undefined, name: string, path: string): XmlNode | undefined => {
    const n = child(parent, name);
    if (!n && parent) problems.push(`Thiếu ${path}/${name}`);
    return n;
  };
  const text = (parent: XmlNode | undefined, name: string, path: string, required = true): string => {
    const n = required ? need(parent, name, path) : child(parent, name);
    const v = n?.text.trim() ?? '';
    if (n && required && !v) problems.push(`${path}/${name} không được để trống`);
    return v;
  };
  const num = (parent: XmlNode | undefined, name: string, path: string, opts: { integer?: boolean; min?: number } = {}): number => {
    const v = text(parent, name, path);
    if (!v) return 0;
    if (!NUMBER.test(v)) {
      problems.push(`${path}/${name} phải là số (nhận được "${v}")`);
      return 0;
    }
    const n = Number(v);
    if (opts.integer && !Number.isInteger(n)) problems.push(`${path}/${name} phải là số nguyên đồng (nhận được ${v})`);
    if (opts.min != null && n < opts.min) problems.push(`${path}/${name} không được nhỏ hơn ${opts.min} (nhận được ${v})`);
    return n;
  };
  const info = (n: XmlNode | undefined): Record<string, string> => {
    const out: Record<string, string> = {};
    for (const t of childrenOf(child(n, 'TTKhac'), 'TTin')) {
      const key = child(t, 'TTruong')?.text.trim();
      if (key) out[key] = child(t, 'DLieu')?.text.trim() ?? '';
    }
    return out;
  };

  if (root.name !== 'HDon') return { ok: false, problems: [`Phần tử gốc phải là HDon (nhận được ${root.name})`] };
  const dl = need(root, 'DLHDon', 'HDon');
  const tc = need(dl, 'TTChung', 'DLHDon');
  const P = 'TTChung';
  text(tc, 'PBan', P);
  text(tc, 'THDon', P);
  const form = text(tc, 'KHMSHDon', P);
  if (form && !/^[1-6]$/.test(form)) problems.push(`TTChung/KHMSHDon phải từ 1 đến 6 (nhận được "${form}")`);
  const series = text(tc, 'KHHDon', P);
  if (series && !SERIES.test(series)) problems.push(`TTChung/KHHDon không đúng ký hiệu hóa đơn (nhận được "${series}")`);
  const number = child(tc, 'SHDon')?.text.trim();
  if (number) problems.push('TTChung/SHDon do nhà cung cấp cấp khi ký, phải để trống');
  const issueDate = text(tc, 'NLap', P);
  if (issueDate && (!/^\d{4}-\d{2}-\d{2}$/.test(issueDate) || Number.isNaN(Date.parse(issueDate))))
    problems.push(`TTChung/NLap phải là ngày YYYY-MM-DD (nhận được "${issueDate}")`);
  const currency = text(tc, 'DVTTe', P);
  if (currency && !/^[A-Z]{3}$/.test(currency)) problems.push(`TTChung/DVTTe phải là mã tiền tệ 3 chữ (nhận được "${currency}")`);
  if (currency && currency !== 'VND') num(tc, 'TGia', P, { min: 0 });
  const paymentMethod = text(tc, 'HTTToan', P);
  const providerTaxCode = text(tc, 'MSTTCGP', P);
  if (providerTaxCode && !TAX_CODE.test(providerTaxCode))
    problems.push(`TTChung/MSTTCGP không đúng định dạng mã số thuế (nhận được "${providerTaxCode}")`);

  const nd = need(dl, 'NDHDon', 'DLHDon');
  const party = (name: 'NBan' | 'NMua'): ReadParty => {
    const n = need(nd, name, 'NDHDon');
    const path = `NDHDon/${name}`;
    const seller = name === 'NBan';
    const p = {
      name: text(n, 'Ten', path),
      taxCode: text(n, 'MST', path, seller),
      address: text(n, 'DChi', path, seller),
      code: text(n, 'MKHang', path, false),
    };
    if (p.taxCode && !TAX_CODE.test(p.taxCode)) problems.push(`${path}/MST không đúng định dạng mã số thuế (nhận được "${p.taxCode}")`);
    if (!seller && p.taxCode && !p.address) problems.push(`${path}/DChi: người mua có mã số thuế phải có địa chỉ`);
    return p;
  };
  const seller = party('NBan');
  const buyer = party('NMua');

  const lines: ReadLine[] = [];
  const list = need(nd, 'DSHHDVu', 'NDHDon');
  const items = childrenOf(list, 'HHDVu');
  if (list && !items.length) problems.push('NDHDon/DSHHDVu phải có ít nhất một dòng HHDVu');
  for (const [i, h] of items.entries()) {
    const path = `HHDVu[${i + 1}]`;
    const kind = text(h, 'TChat', path);
    if (kind && !/^[1-4]$/.test(kind)) problems.push(`${path}/TChat phải từ 1 đến 4 (nhận được "${kind}")`);
    const no = num(h, 'STT', path, { integer: true });
    if (no !== i + 1) problems.push(`${path}/STT phải là ${i + 1} (nhận được ${no})`);
    const line: ReadLine = {
      no,
      name: text(h, 'THHDVu', path),
      unit: text(h, 'DVTinh', path),
      quantity: num(h, 'SLuong', path),
      unitPrice: num(h, 'DGia', path, { min: 0 }),
      amount: num(h, 'ThTien', path, { integer: true, min: 0 }),
      vatRate: text(h, 'TSuat', path),
      vatAmount: 0,
    };
    if (child(h, 'SLuong') && !(line.quantity > 0)) problems.push(`${path}/SLuong phải lớn hơn 0`);
    // A rounded unit price times the quantity is the amount within a đồng per unit (a foreign-currency tariff).
    if (Math.abs(line.quantity * line.unitPrice - line.amount) > line.quantity + 1)
      problems.push(`${path}/ThTien ${line.amount} không khớp SLuong × DGia = ${line.quantity} × ${line.unitPrice}`);
    const rate = RATES[line.vatRate];
    if (line.vatRate && rate === undefined) problems.push(`${path}/TSuat không hợp lệ (nhận được "${line.vatRate}")`);
    const vat = info(h).TThue;
    if (vat == null) problems.push(`Thiếu ${path}/TTKhac TThue (tiền thuế của dòng)`);
    else if (!/^\d+$/.test(vat)) problems.push(`${path}/TTKhac TThue phải là số nguyên đồng (nhận được "${vat}")`);
    else {
      line.vatAmount = Number(vat);
      const expected = rate ? (line.amount * rate) / 100 : 0;
      // Rounded per charge: a line that adds up several charges (by bill of lading) may carry half a đồng per unit.
      if (Math.abs(line.vatAmount - expected) > Math.max(1, Math.ceil(line.quantity / 2)))
        problems.push(`${path}: tiền thuế ${line.vatAmount} không khớp ThTien × TSuat = ${line.amount} × ${line.vatRate}`);
    }
    lines.push(line);
  }

  const tt = need(nd, 'TToan', 'NDHDon');
  const rates: ReadRate[] = [];
  for (const [i, r] of childrenOf(need(tt, 'THTTLTSuat', 'TToan'), 'LTSuat').entries()) {
    const path = `LTSuat[${i + 1}]`;
    rates.push({
      vatRate: text(r, 'TSuat', path),
      amount: num(r, 'ThTien', path, { integer: true, min: 0 }),
      vatAmount: num(r, 'TThue', path, { integer: true, min: 0 }),
    });
  }
  const seen = new Set<string>();
  for (const r of rates) {
    if (seen.has(r.vatRate)) problems.push(`THTTLTSuat: thuế suất ${r.vatRate} bị lặp`);
    seen.add(r.vatRate);
    const of = lines.filter((l) => l.vatRate === r.vatRate);
    const amount = of.reduce((s, l) => s + l.amount, 0);
    const vat = of.reduce((s, l) => s + l.vatAmount, 0);
    if (r.amount !== amount) problems.push(`LTSuat ${r.vatRate}: ThTien ${r.amount} khác tổng thành tiền các dòng ${amount}`);
    if (r.vatAmount !== vat) problems.push(`LTSuat ${r.vatRate}: TThue ${r.vatAmount} khác tổng tiền thuế các dòng ${vat}`);
  }
  for (const rate of new Set(lines.map((l) => l.vatRate)))
    if (!seen.has(rate)) problems.push(`THTTLTSuat thiếu dòng tổng cho thuế suất ${rate}`);
  const totalBeforeTax = num(tt, 'TgTCThue', 'TToan', { integer: true, min: 0 });
  const totalVat = num(tt, 'TgTThue', 'TToan', { integer: true, min: 0 });
  const totalPayable = num(tt, 'TgTTTBSo', 'TToan', { integer: true, min: 0 });
  const payableInWords = text(tt, 'TgTTTBChu', 'TToan');
  const sumAmount = rates.reduce((s, r) => s + r.amount, 0);
  const sumVat = rates.reduce((s, r) => s + r.vatAmount, 0);
  if (tt && totalBeforeTax !== sumAmount) problems.push(`TToan/TgTCThue ${totalBeforeTax} khác tổng theo thuế suất ${sumAmount}`);
  if (tt && totalVat !== sumVat) problems.push(`TToan/TgTThue ${totalVat} khác tổng tiền thuế theo thuế suất ${sumVat}`);
  if (tt && totalPayable !== totalBeforeTax + totalVat)
    problems.push(`TToan/TgTTTBSo ${totalPayable} khác TgTCThue + TgTThue = ${totalBeforeTax + totalVat}`);

  if (problems.length) return { ok: false, problems };
  return {
    ok: true,
    invoice: {
      series,
      issueDate,
      currency,
      paymentMethod,
      providerTaxCode,
      seller,
      buyer,
      info: info(tc),
      lines,
      rates,
      totalBeforeTax,
      totalVat,
      totalPayable,
      payableInWords,
    },
  };
}

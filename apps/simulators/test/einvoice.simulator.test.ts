import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { einvoiceSimulator } from '../src/einvoice/einvoice.simulator';
import { checkInvoiceXml } from '../src/einvoice/invoice-check';
import { type RunningSimulator, startSimulator } from '../src/simulator';

let sim: RunningSimulator;
beforeAll(async () => {
  sim = await startSimulator(einvoiceSimulator, 0);
});
afterAll(async () => {
  await sim?.close();
});

const line = (no: number, name: string, unit: string, qty: string, price: number, amount: number, rate: string, vat: number) =>
  `<HHDVu><TChat>1</TChat><STT>${no}</STT><THHDVu>${name}</THHDVu><DVTinh>${unit}</DVTinh><SLuong>${qty}</SLuong><DGia>${price}</DGia><ThTien>${amount}</ThTien><TSuat>${rate}</TSuat><TTKhac><TTin><TTruong>TThue</TTruong><KDLieu>numeric</KDLieu><DLieu>${vat}</DLieu></TTin></TTKhac></HHDVu>`;

/** A well-formed invoice: lifting and 11 storage days at 8 %, an inspection at 10 %. */
const parts = {
  seller: '<NBan><Ten>Cảng Nam Đình Vũ</Ten><MST>0201776543</MST><DChi>Khu kinh tế Đình Vũ, TP. Hải Phòng</DChi></NBan>',
  buyer: '<NMua><Ten>Công ty A &amp; B</Ten><MST>0101234567</MST><DChi>Số 1 Trần Phú</DChi><MKHang>C0000001</MKHang></NMua>',
  lines:
    line(1, 'Lấy nguyên container container MSCU1234565 (45G1, hàng)', 'Container', '1', 1000000, 1000000, '8%', 80000) +
    line(2, 'Lưu bãi container MSCU1234565 (45G1, hàng)', 'Ngày', '11', 45000, 495000, '8%', 39600) +
    line(3, 'Dịch vụ Kiểm hóa container MSCU1234565 (45G1, hàng)', 'Container', '1', 200000, 200000, '10%', 20000),
  rates:
    '<LTSuat><TSuat>10%</TSuat><ThTien>200000</ThTien><TThue>20000</TThue></LTSuat><LTSuat><TSuat>8%</TSuat><ThTien>1495000</ThTien><TThue>119600</TThue></LTSuat>',
  totals: '<TgTCThue>1695000</TgTCThue><TgTThue>139600</TgTThue><TgTTTBSo>1834600</TgTTTBSo>',
  words: '<TgTTTBChu>Một triệu tám trăm ba mươi tư nghìn sáu trăm đồng</TgTTTBChu>',
  series: '<KHHDon>C26TAA</KHHDon>',
  provider: '<MSTTCGP>0109999999</MSTTCGP>',
};
type Parts = typeof parts;
const invoiceXml = (p: Partial<Parts> = {}) => {
  const x = { ...parts, ...p };
  return `<?xml version="1.0" encoding="UTF-8"?><HDon><DLHDon Id="data"><TTChung><PBan>2.0.0</PBan><THDon>HÓA ĐƠN GIÁ TRỊ GIA TĂNG</THDon><KHMSHDon>1</KHMSHDon>${x.series}<SHDon/><NLap>2026-11-21</NLap><DVTTe>VND</DVTTe><TGia>1</TGia><HTTToan>CK</HTTToan>${x.provider}<TTKhac><TTin><TTruong>Số lệnh</TTruong><KDLieu>string</KDLieu><DLieu>NDP2611210000001</DLieu></TTin></TTKhac></TTChung><NDHDon>${x.seller}${x.buyer}<DSHHDVu>${x.lines}</DSHHDVu><TToan><THTTLTSuat>${x.rates}</THTTLTSuat>${x.totals}${x.words}</TToan></NDHDon></DLHDon></HDon>`;
};

const post = (xml: string, key: string | null = `K-${Math.random()}`) =>
  fetch(`${sim.url}/invoices`, {
    method: 'POST',
    headers: { 'content-type': 'application/xml; charset=utf-8', ...(key ? { 'idempotency-key': key } : {}) },
    body: xml,
  });

describe('the e-invoice simulator receives the invoice as XML', () => {
  it('issues a well-formed invoice once per key and shows the same lines as HTML and PDF', async () => {
    const first = await post(invoiceXml(), 'NDP2611210000001');
    expect(first.status).toBe(200);
    const issued = (await first.json()) as { series: string; invoiceNo: string; state: string; pdfUrl: string };
    expect(issued).toMatchObject({
      series: expect.stringMatching(/^C\d{2}TAA$/),
      invoiceNo: expect.stringMatching(/^\d{8}$/),
      state: 'issued',
    });
    const again = (await (await post(invoiceXml(), 'NDP2611210000001')).json()) as { invoiceNo: string };
    expect(again.invoiceNo).toBe(issued.invoiceNo);

    const held = (await (await fetch(`${sim.url}/_knobs/invoices/${issued.series}/${issued.invoiceNo}`)).json()) as {
      orderNo: string;
      invoice: { buyer: { name: string }; lines: { name: string; vatAmount: number }[]; rates: unknown[] };
    };
    expect(held.orderNo).toBe('NDP2611210000001');
    expect(held.invoice.buyer.name).toBe('Công ty A & B');
    expect(held.invoice.lines.map((l) => l.vatAmount)).toEqual([80000, 39600, 20000]);

    const html = await (await fetch(`${sim.url}/invoices/${issued.series}/${issued.invoiceNo}.html`)).text();
    for (const text of [
      'Lưu bãi container MSCU1234565 (45G1, hàng)',
      'Ngày',
      '45.000',
      '495.000',
      '39.600',
      'Tổng theo thuế suất 10%',
      '1.834.600',
    ])
      expect(html).toContain(text);
    expect(html).toContain('Công ty A &amp; B');
    expect(html).toContain('Một triệu tám trăm ba mươi tư nghìn sáu trăm đồng');
    const pdf = await fetch(issued.pdfUrl);
    expect(pdf.headers.get('content-type')).toContain('application/pdf');
    expect((await pdf.arrayBuffer()).byteLength).toBeGreaterThan(1000);
  });

  it.each<[string, Partial<Parts> | string, RegExp]>([
    ['XML that does not parse', '<HDon><DLHDon></HDon>', /XML không đúng cú pháp: Thẻ đóng <\/HDon> không khớp với thẻ mở <DLHDon>/],
    ['a buyer without a name', { buyer: '<NMua><MST>0101234567</MST><DChi>Số 1</DChi></NMua>' }, /Thiếu NDHDon\/NMua\/Ten/],
    [
      'a seller tax code of the wrong shape',
      { seller: parts.seller.replace('0201776543', '02017') },
      /NDHDon\/NBan\/MST không đúng định dạng mã số thuế/,
    ],
    ['a series that is not one', { series: '<KHHDon>XYZ</KHHDon>' }, /TTChung\/KHHDon không đúng ký hiệu hóa đơn/],
    [
      'a quantity that is not a number',
      { lines: parts.lines.replace('<SLuong>11</SLuong>', '<SLuong>mười một</SLuong>') },
      /HHDVu\[2\]\/SLuong phải là số/,
    ],
    [
      'an amount that is not quantity × unit price',
      { lines: parts.lines.replace('<ThTien>495000</ThTien>', '<ThTien>490000</ThTien>') },
      /HHDVu\[2\]\/ThTien 490000 không khớp SLuong × DGia/,
    ],
    [
      'a VAT rate the law does not have',
      { lines: parts.lines.replace('<TSuat>10%</TSuat>', '<TSuat>7%</TSuat>') },
      /HHDVu\[3\]\/TSuat không hợp lệ/,
    ],
    [
      'a rate total that is not its lines',
      { rates: parts.rates.replace('<TThue>119600</TThue>', '<TThue>119601</TThue>') },
      /LTSuat 8%: TThue 119601 khác tổng tiền thuế các dòng 119600/,
    ],
    [
      'a rate without its total',
      { rates: parts.rates.replace(/<LTSuat><TSuat>10%.*?<\/LTSuat>/, '') },
      /THTTLTSuat thiếu dòng tổng cho thuế suất 10%/,
    ],
    [
      'a payable that is not before tax + VAT',
      { totals: parts.totals.replace('1834600', '1834000') },
      /TToan\/TgTTTBSo 1834000 khác TgTCThue \+ TgTThue = 1834600/,
    ],
    ['no amount in words', { words: '' }, /Thiếu TToan\/TgTTTBChu/],
  ])('refuses %s with 422 INVALID_INVOICE naming the problem', async (_what, change, message) => {
    const res = await post(typeof change === 'string' ? change : invoiceXml(change));
    expect(res.status).toBe(422);
    const body = (await res.json()) as { code: string; message: string };
    expect(body.code).toBe('INVALID_INVOICE');
    expect(body.message).toMatch(/^Hóa đơn không hợp lệ: /);
    expect(body.message).toMatch(message);
  });

  it('refuses a body without its key or not in XML (400)', async () => {
    expect((await post(invoiceXml(), null)).status).toBe(400);
    const json = await fetch(`${sim.url}/invoices`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', 'idempotency-key': 'K' },
      body: JSON.stringify({ key: 'K', total: 1 }),
    });
    expect(json.status).toBe(400);
  });

  it('reads entities and refuses DOCTYPE (no entity expansion)', () => {
    expect(checkInvoiceXml(invoiceXml({ buyer: parts.buyer.replace('A &amp; B', 'A &#38; B &#x41;') })).ok).toBe(true);
    const doctype = checkInvoiceXml('<?xml version="1.0"?><!DOCTYPE x [<!ENTITY a "b">]><HDon/>');
    expect(doctype).toMatchObject({ ok: false, problems: [expect.stringMatching(/Không chấp nhận DOCTYPE/)] });
  });
});

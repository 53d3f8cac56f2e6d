import { portInstant, portTimeText } from '@smartport/contract';
import { describe, expect, it } from 'vitest';
import { dueTime } from '../../../src/modules/mail/mail-orders.service';
import { MAIL_MAX_ATTEMPTS, mailRetryMs, nextTryAfter } from '../../../src/modules/mail/mail-queue.service';
import { factRef, type MailedOrderFacts, type PayerMailFact, payerMail } from '../../../src/modules/mail/order-mails';

const order: MailedOrderFacts = {
  OrderNo: 'NDP2611260000001',
  PinCode: '482913-07',
  TerminalCode: 'NDP',
  TerminalName: 'Cảng Nam Đình Vũ',
  JobModeName: 'Lấy nguyên container',
  TotalAmount: 1_250_000,
  CurrencyCode: 'VND',
  ExpDate: new Date('2026-11-30T16:59:59Z'),
  CustomerCode: 'KH001',
  CustomerName: 'Công ty <b>Hải</b> & "Minh"',
  CustomerEmail: 'ketoan@haiminh.vn',
  CreatedBy: 'khachhang',
  CreatorEmail: 'maianh.do@haiminhlogistics.vn',
  ContainerNos: ['MSCU1234565', 'TGHU7654321'],
};
const link = 'https://portal.smartport.vn/order/abc.def';

describe('payerMail', () => {
  const cases: [PayerMailFact, string][] = [
    [{ kind: 'order.saved' }, 'SmartPort – Lệnh 482913 đã được lưu'],
    [{ kind: 'order.paid', amount: 1_250_000, transactionId: 'FT123', skipApproval: false }, 'SmartPort – Lệnh 482913 đã thanh toán'],
    [
      { kind: 'invoice.issued', invoiceNo: 'C26TAA-0000123', pdfUrl: 'https://hoadon.vn/C26TAA/123.pdf' },
      'SmartPort – Hóa đơn C26TAA-0000123 của lệnh 482913',
    ],
    [{ kind: 'order.approved' }, 'SmartPort – Lệnh 482913 đã được duyệt'],
    [{ kind: 'order.rejected', reason: 'Thiếu D/O' }, 'SmartPort – Lệnh 482913 bị từ chối'],
    [{ kind: 'order.allocated', containerNos: ['MSCU1234565'], at: '2026-11-27T01:00:00Z' }, 'SmartPort – Lệnh 482913 đã được phân bổ'],
    [{ kind: 'order.completed', at: '2026-11-27T03:00:00Z' }, 'SmartPort – Lệnh 482913 đã hoàn tất'],
    [
      { kind: 'order.extensionDue', extensionOrderNo: 'NDP2611280000009', containerNos: ['MSCU1234565'], amount: 300_000 },
      'SmartPort – Lệnh 482913 cần gia hạn',
    ],
  ];
  it.each(cases)('%o has its subject, the shown PIN only, the order and the link in both parts', (fact, subject) => {
    const m = payerMail(order, fact, link, 'qr@smartport');
    expect(m.subject).toBe(subject);
    expect(m.subject).not.toContain('-07');
    for (const part of [m.html, m.text]) {
      expect(part).toContain(order.OrderNo);
      expect(part).toContain(link);
    }
  });

  it('escapes every value in the HTML and keeps it as written in the plain text', () => {
    const m = payerMail(order, { kind: 'order.rejected', reason: '<script>alert(1)</script>' }, link, 'qr@smartport');
    expect(m.html).not.toContain('<script>');
    expect(m.html).toContain('&lt;script&gt;alert(1)&lt;/script&gt;');
    expect(m.html).toContain('Công ty &lt;b&gt;Hải&lt;/b&gt; &amp; &quot;Minh&quot;');
    expect(m.text).toContain('Lý do: <script>alert(1)</script>');
  });

  it('shows the QR (by its cid) only in the saved mail; the spec texts where the screens say the same', () => {
    expect(payerMail(order, { kind: 'order.saved' }, link, 'qr@smartport').html).toContain('src="cid:qr@smartport"');
    expect(payerMail(order, { kind: 'order.approved' }, link, 'qr@smartport').html).not.toContain('cid:');
    const waiting = payerMail(order, { kind: 'order.paid', amount: 1, transactionId: 'T', skipApproval: false }, link, 'x');
    expect(waiting.text).toContain('Thanh toán thành công !');
    expect(waiting.text).toContain('Lệnh đang trạng thái chờ duyệt');
    const approved = payerMail(order, { kind: 'order.paid', amount: 1, transactionId: 'T', skipApproval: true }, link, 'x');
    expect(approved.text).not.toContain('chờ duyệt');
    const invoice = payerMail(order, { kind: 'invoice.issued', invoiceNo: 'C26TAA-1', pdfUrl: 'https://hoadon.vn/1.pdf' }, link, 'x');
    expect(invoice.html).toContain('href="https://hoadon.vn/1.pdf"');
    expect(invoice.text).toContain('Xuất hóa đơn thành công !');
  });
});

describe('factRef', () => {
  it('tells facts of one order apart where several may come, and a replay from the first', () => {
    const a: PayerMailFact = { kind: 'order.allocated', containerNos: ['B', 'A'], at: '2026-11-27T01:00:00Z' };
    const b: PayerMailFact = { kind: 'order.allocated', containerNos: ['A', 'B'], at: '2026-11-27T01:00:00Z' };
    expect(factRef('O1', a)).toBe(factRef('O1', b));
    expect(factRef('O1', { ...a, at: '2026-11-27T02:00:00Z' })).not.toBe(factRef('O1', a));
    expect(factRef('O1', { kind: 'order.approved' })).toBe('O1');
    expect(factRef('O1', { kind: 'order.paid', amount: 1, transactionId: 'T9', skipApproval: true })).toBe('O1:T9');
  });
});

describe('mail retries', () => {
  it('wait 30 s, 1 min, 2 min … at most an hour, and stop after the last try', () => {
    expect([1, 2, 3, 4].map(mailRetryMs)).toEqual([30_000, 60_000, 120_000, 240_000]);
    expect(mailRetryMs(20)).toBe(3_600_000);
    expect(nextTryAfter(MAIL_MAX_ATTEMPTS - 1)).toBe(mailRetryMs(MAIL_MAX_ATTEMPTS - 1));
    expect(nextTryAfter(MAIL_MAX_ATTEMPTS)).toBeNull();
  });
});

describe('dueTime of a mail-order rule', () => {
  const at = portInstant(2026, 11, 27, 10, 20);
  it('TGT: at once; TCK: the end of the running period from port midnight; GHN: the next daily time (24–29 h: next morning)', () => {
    expect(dueTime({ DelayType: 'TGT', DelayTime: null }, at)).toEqual(at);
    expect(portTimeText(dueTime({ DelayType: 'TCK', DelayTime: '01:30' }, at))).toBe('2026-11-27 10:30:00');
    expect(portTimeText(dueTime({ DelayType: 'GHN', DelayTime: '17:00' }, at))).toBe('2026-11-27 17:00:00');
    expect(portTimeText(dueTime({ DelayType: 'GHN', DelayTime: '08:00' }, at))).toBe('2026-11-28 08:00:00');
    expect(portTimeText(dueTime({ DelayType: 'GHN', DelayTime: '25:00' }, at))).toBe('2026-11-28 01:00:00');
  });
});

import { portTimeText, shownPin } from '@smartport/contract';
import { escapeHtml } from './mail.service';

/** What a payer's mail tells about its order (read when the fact is handled). */
export interface MailedOrderFacts {
  OrderNo: string;
  PinCode: string;
  TerminalCode: string;
  TerminalName: string | null;
  JobModeName: string | null;
  TotalAmount: number;
  CurrencyCode: string;
  ExpDate: Date | null;
  CustomerCode: string;
  CustomerName: string | null;
  CustomerEmail: string | null;
  CreatedBy: string | null;
  CreatorEmail: string | null;
  ContainerNos: string[];
}

/** The fact, with what only it carries. */
export type PayerMailFact =
  | { kind: 'order.saved' }
  | { kind: 'order.paid'; amount: number; transactionId: string; skipApproval: boolean }
  | { kind: 'invoice.issued'; invoiceNo: string; pdfUrl: string | null }
  | { kind: 'order.approved' }
  | { kind: 'order.rejected'; reason: string }
  | { kind: 'order.allocated'; containerNos: string[]; at: string }
  | { kind: 'order.completed'; at: string }
  | { kind: 'order.extensionDue'; extensionOrderNo: string; containerNos: string[]; amount: number };

export interface RenderedMail {
  subject: string;
  html: string;
  text: string;
}

/** Spec 02 §8's texts where the mail says the same thing the screens do. */
const specTexts = {
  paid: 'Thanh toán thành công !',
  waitingApproval: 'Lệnh đang trạng thái chờ duyệt',
  invoiced: 'Xuất hóa đơn thành công !',
} as const;

const money = (n: number, currency: string) => `${n.toLocaleString('vi-VN')} ${currency}`;
const timeOf = (iso: string) => {
  const d = new Date(iso);
  return Number.isNaN(d.getTime()) ? iso : portTimeText(d);
};

/** One line of the mail: shown as a paragraph in HTML, as a line in the plain text. */
type Line = { text: string; strong?: boolean };
/** A labelled value of the order's table. */
type Row = [label: string, value: string];

interface Parts {
  subject: string;
  lead: Line[];
  rows: Row[];
  /** Links under the table: [label, url]. */
  links: [string, string][];
  qr: boolean;
}

function partsOf(o: MailedOrderFacts, fact: PayerMailFact, link: string): Parts {
  const pin = shownPin(o.PinCode);
  const base: Row[] = [
    ['Số lệnh', o.OrderNo],
    ['Mã PIN', pin],
    ['Cảng', o.TerminalName ? `${o.TerminalName} (${o.TerminalCode})` : o.TerminalCode],
    ['Phương án', o.JobModeName ?? ''],
    ['Khách hàng thanh toán', o.CustomerName ?? o.CustomerCode],
    ['Số container', String(o.ContainerNos.length)],
    ['Thành tiền', money(o.TotalAmount, o.CurrencyCode)],
  ];
  const orderLink: [string, string] = ['Xem lệnh', link];
  switch (fact.kind) {
    case 'order.saved':
      return {
        subject: `SmartPort – Lệnh ${pin} đã được lưu`,
        lead: [
          { text: `Lệnh ${o.OrderNo} đã được lưu.`, strong: true },
          { text: 'Mã QR dưới đây mở trang lệnh (PIN, container, mã QR qua cổng).' },
        ],
        rows: [...base, ['Hạn lệnh', o.ExpDate ? portTimeText(o.ExpDate) : '']],
        links: [orderLink],
        qr: true,
      };
    case 'order.paid':
      return {
        subject: `SmartPort – Lệnh ${pin} đã thanh toán`,
        lead: [{ text: specTexts.paid, strong: true }, ...(fact.skipApproval ? [] : [{ text: specTexts.waitingApproval }])],
        rows: [...base, ['Số tiền đã thanh toán', money(fact.amount, o.CurrencyCode)], ['Mã giao dịch', fact.transactionId]],
        links: [orderLink],
        qr: false,
      };
    case 'invoice.issued':
      return {
        subject: `SmartPort – Hóa đơn ${fact.invoiceNo} của lệnh ${pin}`,
        lead: [{ text: specTexts.invoiced, strong: true }],
        rows: [...base, ['Số hóa đơn', fact.invoiceNo]],
        links: [...(fact.pdfUrl ? [['Xem hóa đơn (PDF)', fact.pdfUrl] as [string, string]] : []), orderLink],
        qr: false,
      };
    case 'order.approved':
      return {
        subject: `SmartPort – Lệnh ${pin} đã được duyệt`,
        lead: [{ text: `Lệnh ${o.OrderNo} đã được duyệt.`, strong: true }, { text: 'Xe vào cổng với mã PIN hoặc mã QR trên trang lệnh.' }],
        rows: [...base, ['Hạn lệnh', o.ExpDate ? portTimeText(o.ExpDate) : '']],
        links: [orderLink],
        qr: false,
      };
    case 'order.rejected':
      return {
        subject: `SmartPort – Lệnh ${pin} bị từ chối`,
        lead: [{ text: `Lệnh ${o.OrderNo} bị từ chối.`, strong: true }, { text: `Lý do: ${fact.reason}` }],
        rows: base,
        links: [orderLink],
        qr: false,
      };
    case 'order.allocated':
      return {
        subject: `SmartPort – Lệnh ${pin} đã được phân bổ`,
        lead: [{ text: `Cảng đã phân bổ container của lệnh ${o.OrderNo}.`, strong: true }],
        rows: [...base, ['Container đã phân bổ', fact.containerNos.join(', ')], ['Thời gian', timeOf(fact.at)]],
        links: [orderLink],
        qr: false,
      };
    case 'order.completed':
      return {
        subject: `SmartPort – Lệnh ${pin} đã hoàn tất`,
        lead: [{ text: `Mọi container của lệnh ${o.OrderNo} đã qua cổng: lệnh hoàn tất.`, strong: true }],
        rows: [...base, ['Thời gian hoàn tất', timeOf(fact.at)]],
        links: [orderLink],
        qr: false,
      };
    case 'order.extensionDue':
      return {
        subject: `SmartPort – Lệnh ${pin} cần gia hạn`,
        lead: [
          { text: `Xe đến sau hạn lệnh ${o.OrderNo}: lệnh gia hạn ${fact.extensionOrderNo} đã được tạo.`, strong: true },
          { text: 'Container chỉ qua cổng khi lệnh gia hạn đã được thanh toán.' },
        ],
        rows: [
          ...base,
          ['Lệnh gia hạn', fact.extensionOrderNo],
          ['Container', fact.containerNos.join(', ')],
          ['Số tiền gia hạn', money(fact.amount, o.CurrencyCode)],
        ],
        links: [['Xem lệnh gia hạn', link]],
        qr: false,
      };
  }
}

/**
 * A payer's mail about one fact of its order: the subject ('SmartPort – Lệnh <PIN> …', the PIN as screens show it),
 * HTML with every value escaped and the QR (cid) where the fact gives one, and the same in plain text.
 */
export function payerMail(o: MailedOrderFacts, fact: PayerMailFact, link: string, qrCid: string): RenderedMail {
  const p = partsOf(o, fact, link);
  const e = escapeHtml;
  const html = [
    '<div style="font-family:Arial,sans-serif;font-size:14px;color:#1f1f1f">',
    ...p.lead.map((l) => (l.strong ? `<p><b>${e(l.text)}</b></p>` : `<p>${e(l.text)}</p>`)),
    '<table cellpadding="6" cellspacing="0" style="border-collapse:collapse">',
    ...p.rows.map(([k, v]) => `<tr><td style="color:#595959">${e(k)}</td><td><b>${e(v)}</b></td></tr>`),
    '</table>',
    ...(p.qr ? [`<p><a href="${e(link)}"><img src="cid:${e(qrCid)}" alt="QR lệnh ${e(o.OrderNo)}" width="200" height="200"></a></p>`] : []),
    ...p.links.map(([label, url]) => `<p><a href="${e(url)}">${e(label)}</a></p>`),
    '<p style="color:#8c8c8c">Mail gửi tự động từ SmartPort, vui lòng không trả lời.</p>',
    '</div>',
  ].join('\n');
  const text = [
    ...p.lead.map((l) => l.text),
    '',
    ...p.rows.map(([k, v]) => `${k}: ${v}`),
    '',
    ...p.links.map(([label, url]) => `${label}: ${url}`),
    '',
    'Mail gửi tự động từ SmartPort, vui lòng không trả lời.',
  ].join('\n');
  return { subject: p.subject, html, text };
}

/** The part of a fact that tells one mail from another of the same kind and order (a replayed fact has the same). */
export function factRef(orderNo: string, fact: PayerMailFact): string {
  switch (fact.kind) {
    case 'order.paid':
      return `${orderNo}:${fact.transactionId}`;
    case 'invoice.issued':
      return `${orderNo}:${fact.invoiceNo}`;
    case 'order.allocated':
      return `${orderNo}:${fact.at}:${[...fact.containerNos].sort().join(',')}`;
    case 'order.extensionDue':
      return `${orderNo}:${fact.extensionOrderNo}`;
    default:
      return orderNo;
  }
}

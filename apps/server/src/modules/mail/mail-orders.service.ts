import { DELAY_TIME, type MailOrderFilter, mailOrderFilterNames, portDayStart, portTimeText, splitMailList } from '@smartport/contract';
import { escapeHtml } from './mail.service';
import type { MailedOrder, MailOrderRule, MailOrdersRepository } from './mail-orders.repository';

const MINUTE = 60_000;
const DAY = 24 * 60 * MINUTE;
const portMidnight = (at: Date) => portDayStart(at).getTime();
const minutesOf = (hhmm: string | null) => {
  const m = DELAY_TIME.exec(hhmm ?? '');
  return m ? Number(m[1]) * 60 + Number(m[2]) : null;
};

/**
 * When the mail of an order that reached a rule's state at `at` goes:
 * - TGT (real time): at once;
 * - TCK (periodic): at the end of the running period of DelayTime, periods counted from port midnight
 *   (01:30 → 01:30, 03:00, 04:30 …); orders of one period go in one mail;
 * - GHN (daily): at the next DelayTime of a day (port time); 24:00–29:59 is that hour minus 24 on the next day
 *   (the port's working day runs past midnight), so 25:00 sends the day's orders at 01:00 the next morning.
 */
export function dueTime(rule: Pick<MailOrderRule, 'DelayType' | 'DelayTime'>, at: Date): Date {
  const minutes = minutesOf(rule.DelayTime);
  if (rule.DelayType === 'TGT' || minutes === null) return at;
  const midnight = portMidnight(at);
  if (rule.DelayType === 'TCK') {
    const period = Math.max(minutes, 1) * MINUTE;
    return new Date(midnight + Math.ceil((at.getTime() - midnight) / period) * period);
  }
  const offset = minutes * MINUTE;
  for (const day of [-1, 0, 1]) {
    const candidate = midnight + day * DAY + offset;
    if (candidate >= at.getTime()) return new Date(candidate);
  }
  return new Date(midnight + DAY + offset);
}

const statusNames: Record<string, string> = { A: 'Chưa thanh toán', P: 'Chờ duyệt', C: 'Đã duyệt', D: 'Đã hủy' };

function mailHtml(rule: MailOrderRule, orders: MailedOrder[]): string {
  const rows = orders
    .map(
      (o) =>
        `<tr><td>${escapeHtml(o.OrderNo)}</td><td>${escapeHtml(o.TerminalCode)}</td><td>${escapeHtml(o.CustomerName ?? o.CustomerCode)}</td>` +
        `<td>${escapeHtml(o.JobModeName ?? o.JobModeCode)}</td><td>${escapeHtml(o.VesselName ?? '')}</td>` +
        `<td>${escapeHtml(o.BookingNo ?? o.BLNo ?? '')}</td><td align="right">${o.Containers}</td>` +
        `<td align="right">${escapeHtml(o.TotalAmount.toLocaleString('vi-VN'))}</td><td>${escapeHtml(statusNames[o.OrderStatus] ?? o.OrderStatus)}</td>` +
        `<td>${escapeHtml(portTimeText(o.CreatedTime))}</td></tr>`,
    )
    .join('');
  return [
    '<div style="font-family:Arial,sans-serif;font-size:14px">',
    `<h3 style="color:#0b4a8b">${escapeHtml(rule.MailTitle)}</h3>`,
    `<p>Hãng tàu: <b>${escapeHtml(rule.OperationCode)}</b> — ${escapeHtml(mailOrderFilterNames[rule.DataFilter])}: ${orders.length} lệnh.</p>`,
    '<table border="1" cellpadding="6" cellspacing="0" style="border-collapse:collapse">',
    '<tr style="background:#e8f0fb"><th>Số lệnh</th><th>Cảng</th><th>Khách hàng</th><th>Phương án</th><th>Tàu</th><th>Booking/BL</th><th>Số cont</th><th>Thành tiền (VND)</th><th>Trạng thái</th><th>Ngày tạo</th></tr>',
    rows,
    '</table>',
    '</div>',
  ].join('\n');
}

/** How long a sender holds events it took; another instance takes them after it (a sender that died). */
const CLAIM_MS = 2 * MINUTE;
const MAX_ATTEMPTS = 10;

/** The mail's plain-text part: one line per order. */
function mailText(rule: MailOrderRule, orders: MailedOrder[]): string {
  return [
    rule.MailTitle,
    `Hãng tàu: ${rule.OperationCode} — ${mailOrderFilterNames[rule.DataFilter]}: ${orders.length} lệnh.`,
    '',
    ...orders.map(
      (o) =>
        `${o.OrderNo} | ${o.TerminalCode} | ${o.CustomerName ?? o.CustomerCode} | ${o.JobModeName ?? o.JobModeCode} | ` +
        `${o.VesselName ?? ''} | ${o.BookingNo ?? o.BLNo ?? ''} | ${o.Containers} cont | ${o.TotalAmount.toLocaleString('vi-VN')} VND | ` +
        `${statusNames[o.OrderStatus] ?? o.OrderStatus} | ${portTimeText(o.CreatedTime)}`,
    ),
  ].join('\n');
}

/**
 * Mail of orders to shipping lines (spec 03 §3 'Mail order row'): an order that reaches a state is recorded for each
 * active rule of its line and state; at the rule's time (at once for TGT) the orders due together become one mail in
 * the mail queue (mail-queue.service.ts), which the 'mail.queue' job sends with its retries. Events are claimed before
 * they are queued (one instance queues them) and marked in the statement that queues their mail.
 */
export function createMailOrdersService(deps: {
  repo: MailOrdersRepository;
  log?: { info(o: object, m: string): void; warn(o: object, m: string): void };
  now?: () => Date;
}) {
  const { repo } = deps;
  const now = () => deps.now?.() ?? new Date();

  async function queueGroup(rule: MailOrderRule, ids: number[]): Promise<boolean> {
    const taken = await repo.claim(ids, CLAIM_MS);
    if (!taken.length) return false;
    try {
      const orders = await repo.orders(taken);
      const to = splitMailList(rule.MailCC);
      const first = [...taken].sort((a, b) => a - b)[0];
      await repo.queued(
        taken,
        orders.length && to.length
          ? {
              // Each event is in one mail only: its smallest id names the mail.
              DedupeKey: `mailOrder:${rule.Rowguid}:${first}`,
              Kind: `mailOrder.${rule.DataFilter}`,
              MailTo: to,
              Subject: `${rule.MailTitle} (${orders.length} lệnh)`,
              Html: mailHtml(rule, orders),
              Body: mailText(rule, orders),
              OrderNo: orders.map((o) => o.OrderNo).join(', '),
              // Orders of one terminal: that terminal's own mail server when 'Cấu hình cảng' has one.
              TerminalCode: new Set(orders.map((o) => o.TerminalCode)).size === 1 ? (orders[0]?.TerminalCode ?? null) : null,
            }
          : null,
      );
      return true;
    } catch (err) {
      const error = (err as Error).message;
      await repo.failed(taken, error);
      deps.log?.warn({ rule: rule.Rowguid, orders: taken.length, error }, 'mail order not queued');
      return false;
    }
  }

  return {
    /**
     * An order reached a state (DL approved, PB allocated, HT completed) at `at` (default now): recorded for every
     * matching rule; the real-time (TGT) ones are queued at once, the others when the job finds them due.
     */
    async orderReached(orderNo: string, state: MailOrderFilter, at: Date = now()): Promise<{ recorded: number; queued: number }> {
      let recorded = 0;
      let queued = 0;
      for (const rule of await repo.rulesFor(orderNo, state)) {
        const due = dueTime(rule, at);
        const id = await repo.addEvent(rule.Rowguid, orderNo, state, due);
        if (id === null) continue;
        recorded++;
        if (rule.DelayType === 'TGT' && (await queueGroup(rule, [id]))) queued++;
      }
      return { recorded, queued };
    },

    /** The job's run: every event whose time came, one mail per rule and due time, into the mail queue. */
    async queueDue(): Promise<{ mails: number; orders: number }> {
      const groups = new Map<string, { rule: string; ids: number[] }>();
      for (const e of await repo.due(MAX_ATTEMPTS)) {
        const key = `${e.RuleRowguid}|${e.DueTime.getTime()}`;
        const g = groups.get(key) ?? { rule: e.RuleRowguid, ids: [] };
        g.ids.push(e.Id);
        groups.set(key, g);
      }
      let mails = 0;
      let orders = 0;
      for (const g of groups.values()) {
        const rule = await repo.rule(g.rule);
        if (!rule) continue;
        if (await queueGroup(rule, g.ids)) {
          mails++;
          orders += g.ids.length;
        }
      }
      return { mails, orders };
    },
  };
}

import { firstMissing, portTime, portTimeText, reportMail, reportMailMessages, splitCodes, splitMailList } from '@smartport/contract';
import { AppError, badRequest } from '../../http/errors';
import type { SettingsFormService } from '../../settings-form/settings-form.service';
import { escapeHtml, type MailService, mailFailureText } from './mail.service';
import type { ReportMailRepository, TerminalFigures } from './report-mail.repository';
import { reportWorkbook } from './report-mail.workbook';

const HOUR = 3_600_000;
const vnd = (n: number) => `${n.toLocaleString('vi-VN')} VND`;

interface ReportConfig {
  start: Date;
  hours: number;
  cc: string[];
  terminals: string[];
}

/** The stored (or sent) values as a usable configuration, or null when one is missing or unusable. */
function configOf(values: Record<string, unknown>): ReportConfig | null {
  if (firstMissing(reportMail, values)) return null;
  const start = portTime(String(values.start_time));
  const hours = Number(values.htime);
  const cc = splitMailList(String(values.cc));
  const terminals = splitCodes(String(values.TerminalList));
  if (!start || !Number.isInteger(hours) || hours < 1 || !cc.length || !terminals.length) return null;
  return { start, hours, cc, terminals };
}

/** The period the mail sent at `at` covers: the cycle before it. */
const periodEnding = (at: Date, hours: number) => ({ from: new Date(at.getTime() - hours * HOUR), to: at });

/**
 * The report mail (spec 03 §2.4 'Mail báo cáo'): orders, revenue (paid orders) and TEU per listed terminal for a
 * period, as an HTML summary with an Excel workbook (summary + orders), sent to the CC list with the sender-mail
 * settings. The job sends at start, start + cycle, start + 2·cycle… the cycle just ended (once per period across
 * instances); 'Gửi ngay' sends the period from start minus cycle to start with the values on the screen.
 */
export function createReportMailService(deps: {
  repo: ReportMailRepository;
  forms: Pick<SettingsFormService, 'read'>;
  mail: Pick<MailService, 'send'>;
}) {
  const { repo } = deps;

  function html(cfg: ReportConfig, period: { from: Date; to: Date }, figures: TerminalFigures[]) {
    const rows = figures
      .map(
        (f) =>
          `<tr><td>${escapeHtml(f.TerminalCode)}</td><td>${escapeHtml(f.TerminalName)}</td><td align="right">${f.Orders}</td>` +
          `<td align="right">${f.PaidOrders}</td><td align="right">${escapeHtml(vnd(f.Revenue))}</td><td align="right">${f.Containers}</td>` +
          `<td align="right">${f.Teu}</td></tr>`,
      )
      .join('');
    const sum = (k: 'Orders' | 'PaidOrders' | 'Revenue' | 'Containers' | 'Teu') => figures.reduce((s, f) => s + f[k], 0);
    return [
      '<div style="font-family:Arial,sans-serif;font-size:14px">',
      '<h2 style="color:#0b4a8b">Báo cáo thống kê SmartPort</h2>',
      `<p>Thời gian: từ <b>${escapeHtml(portTimeText(period.from))}</b> đến <b>${escapeHtml(portTimeText(period.to))}</b> (chu kỳ ${cfg.hours} giờ).</p>`,
      '<table border="1" cellpadding="6" cellspacing="0" style="border-collapse:collapse">',
      '<tr style="background:#e8f0fb"><th>Mã cảng</th><th>Tên cảng</th><th>Số lệnh</th><th>Đã thanh toán</th><th>Doanh thu</th><th>Container</th><th>TEU</th></tr>',
      rows,
      `<tr style="font-weight:bold"><td colspan="2">Tổng</td><td align="right">${sum('Orders')}</td><td align="right">${sum('PaidOrders')}</td>` +
        `<td align="right">${escapeHtml(vnd(sum('Revenue')))}</td><td align="right">${sum('Containers')}</td><td align="right">${sum('Teu')}</td></tr>`,
      '</table>',
      '<p>Chi tiết các lệnh trong tệp Excel đính kèm.</p>',
      '</div>',
    ].join('\n');
  }

  async function send(cfg: ReportConfig, period: { from: Date; to: Date }) {
    const [figures, orders] = await Promise.all([
      repo.figures(cfg.terminals, period.from, period.to),
      repo.orders(cfg.terminals, period.from, period.to),
    ]);
    const stamp = portTimeText(period.to).replace(/[-: ]/g, '').slice(0, 12);
    return deps.mail.send({
      to: cfg.cc,
      subject: `[SmartPort] Báo cáo thống kê ${portTimeText(period.from)} - ${portTimeText(period.to)}`,
      html: html(cfg, period, figures),
      attachments: [
        {
          filename: `BaoCaoSmartPort_${stamp}.xlsx`,
          content: await reportWorkbook(period, figures, orders),
          contentType: 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet',
        },
      ],
    });
  }

  return {
    /** 'Gửi ngay': checks in the save's order, then sends the period (start − cycle, start); nothing is saved. */
    async sendNow(input: Record<string, unknown>): Promise<{ success: true; message: string }> {
      const missing = firstMissing(reportMail, input);
      if (missing) throw badRequest(missing.message);
      const cfg = configOf(input);
      if (!cfg) throw badRequest(reportMailMessages.start_time);
      const sent = await send(cfg, periodEnding(cfg.start, cfg.hours));
      if (!sent.ok) throw new AppError(502, mailFailureText(sent));
      return { success: true, message: reportMailMessages.sent };
    },

    /**
     * The job's run: the latest send time start + k·cycle not after `now`, sent once (its period recorded in
     * report_mail_runs; a failed send is tried again at the next run). Earlier missed periods are not sent late.
     */
    async runDue(now = new Date()): Promise<{ sent: boolean; period?: { from: Date; to: Date }; error?: string }> {
      const cfg = configOf(await deps.forms.read(reportMail));
      if (!cfg || now < cfg.start) return { sent: false };
      const k = Math.floor((now.getTime() - cfg.start.getTime()) / (cfg.hours * HOUR));
      const period = periodEnding(new Date(cfg.start.getTime() + k * cfg.hours * HOUR), cfg.hours);
      if ((await repo.openRun(period.from, period.to)) === 'sent') return { sent: false };
      const result = await send(cfg, period);
      const error = result.ok ? null : mailFailureText(result) + (result.detail ? ` (${result.detail})` : '');
      await repo.finishRun(period.to, error);
      return error ? { sent: false, period, error } : { sent: true, period };
    },
  };
}
export type ReportMailService = ReturnType<typeof createReportMailService>;

import {
  REPORT_SCHEDULE_MAX_PER_USER,
  type ReportScheduleInput,
  type ReportScheduleRow,
  reportScheduleKindInfo,
  reportScheduleMessages,
  reportSchedulePeriodNames,
} from '@smartport/contract';
import type { AuthUser } from '../../http/context';
import { AppError, badRequest, forbidden, notFound } from '../../http/errors';
import type { MailQueueService } from '../mail/mail-queue.service';
import type { StatsService } from '../stats/stats.service';
import { nextRunAfter, reportPeriodOf } from './report-schedule-times';
import type { ReportSchedulesRepository, ScheduleRecord } from './report-schedules.repository';
import { type ReportLine, scheduledReportWorkbook } from './report-schedules.workbook';

/** Schedules run per job tick; the rest wait for the next tick. */
const RUNS_PER_TICK = 20;
const XLSX = 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet';

const viDate = (day: string) => day.split('-').reverse().join('/');
const iso = (d: Date | null) => (d ? d.toISOString() : null);
const rowOf = (r: ScheduleRecord): ReportScheduleRow => ({ ...r, NextRunTime: iso(r.NextRunTime), LastRunTime: iso(r.LastRunTime) });
const escapeHtml = (s: string) => s.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);

type Figures = Pick<ReportLine, 'OrderCount' | 'ContainerCount' | 'TotalTeus' | 'TotalAmount'>;
function add(into: Figures, r: Figures) {
  into.OrderCount += r.OrderCount;
  into.ContainerCount += r.ContainerCount;
  into.TotalTeus += r.TotalTeus;
  into.TotalAmount += r.TotalAmount;
}

/**
 * 'Lịch gửi báo cáo' (issue 27 item 7c): each user's schedules of the statistics reports it may see, and their runs:
 * the report of the period before the due moment built by the statistics service as the schedule's owner (its
 * terminals and customer today, within the schedule's terminals), written as a workbook and queued in the mail queue
 * (sent by 'mail.queue' through the sender mail, retried there). Each run is recorded on the schedule.
 */
export function createReportSchedulesService(deps: {
  repo: ReportSchedulesRepository;
  stats: Pick<StatsService, 'orderChart' | 'customerChart'>;
  mailQueue: Pick<MailQueueService, 'queue'>;
  log?: { warn(o: object, m: string): void };
}) {
  const { repo } = deps;

  /** The caller may schedule this report for these terminals. */
  function check(user: AuthUser, input: ReportScheduleInput) {
    const info = reportScheduleKindInfo[input.ReportKind];
    if (!user.grants.has(info.menu)) throw forbidden(reportScheduleMessages.reportNotAllowed(info.title));
    const foreign = input.TerminalCodes.find((t) => !user.terminals.includes(t));
    if (foreign) throw badRequest(reportScheduleMessages.terminalNotYours(foreign));
  }

  /** The report's lines over the period, as `owner` sees it on the screen. */
  async function linesOf(owner: AuthUser, s: ScheduleRecord, terminals: string[], from: string, to: string): Promise<ReportLine[]> {
    const request = { loadType: s.Period === 'month' ? 'month' : 'day', terminalList: terminals, fromTime: from, toTime: to } as const;
    const byCode = new Map<string, ReportLine>();
    const line = (code: string, name: string | null, tax?: string | null) => {
      let l = byCode.get(code);
      if (!l) {
        l = { Code: code, Name: name, TaxCode: tax ?? null, OrderCount: 0, ContainerCount: 0, TotalTeus: 0, TotalAmount: 0 };
        byCode.set(code, l);
      }
      return l;
    };
    if (s.ReportKind === 'summary') {
      const names = await repo.terminalNames(terminals);
      for (const t of terminals) line(t, names.get(t) ?? null);
      const r = await deps.stats.orderChart(owner, request);
      for (const rows of Object.values(r.data))
        for (const row of rows) add(line(row.TerminalCode, names.get(row.TerminalCode) ?? null), row);
      return [...byCode.values()];
    }
    const r = await deps.stats.customerChart(owner, request);
    for (const rows of Object.values(r.data)) for (const row of rows) add(line(row.CustomerCode, row.CustomerName, row.TaxCode), row);
    return [...byCode.values()].sort((a, b) => b.TotalAmount - a.TotalAmount || (a.Code < b.Code ? -1 : 1));
  }

  /** One due run: the workbook queued as a mail, or why not. */
  async function runOne(s: ScheduleRecord, due: Date): Promise<{ status: 'queued' | 'failed'; result: string }> {
    const info = reportScheduleKindInfo[s.ReportKind];
    const owner = await repo.owner(s.OwnerID);
    if (!owner) return { status: 'failed', result: `Tài khoản ${s.OwnerID} không còn hoạt động` };
    if (!owner.grants.has(info.menu)) return { status: 'failed', result: reportScheduleMessages.reportNotAllowed(info.title) };
    const terminals = s.TerminalCodes.filter((t) => owner.terminals.includes(t));
    if (!terminals.length) return { status: 'failed', result: 'Người tạo lịch không còn quyền trên cảng nào của lịch' };
    const { from, to } = reportPeriodOf(s.Period, due);
    const period = from === to ? `ngày ${viDate(from)}` : `từ ngày ${viDate(from)} đến ngày ${viDate(to)}`;
    const lines = await linesOf(owner, s, terminals, from, to);
    const customer = s.ReportKind === 'customer';
    const content = await scheduledReportWorkbook({
      title: info.title,
      subtitle: `${reportSchedulePeriodNames[s.Period]}: ${period} – Cảng: ${terminals.join(', ')}`,
      codeTitle: customer ? 'Mã khách hàng' : 'Mã cảng',
      nameTitle: customer ? 'Tên khách hàng' : 'Tên cảng',
      withTaxCode: customer,
      lines,
    });
    const subject = `[SmartPort] ${info.title} ${period}`;
    const text = `Kính gửi Quý khách,\n\nSmartPort gửi kèm báo cáo "${info.title}" ${period} (cảng ${terminals.join(', ')}).\nLịch gửi do ${owner.UserName} (${owner.UserID}) tạo.\n\nTrân trọng.`;
    await deps.mailQueue.queue({
      DedupeKey: `report.scheduled:${s.Rowguid}:${due.toISOString()}`,
      Kind: 'report.scheduled',
      MailTo: s.Recipients.split(',').map((m) => m.trim()),
      Subject: subject,
      Body: text,
      Html: text
        .split('\n')
        .map((l) => escapeHtml(l))
        .join('<br>'),
      Attachment: {
        filename: `${customer ? 'thong-ke-theo-khach-hang' : 'thong-ke-tong-hop'}_${from}_${to}.xlsx`,
        contentType: XLSX,
        content,
      },
    });
    return { status: 'queued', result: `Đã xếp hàng gửi đến ${s.Recipients} (${lines.length} dòng)` };
  }

  /** A run that throws is recorded as failed with the user's words (the detail only in the log). */
  async function run(s: ScheduleRecord, due: Date): Promise<{ status: 'queued' | 'failed'; result: string }> {
    try {
      return await runOne(s, due);
    } catch (err) {
      deps.log?.warn({ schedule: s.Rowguid, err: (err as Error).message }, 'scheduled report not built');
      return { status: 'failed', result: err instanceof AppError ? err.message : 'Lỗi khi lập báo cáo' };
    }
  }

  return {
    async list(user: AuthUser): Promise<ReportScheduleRow[]> {
      return (await repo.listOf(user.UserID)).map(rowOf);
    },

    async save(user: AuthUser, input: ReportScheduleInput, now = new Date()): Promise<ReportScheduleRow> {
      check(user, input);
      const values = { ...input, NextRunTime: input.IsActive ? nextRunAfter(input, now) : null };
      if (input.Rowguid) {
        const saved = await repo.update(user.UserID, input.Rowguid, values);
        if (!saved) throw notFound(reportScheduleMessages.notFound);
        return rowOf(saved);
      }
      if ((await repo.countOf(user.UserID)) >= REPORT_SCHEDULE_MAX_PER_USER) throw badRequest(reportScheduleMessages.tooMany);
      return rowOf(await repo.insert(user.UserID, values));
    },

    async remove(user: AuthUser, rowguid: string): Promise<void> {
      if (!(await repo.remove(user.UserID, rowguid))) throw notFound(reportScheduleMessages.notFound);
    },

    /** 'Gửi ngay': the owner's schedule run for `now` (its next moment unchanged), recorded as its last run. */
    async sendNow(user: AuthUser, rowguid: string, now = new Date()): Promise<ReportScheduleRow> {
      const s = (await repo.listOf(user.UserID)).find((r) => r.Rowguid === rowguid);
      if (!s) throw notFound(reportScheduleMessages.notFound);
      const outcome = await run(s, now);
      await repo.recordRun(s.Rowguid, now, outcome.status, outcome.result);
      return rowOf({ ...s, LastRunTime: now, LastStatus: outcome.status, LastResult: outcome.result });
    },

    /**
     * The job's run at `now`: each schedule whose moment came is moved on to its next moment first (once across
     * instances), then its report is built and queued; a run that fails is recorded with why, and not repeated.
     * A schedule missed for a while (the portal down) runs once for its latest due moment.
     */
    async runDue(now = new Date()): Promise<{ queued: number; failed: number }> {
      let queued = 0;
      let failed = 0;
      for (const s of await repo.due(now, RUNS_PER_TICK)) {
        const due = s.NextRunTime as Date;
        if (!(await repo.claim(s.Rowguid, due, nextRunAfter(s, now)))) continue;
        const outcome = await run(s, due);
        await repo.recordRun(s.Rowguid, now, outcome.status, outcome.result);
        if (outcome.status === 'queued') queued++;
        else failed++;
      }
      return { queued, failed };
    },
  };
}
export type ReportSchedulesService = ReturnType<typeof createReportSchedulesService>;

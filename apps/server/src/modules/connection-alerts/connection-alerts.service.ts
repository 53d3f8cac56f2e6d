import { randomUUID } from 'node:crypto';
import { type AlertConnection, alertConnectionNames, alertField, alertMail, portTimeText, splitMailList } from '@smartport/contract';
import type { PartnerDown } from '../../adapters/outcome';
import type { SettingsFormService } from '../../settings-form/settings-form.service';
import { escapeHtml } from '../mail/mail.service';
import type { MailQueueService } from '../mail/mail-queue.service';
import type { ConnectionAlertsRepository } from './connection-alerts.repository';

const failureNames: Record<PartnerDown['failure'], string> = {
  not_configured: 'chưa cấu hình',
  not_allowed: 'địa chỉ không được phép theo chính sách kết nối ra ngoài',
  timeout: 'không trả lời trong thời gian chờ',
  unreachable: 'không kết nối được',
  malformed: 'trả lời sai định dạng',
  refused: 'trả lời lỗi',
};

/** A working call re-checks an episode another instance may have opened at most this often (one cheap update). */
const UP_CHECK_MS = 10_000;

const page = (title: string, color: string, lines: string[]) =>
  [
    '<div style="font-family:Arial,sans-serif;font-size:14px">',
    `<h3 style="color:${color}">${escapeHtml(title)}</h3>`,
    ...lines.map((l) => `<p>${l}</p>`),
    '</div>',
  ].join('\n');

/** How long an outage lasted, in the port's words ('2 giờ 5 phút', 'dưới 1 phút'). */
function outageLength(ms: number): string {
  const minutes = Math.floor(ms / 60_000);
  if (minutes < 1) return 'dưới 1 phút';
  const h = Math.floor(minutes / 60);
  const m = minutes % 60;
  return [h ? `${h} giờ` : '', m ? `${m} phút` : ''].filter(Boolean).join(' ');
}

/**
 * The connection alert mail (spec 03 §2.4 'Mail cảnh báo kết nối'): when a call to or from the TOS, a payment partner or
 * the e-invoice provider fails (its adapter's outcome says the system is down), the addresses configured for that
 * connection get one mail for the whole failure episode, and one recovery notice when a call works again. Mails go
 * through the mail queue ('Nhật ký gửi mail': sent by its job, with its backoff while the sender mail is broken).
 * No address configured: nothing is sent and no episode is opened (an address set during an outage hears of it).
 */
export function createConnectionAlertsService(deps: {
  repo: ConnectionAlertsRepository;
  forms: Pick<SettingsFormService, 'read'>;
  queue: Pick<MailQueueService, 'queue'>;
  log?: { warn(o: object, m: string): void; info?(o: object, m: string): void };
  now?: () => Date;
}) {
  const now = () => deps.now?.() ?? new Date();
  const addresses = async (c: AlertConnection) => splitMailList(String((await deps.forms.read(alertMail))[alertField(c)] ?? ''));
  /** Connections this instance saw fail since it last looked for a recovery, and when it last looked. */
  const sawDown = new Set<AlertConnection>();
  const lastUpCheck = new Map<AlertConnection, number>();

  return {
    /**
     * A failure of the connection: the first one of an episode queues the alert; later ones only count. Resolves when
     * handled ('sent' = queued, 'skipped': no address or the episode was open already); never throws.
     */
    async report(
      connection: AlertConnection,
      outcome: Pick<PartnerDown, 'failure' | 'detail'>,
      what?: string,
    ): Promise<'sent' | 'skipped' | 'failed'> {
      sawDown.add(connection);
      try {
        const to = await addresses(connection);
        if (!to.length) return 'skipped';
        const reason = `${failureNames[outcome.failure]}${outcome.detail ? ` (${outcome.detail})` : ''}`;
        const since = await deps.repo.failed(connection, reason);
        if (!since) return 'skipped';
        const name = alertConnectionNames[connection];
        try {
          await deps.queue.queue({
            DedupeKey: `alert:${connection}:down:${since.getTime()}`,
            Kind: 'alert.down',
            MailTo: to,
            Subject: `[SmartPort] Cảnh báo mất kết nối: ${name}`,
            Html: page(`Cảnh báo mất kết nối: ${name}`, '#b42318', [
              `Thời điểm: <b>${escapeHtml(portTimeText(since))}</b>`,
              `Lỗi: ${escapeHtml(reason)}${what ? ` — khi ${escapeHtml(what)}` : ''}`,
              'Không gửi thêm cảnh báo cho kết nối này trong khi lỗi còn tiếp diễn; SmartPort sẽ gửi thông báo khi kết nối hoạt động lại.',
            ]),
            Body: [
              `Cảnh báo mất kết nối: ${name}`,
              `Thời điểm: ${portTimeText(since)}`,
              `Lỗi: ${reason}${what ? ` — khi ${what}` : ''}`,
            ].join('\n'),
          });
        } catch (err) {
          await deps.repo.reopen(connection);
          throw err;
        }
        deps.log?.warn({ connection, reason, what }, 'connection down: alert queued');
        return 'sent';
      } catch (err) {
        deps.log?.warn({ connection, err: (err as Error).message }, 'connection alert not handled');
        return 'failed';
      }
    },

    /**
     * A call over the connection worked: an open episode ends with a recovery notice to the same addresses. Cheap when
     * nothing is open (this instance looks at most every 10 s unless it saw a failure itself); never throws.
     */
    async recovered(connection: AlertConnection): Promise<'sent' | 'skipped' | 'failed'> {
      const at = now().getTime();
      if (!sawDown.has(connection) && at - (lastUpCheck.get(connection) ?? 0) < UP_CHECK_MS) return 'skipped';
      sawDown.delete(connection);
      lastUpCheck.set(connection, at);
      try {
        const ended = await deps.repo.recovered(connection);
        if (!ended) return 'skipped';
        const to = await addresses(connection);
        if (!to.length) return 'skipped';
        const name = alertConnectionNames[connection];
        const lines = [
          `Mất kết nối từ <b>${escapeHtml(portTimeText(ended.since))}</b> đến <b>${escapeHtml(portTimeText(new Date(at)))}</b> (${outageLength(at - ended.since.getTime())}).`,
          `Số lần lỗi: ${ended.failures}${ended.lastFailure ? `; lỗi cuối: ${escapeHtml(ended.lastFailure)}` : ''}.`,
        ];
        await deps.queue.queue({
          DedupeKey: `alert:${connection}:up:${ended.since.getTime()}`,
          Kind: 'alert.up',
          MailTo: to,
          Subject: `[SmartPort] Kết nối đã phục hồi: ${name}`,
          Html: page(`Kết nối đã phục hồi: ${name}`, '#067647', lines),
          Body: [`Kết nối đã phục hồi: ${name}`, ...lines.map((l) => l.replace(/<[^>]+>/g, ''))].join('\n'),
        });
        deps.log?.info?.({ connection, since: ended.since.toISOString(), failures: ended.failures }, 'connection recovered');
        return 'sent';
      } catch (err) {
        deps.log?.warn({ connection, err: (err as Error).message }, 'connection recovery not handled');
        return 'failed';
      }
    },

    /**
     * One fact on a connection that works but refused something (the TOS refused an order): one mail per fact, outside
     * the episodes. Never throws.
     */
    async notice(connection: AlertConnection, detail: string, what: string): Promise<'sent' | 'skipped' | 'failed'> {
      try {
        const to = await addresses(connection);
        if (!to.length) return 'skipped';
        const name = alertConnectionNames[connection];
        await deps.queue.queue({
          DedupeKey: `alert:${connection}:notice:${now().getTime()}:${randomUUID()}`,
          Kind: 'alert.notice',
          MailTo: to,
          Subject: `[SmartPort] Cảnh báo kết nối: ${name}`,
          Html: page(`Cảnh báo kết nối: ${name}`, '#b54708', [
            `Thời điểm: <b>${escapeHtml(portTimeText(now()))}</b>`,
            `${escapeHtml(detail)} — khi ${escapeHtml(what)}`,
          ]),
          Body: [`Cảnh báo kết nối: ${name}`, `Thời điểm: ${portTimeText(now())}`, `${detail} — khi ${what}`].join('\n'),
        });
        return 'sent';
      } catch (err) {
        deps.log?.warn({ connection, err: (err as Error).message }, 'connection notice not handled');
        return 'failed';
      }
    },
  };
}
export type ConnectionAlertsService = ReturnType<typeof createConnectionAlertsService>;

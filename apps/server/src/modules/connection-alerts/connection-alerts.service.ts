import {
  ALERT_MAIL_INTERVAL_MS,
  type AlertConnection,
  alertConnectionNames,
  alertField,
  alertMail,
  portTimeText,
  splitMailList,
} from '@smartport/contract';
import type { PartnerDown } from '../../adapters/outcome';
import type { SettingsFormService } from '../../settings-form/settings-form.service';
import { escapeHtml, type MailService } from '../mail/mail.service';
import type { ConnectionAlertsRepository } from './connection-alerts.repository';

const failureNames: Record<PartnerDown['failure'], string> = {
  not_configured: 'chưa cấu hình',
  not_allowed: 'địa chỉ không được phép theo chính sách kết nối ra ngoài',
  timeout: 'không trả lời trong thời gian chờ',
  unreachable: 'không kết nối được',
  malformed: 'trả lời sai định dạng',
  refused: 'trả lời lỗi',
};

/**
 * The connection alert mail (spec 03 §2.4 'Mail cảnh báo kết nối'): when a call to the TOS, a payment partner or the
 * e-invoice provider fails (its adapter's outcome says the system is down), the addresses configured for that
 * connection get one mail, at most one per connection every 15 minutes across every instance (a row claim in
 * `connection_alerts`). No address configured: nothing is sent and nothing claimed.
 */
export function createConnectionAlertsService(deps: {
  repo: ConnectionAlertsRepository;
  forms: Pick<SettingsFormService, 'read'>;
  mail: Pick<MailService, 'send'>;
  log?: { warn(o: object, m: string): void };
  intervalMs?: number;
  now?: () => Date;
}) {
  const interval = deps.intervalMs ?? ALERT_MAIL_INTERVAL_MS;
  return {
    /** Resolves when the alert is handled (sent, not due, or refused); never throws. */
    async report(
      connection: AlertConnection,
      outcome: Pick<PartnerDown, 'failure' | 'detail'>,
      what?: string,
    ): Promise<'sent' | 'skipped' | 'failed'> {
      try {
        const to = splitMailList(String((await deps.forms.read(alertMail))[alertField(connection)] ?? ''));
        if (!to.length) return 'skipped';
        const reason = `${failureNames[outcome.failure]}${outcome.detail ? ` (${outcome.detail})` : ''}`;
        if (!(await deps.repo.claim(connection, reason, interval))) return 'skipped';
        const name = alertConnectionNames[connection];
        const at = portTimeText(deps.now?.() ?? new Date());
        const sent = await deps.mail.send({
          to,
          subject: `[SmartPort] Cảnh báo mất kết nối: ${name}`,
          html: [
            '<div style="font-family:Arial,sans-serif;font-size:14px">',
            `<h3 style="color:#b42318">Cảnh báo mất kết nối: ${escapeHtml(name)}</h3>`,
            `<p>Thời điểm: <b>${escapeHtml(at)}</b></p>`,
            `<p>Lỗi: ${escapeHtml(reason)}${what ? ` — khi ${escapeHtml(what)}` : ''}</p>`,
            '<p>Cảnh báo tiếp theo cho kết nối này (nếu lỗi còn tiếp diễn) sẽ được gửi sau ít nhất 15 phút.</p>',
            '</div>',
          ].join('\n'),
        });
        if (sent.ok) return 'sent';
        await deps.repo.release(connection);
        deps.log?.warn({ connection, failure: sent.failure, detail: sent.detail }, 'connection alert mail not sent');
        return 'failed';
      } catch (err) {
        deps.log?.warn({ connection, err: (err as Error).message }, 'connection alert not handled');
        return 'failed';
      }
    },
  };
}
export type ConnectionAlertsService = ReturnType<typeof createConnectionAlertsService>;

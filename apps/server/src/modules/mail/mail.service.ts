import { senderMail } from '@smartport/contract';
import type { MailConnection, MailFailure, MailMessage, MailSender, MailSent } from '../../adapters/mail/mail.port';
import type { SettingsFormService } from '../../settings-form/settings-form.service';

/** Where mail comes from when the sender account is not itself an address (a plain SMTP user name). */
const fromOf = (user: string, host: string) => (user.includes('@') ? `SmartPort <${user}>` : `SmartPort <${user || 'noreply'}@${host}>`);

/**
 * The portal's outgoing mail: every message goes through the mail port with the sender-mail settings as stored now
 * (spec 03 §2.4 'Mail gửi': host, port, TLS, user, password; the password opened only here). Port 465 is TLS from the
 * first byte; otherwise STARTTLS when the server offers it. TLS 'Có' refuses a certificate that does not verify.
 */
/** A mail server's settings as the forms hold them (host, port, user, pass, tls 1/0) → the port's connection; null without host and port. */
export function mailConnectionOf(v: Readonly<Record<string, unknown>>): MailConnection | null {
  const host = String(v.host ?? '').trim();
  const port = Number(v.port);
  if (!host || !Number.isInteger(port) || port < 1) return null;
  const user = String(v.user ?? '');
  return {
    host,
    port,
    secure: port === 465,
    ...(user ? { user, password: String(v.pass ?? '') } : {}),
    from: fromOf(user, host),
    rejectUnauthorized: Number(v.tls) === 1,
  };
}

export function createMailService(deps: {
  forms: Pick<SettingsFormService, 'read'>;
  sender: MailSender;
  /**
   * A terminal's own mail server ('Cấu hình cảng' mail settings), null when the terminal has none:
   * mail about one terminal's orders goes through it, other mail through the sender mail (docs/decisions.md).
   */
  terminalMail?: (terminal: string) => Promise<MailConnection | null>;
}) {
  return {
    /** `about.terminal`: the mail concerns that terminal's orders (its own mail server when it has one). */
    async send(message: MailMessage, about?: { terminal?: string | null }): Promise<MailSent | MailFailure> {
      const own = about?.terminal && deps.terminalMail ? await deps.terminalMail(about.terminal) : null;
      const conn = own ?? mailConnectionOf(await deps.forms.read(senderMail));
      if (!conn) return { ok: false, failure: 'not_configured', detail: 'Chưa cấu hình mail gửi (/config/mail_config)' };
      const sent = await deps.sender.send(conn, message);
      // The failure's words go to logs and the mail record: whatever a server echoes, the password does not go on.
      if (!sent.ok && conn.password && sent.detail?.includes(conn.password))
        return { ...sent, detail: sent.detail.split(conn.password).join('********') };
      return sent;
    },
  };
}
export type MailService = ReturnType<typeof createMailService>;

/** A mail failure in the user's words (spec 03 §8 'Không thể gửi mail : {message}'). */
export function mailFailureText(f: MailFailure): string {
  const why: Record<MailFailure['failure'], string> = {
    not_configured: 'chưa cấu hình mail gửi',
    not_allowed: 'địa chỉ máy chủ mail không được phép theo chính sách kết nối ra ngoài',
    timeout: 'máy chủ mail không trả lời',
    unreachable: 'không kết nối được máy chủ mail',
    malformed: 'máy chủ mail trả lời không đúng giao thức',
    refused: 'máy chủ mail từ chối',
    login_refused: 'máy chủ mail từ chối tài khoản đăng nhập',
    recipients_refused: 'máy chủ mail từ chối người nhận',
  };
  return `Không thể gửi mail : ${why[f.failure]}`;
}

/** Text made safe inside HTML. */
export const escapeHtml = (s: unknown) =>
  String(s ?? '').replace(/[&<>"']/g, (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[c] as string);

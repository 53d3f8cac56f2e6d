import { formatPortTime, portFormats } from '@smartport/contract';
import type { DomainEvents } from '../../events/domain-events';
import { escapeHtml } from './mail.service';
import type { NewMail } from './mail-queue.repository';

/**
 * The mail telling a user that the account was locked for a while after failed logins (auth's 'account.locked'): when,
 * from which address, until when, and what to do if it was not them. No password, no code, no link to click.
 */
export function accountLockedMail(e: DomainEvents['account.locked'] & { email: string }): NewMail {
  const until = formatPortTime(new Date(e.until), portFormats.dateTimeMinutes);
  const subject = 'Tài khoản SmartPort tạm khóa do đăng nhập sai nhiều lần';
  const lines = [
    `Xin chào ${e.userName},`,
    `Tài khoản ${e.userId} vừa bị đăng nhập sai ${e.failures} lần (lần gần nhất từ địa chỉ ${e.ip}).`,
    `Để bảo vệ tài khoản, việc đăng nhập tạm khóa đến ${until}.`,
    'Nếu không phải bạn, hãy đổi mật khẩu sau khi đăng nhập lại và bật xác thực hai lớp trong "Thông tin tài khoản"; nếu cần, liên hệ quản trị viên.',
  ];
  return {
    DedupeKey: `account.locked:${e.userId.toLowerCase()}:${e.until}`,
    Kind: 'account.locked',
    MailTo: [e.email],
    Subject: subject,
    Html: lines.map((l) => `<p>${escapeHtml(l)}</p>`).join(''),
    Body: lines.join('\n\n'),
  };
}

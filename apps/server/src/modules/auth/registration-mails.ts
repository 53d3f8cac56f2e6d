import type { MailMessage } from '../../adapters/mail/mail.port';

/**
 * The account mails (pure texts): e-mail verification, "this address already has an account", password reset. Links
 * carry the random token; the portal keeps only its hash, and these mails are sent directly, never kept in the mail
 * record (docs/decisions.md 'Accounts: registration, e-mail verification, password reset, Quản lý tài khoản').
 */
const esc = (s: string) => s.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);

function mail(to: string, subject: string, lines: string[], link?: { href: string; text: string }): MailMessage {
  const html = [
    ...lines.map((l) => `<p>${esc(l)}</p>`),
    ...(link ? [`<p><a href="${esc(link.href)}">${esc(link.text)}</a></p>`, `<p>${esc(link.href)}</p>`] : []),
  ].join('');
  const text = [...lines, ...(link ? [`${link.text}: ${link.href}`] : [])].join('\n\n');
  return { to: [to], subject, html, text };
}

export const VERIFY_SUBJECT = 'SmartPort – Xác thực email đăng ký tài khoản';
export const RESET_SUBJECT = 'SmartPort – Đặt lại mật khẩu';
export const ALREADY_SUBJECT = 'SmartPort – Email đã có tài khoản';

export function verifyMail(to: string, a: { userId: string; company: string; link: string; hours: number }): MailMessage {
  return mail(
    to,
    VERIFY_SUBJECT,
    [
      `Xin chào ${a.company},`,
      `Bạn vừa đăng ký tài khoản ${a.userId} trên cổng SmartPort. Vui lòng bấm liên kết dưới đây để xác thực email (liên kết dùng được một lần, trong ${a.hours} giờ).`,
      'Nếu không phải bạn đăng ký, hãy bỏ qua thư này.',
    ],
    { href: a.link, text: 'Xác thực email' },
  );
}

export function alreadyRegisteredMail(to: string, a: { forgotLink: string }): MailMessage {
  return mail(
    to,
    ALREADY_SUBJECT,
    [
      'Xin chào,',
      'Có người vừa dùng địa chỉ email này để đăng ký tài khoản trên cổng SmartPort, nhưng địa chỉ này đã có tài khoản. Không có tài khoản mới nào được tạo.',
      'Nếu bạn quên mật khẩu, hãy dùng chức năng "Quên mật khẩu?" ở trang đăng nhập. Nếu không phải bạn, hãy bỏ qua thư này.',
    ],
    { href: a.forgotLink, text: 'Quên mật khẩu?' },
  );
}

export function resetMail(to: string, a: { userId: string; userName: string; link: string; minutes: number }): MailMessage {
  return mail(
    to,
    RESET_SUBJECT,
    [
      `Xin chào ${a.userName},`,
      `Có yêu cầu đặt lại mật khẩu cho tài khoản ${a.userId} trên cổng SmartPort. Bấm liên kết dưới đây để đặt mật khẩu mới (liên kết dùng được một lần, trong ${a.minutes} phút).`,
      'Nếu không phải bạn yêu cầu, hãy bỏ qua thư này: mật khẩu của bạn không thay đổi.',
    ],
    { href: a.link, text: 'Đặt lại mật khẩu' },
  );
}

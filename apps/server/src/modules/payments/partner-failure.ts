import type { PartnerDown } from '../../adapters/outcome';
import { AppError } from '../../http/errors';

/** How the payment and invoice messages name each partner. */
export const partnerNames = {
  card: 'cổng thanh toán thẻ',
  bank: 'ngân hàng',
  qr: 'ngân hàng VietQR',
  einvoice: 'hệ thống hóa đơn điện tử',
} as const;

/** A partner's failure for a user: its words when it gave a reason, else what went wrong with the exchange. */
export function partnerFailureMessage(
  name: string,
  f: { failure: PartnerDown['failure'] | 'declined'; detail?: string | undefined },
): string {
  switch (f.failure) {
    case 'not_configured':
      return `Chưa cấu hình kết nối tới ${name}.`;
    case 'timeout':
      return `${name} không phản hồi kịp, vui lòng thử lại.`;
    case 'unreachable':
      return `Không kết nối được tới ${name}.`;
    default:
      return f.detail ? `${name}: ${f.detail}` : `${name} trả lời không hợp lệ.`;
  }
}

/** A partner's fault is neither the user's nor a 500: 424 with the message above. */
export const partnerError = (name: string, f: Parameters<typeof partnerFailureMessage>[1]) =>
  new AppError(424, partnerFailureMessage(name, f));

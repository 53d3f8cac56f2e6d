import type { PartnerDown } from '../../adapters/outcome';
import { AppError } from '../../http/errors';

/** How the payment and invoice messages name each partner. */
export const partnerNames = {
  card: 'cổng thanh toán thẻ',
  bank: 'ngân hàng',
  qr: 'ngân hàng VietQR',
  einvoice: 'hệ thống hóa đơn điện tử',
} as const;

const sentence = (s: string) => {
  const t = s.trim();
  return /[.!?]$/.test(t) ? t : `${t}.`;
};
const capital = (s: string) => s.charAt(0).toLocaleUpperCase('vi-VN') + s.slice(1);

/**
 * A partner's failure for a user, in the spec's register (02 §8: a sentence, capitalised, no
 * technical prefix): a declined card is the spec's 'Giao dịch thất bại!' followed by the bank's
 * reason; a partner's other reason is said as its words; else what went wrong with the exchange.
 */
export function partnerFailureMessage(
  name: string,
  f: { failure: PartnerDown['failure'] | 'declined'; detail?: string | undefined },
): string {
  switch (f.failure) {
    case 'declined':
      return `Giao dịch thất bại! ${f.detail ? sentence(capital(f.detail)) : 'Thẻ bị ngân hàng từ chối.'}`;
    case 'not_configured':
      return `Chưa cấu hình kết nối tới ${name}.`;
    case 'timeout':
      return `${capital(name)} không phản hồi kịp, vui lòng thử lại.`;
    case 'unreachable':
      return `Không kết nối được tới ${name}.`;
    default:
      return f.detail ? `${capital(name)} từ chối yêu cầu: ${sentence(f.detail)}` : `${capital(name)} trả lời không hợp lệ.`;
  }
}

/** A partner's fault is neither the user's nor a 500: 424 with the message above. */
export const partnerError = (name: string, f: Parameters<typeof partnerFailureMessage>[1]) =>
  new AppError(424, partnerFailureMessage(name, f));

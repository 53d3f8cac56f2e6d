import { AppError } from '../../http/errors';

/**
 * Real HTTP adapters for the payment partners and the e-invoice provider (DESIGN.md §2). The
 * portal's config names their addresses (SIM_<NAME>_URL); a partner that is missing, slow or
 * refusing answers 424 with a Vietnamese message (a partner's fault, never a 500). Card numbers
 * and OTPs pass through in the request body only: nothing here logs or keeps them.
 */
export class PartnerError extends AppError {
  constructor(
    message: string,
    readonly code: string,
    readonly detail?: Record<string, unknown>,
  ) {
    super(424, message);
  }
}

export interface PartnerEndpoints {
  card?: string;
  napas?: string;
  vietqr?: string;
  einvoice?: string;
}

async function call<T>(
  base: string | undefined,
  name: string,
  path: string,
  init: { method?: string; body?: unknown; timeoutMs?: number } = {},
): Promise<T> {
  if (!base) throw new PartnerError(`Chưa cấu hình kết nối tới ${name}.`, 'NOT_CONFIGURED');
  let res: Response;
  try {
    res = await fetch(new URL(path, base), {
      method: init.method ?? (init.body === undefined ? 'GET' : 'POST'),
      headers: init.body === undefined ? {} : { 'content-type': 'application/json' },
      body: init.body === undefined ? undefined : JSON.stringify(init.body),
      signal: AbortSignal.timeout(init.timeoutMs ?? 15_000),
    });
  } catch (err) {
    const timeout = (err as Error).name === 'TimeoutError';
    throw new PartnerError(
      timeout ? `${name} không phản hồi kịp, vui lòng thử lại.` : `Không kết nối được tới ${name}.`,
      timeout ? 'TIMEOUT' : 'UNREACHABLE',
    );
  }
  const body = (await res.json().catch(() => null)) as (T & { code?: string; message?: string; attemptsLeft?: number }) | null;
  if (!res.ok || body === null) {
    throw new PartnerError(
      body?.message ? `${name}: ${body.message}` : `${name} trả lời không hợp lệ.`,
      body?.code ?? `HTTP_${res.status}`,
      {
        attemptsLeft: body?.attemptsLeft,
      },
    );
  }
  return body;
}

export function createPartnerAdapters(endpoints: PartnerEndpoints) {
  const CARD = 'cổng thanh toán thẻ';
  const BANK = 'ngân hàng';
  const QR = 'ngân hàng VietQR';
  const INV = 'hệ thống hóa đơn điện tử';
  return {
    card: {
      isExpireDate: (bin: string) => call<{ isExpireDate: boolean }>(endpoints.card, CARD, '/cards/check', { body: { bin } }),
      startTransfer: (t: { merchantRef: string; amount: number; cardNumber: string; cardDate: string; cardName: string }) =>
        call<{ transferId: string; status: string; otpLength?: number }>(endpoints.card, CARD, '/transfers', { body: t }),
      confirm: (merchantRef: string, otp: string) =>
        call<{ status: string; transactionId: string; amount: number }>(
          endpoints.card,
          CARD,
          `/transfers/${encodeURIComponent(merchantRef)}/confirm`,
          {
            body: { otp },
          },
        ),
    },
    napas: {
      create: (p: { requestId: string; orderNo: string; amount: number; returnUrl?: string; notifyUrl?: string }) =>
        call<{ requestId: string; paymentUrl: string }>(endpoints.napas, BANK, '/payments', { body: p }),
      status: (requestId: string) =>
        call<{ data: BankResultData; checksum: string }>(endpoints.napas, BANK, `/payments/${encodeURIComponent(requestId)}`),
    },
    vietqr: {
      registerWebhook: (url: string) => call<unknown>(endpoints.vietqr, QR, '/webhooks', { body: { url } }),
      transactions: (note: string) =>
        call<{ transactionId: string; amount: number; note: string; account: string }[]>(
          endpoints.vietqr,
          QR,
          `/transactions?note=${encodeURIComponent(note)}`,
        ),
    },
    einvoice: {
      issue: (inv: {
        key: string;
        orderNo: string;
        pinCode: string;
        buyerName: string;
        buyerTaxCode: string;
        total: number;
        lines: { name: string; quantity: number; amount: number }[];
      }) =>
        call<{ series: string; invoiceNo: string; taxAuthorityCode: string; issuedAt: string; pdfUrl: string }>(
          endpoints.einvoice,
          INV,
          '/invoices',
          {
            body: inv,
          },
        ),
    },
  };
}
export type PartnerAdapters = ReturnType<typeof createPartnerAdapters>;

export interface BankResultData {
  requestId: string;
  orderNo: string;
  amount: number;
  status: string;
  transactionId: string;
  time: string;
}

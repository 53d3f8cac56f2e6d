import type { CallInput, calls, PaymentFollowup } from '@smartport/contract';
import { clientCalls } from '@smartport/contract/client-calls';
import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { callApi } from '../../lib/api-client';

export const paymentKeys = {
  partners: (orderNo: string) => ['payments', 'partners', orderNo] as const,
  cardKind: (bin: string) => ['payments', 'card-kind', bin] as const,
  qr: (orderNo: string, amount: number) => ['payments', 'qr', orderNo, amount] as const,
  followups: () => ['payments', 'followups'] as const,
};

/** The order's amount and state before paying (spec 02 §4: 'Xác nhận thanh toán ?' → inquiry). */
export function useOrderInquiry() {
  return useMutation({ mutationFn: (orderNo: string) => callApi(clientCalls.payments.homeOrderInquiry, { orderNo }) });
}

/**
 * The partners configured for the order's terminal (spec 03 §2.5), asked each time the dialog reaches the partner
 * step. A failure is shown as 'no partner' with a retry, so it is not retried behind the user's back.
 */
export function usePayPartners(orderNo: string, enabled: boolean) {
  return useQuery({
    queryKey: paymentKeys.partners(orderNo),
    enabled,
    queryFn: async ({ signal }) => (await callApi(clientCalls.payPartners.getPayPartners, { OrderNo: orderNo }, { signal })).data ?? [],
    retry: false,
  });
}

/** Whether a card (by its first digits) asks for its expiry date rather than its issue date (spec 02 §4). */
export function useCardDateKind(bin: string | null) {
  return useQuery({
    queryKey: paymentKeys.cardKind(bin ?? ''),
    enabled: !!bin,
    queryFn: async ({ signal }) =>
      !!(await callApi(clientCalls.payments.isExpireDate, { cardNumber: bin ?? '' }, { signal })).data?.isExpireDate,
    // The date label keeps the last card's answer until the new one arrives.
    placeholderData: keepPreviousData,
    staleTime: Number.POSITIVE_INFINITY,
    retry: false,
  });
}

export function useMakeCardTransfer() {
  return useMutation({
    mutationFn: (input: CallInput<typeof calls.payments.makeCardTransfer>) => callApi(clientCalls.payments.makeCardTransfer, input),
  });
}

export function useConfirmCardTransfer() {
  return useMutation({
    mutationFn: (input: CallInput<typeof calls.payments.confirmCardTransfer>) => callApi(clientCalls.payments.confirmCardTransfer, input),
  });
}

/**
 * The bank page's calls, for its timed poller (BankPageStep): open the page, ask whether the bank has answered,
 * check the answer's checksum. A timed process is an imperative runner, like the comparison's batches.
 */
export const bankPage = {
  start: (input: CallInput<typeof calls.payments.makeBankTransfer>) => callApi(clientCalls.payments.makeBankTransfer, input),
  check: (requestId: string) => callApi(clientCalls.payments.checkBankReceive, { requestId }),
  verify: (input: CallInput<typeof calls.payments.verifyChecksum>) => callApi(clientCalls.payments.verifyChecksum, input),
};

/** The order's VietQR code for the amount to pay, made once per order and amount while the QR step is open. */
export function useVietQr(orderNo: string, amount: number) {
  return useQuery({
    queryKey: paymentKeys.qr(orderNo, amount),
    queryFn: async ({ signal }) =>
      (await callApi(clientCalls.payments.createQr, { OrderNo: orderNo, amount, actionMenu: 'HOME' }, { signal })).data ?? null,
    staleTime: Number.POSITIVE_INFINITY,
    gcTime: 0,
    retry: false,
  });
}

/** 'I have finished paying in the app': has the order been paid? (spec 02 §4, VietQR). */
export function useOrderPaidCheck() {
  return useMutation({ mutationFn: (orderNo: string) => callApi(clientCalls.home.loadOrderDatas, { OrderNo: orderNo }) });
}

/** The order's draft invoice (invoice/draft_inv): the lines, VAT per rate and totals the issued invoice will carry. */
export function useDraftInvoice(orderNo: string, enabled: boolean) {
  return useQuery({
    queryKey: ['payments', 'draft-invoice', orderNo] as const,
    enabled,
    queryFn: async ({ signal }) => (await callApi(clientCalls.invoices.draftInvoice, { fkeys: [orderNo] }, { signal })).data ?? '',
    gcTime: 0,
    retry: false,
  });
}

export function usePublishInvoice() {
  return useMutation({ mutationFn: (orderNo: string) => callApi(clientCalls.invoices.publishOrderNo, { OrderNo: orderNo }) });
}

/** Money staff must act on: transfers to refund, invoices the server could not publish (payment/followups). */
export function usePaymentFollowups() {
  return useQuery({
    queryKey: paymentKeys.followups(),
    queryFn: async (): Promise<PaymentFollowup[]> => (await callApi(clientCalls.payments.listFollowups, {})).data ?? [],
  });
}

/** Staff: publish a paid order's invoice again now. */
export function useRetryInvoice() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (OrderNo: string) => callApi(clientCalls.payments.retryFollowupInvoice, { OrderNo }),
    onSettled: () => client.invalidateQueries({ queryKey: paymentKeys.followups() }),
  });
}

/** The order's customer's loyalty points and the most this order can take (the payment dialog's first step). */
export function useLoyaltyForOrder(orderNo: string) {
  return useQuery({
    queryKey: ['payments', 'loyalty', orderNo] as const,
    queryFn: async ({ signal }) => (await callApi(clientCalls.loyalty.loyaltyForOrder, { OrderNo: orderNo }, { signal })).data ?? null,
    retry: false,
  });
}

/** Spends points on the order before paying: the server writes the discount line and answers the new total. */
export function useRedeemLoyalty() {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: (input: CallInput<typeof calls.loyalty.redeemLoyalty>) => callApi(clientCalls.loyalty.redeemLoyalty, input),
    onSuccess: (_r, input) => void qc.invalidateQueries({ queryKey: ['payments', 'loyalty', input.OrderNo] }),
  });
}

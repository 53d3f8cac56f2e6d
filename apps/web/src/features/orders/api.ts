import type {
  AcceptRow,
  bookingCalls,
  CallDef,
  CallInput,
  CallReply,
  ClientCall,
  InvoiceCancelStep,
  OrderDetail,
  OrderTypeDef,
  orderCreateCalls,
} from '@smartport/contract';
import { depotOrderTypes } from '@smartport/contract';
import { clientCalls } from '@smartport/contract/client-calls';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { ApiError, callApi, uploadApi } from '../../lib/api-client';
import { followInterval } from './order-follow';

/** The order behind a signed link (`/order/:model`), without login; a refused link is not asked again. */
export function usePublicOrder(token: string) {
  return useQuery({
    queryKey: ['public-order', token],
    queryFn: async ({ signal }) => (await callApi(clientCalls.orders.viewPublicOrder, { token }, { signal })).payload,
    retry: false,
  });
}

export const orderKeys = {
  operators: ['orders', 'operators'] as const,
  cargoTypes: ['orders', 'cargo-types'] as const,
  order: (orderNo: string) => ['orders', 'order', orderNo] as const,
  depots: (terminal: string, type: string) => ['orders', 'depots', terminal, type] as const,
};

/** A reply with `success: false` (and a 200) is a refusal too: its message is what the user reads. */
function ok<C extends CallDef>(call: ClientCall<C>, reply: CallReply<C>): CallReply<C> {
  const r = reply as { success?: boolean; message?: string };
  if (r.success === false) throw new ApiError(200, r.message || `Lỗi ${call.path}`, reply as never);
  return reply;
}

/**
 * The depot choice of step 1 (task/order/depots): offered for an empty pickup or return at a terminal whose
 * 'Hiển thị chọn depot' is on, with its active depots.
 */
export function useOrderDepots(terminal: string, type: OrderTypeDef) {
  const asks = !!terminal && (depotOrderTypes as readonly string[]).includes(type.type);
  return useQuery({
    queryKey: orderKeys.depots(terminal, type.type),
    queryFn: async ({ signal }) => {
      const r = await callApi(clientCalls.orders.orderDepots, { TerminalCode: terminal, OrderType: type.type }, { signal });
      return { offered: r.DepotSelect === true, depots: r.payload ?? [] };
    },
    enabled: asks,
    staleTime: 60_000,
  });
}

/** The operator choices of step 1 (common/getOperationList). */
export function useOrderOperators() {
  return useQuery({
    queryKey: orderKeys.operators,
    queryFn: async ({ signal }) => (await callApi(clientCalls.catalogs.getOperationList, {}, { signal })).payload ?? [],
    staleTime: 5 * 60_000,
  });
}

/** The cargo types of the container grid (common/getCargoTypeList). */
export function useOrderCargoTypes() {
  return useQuery({
    queryKey: orderKeys.cargoTypes,
    queryFn: async ({ signal }) => (await callApi(clientCalls.catalogs.getCargoTypeList, {}, { signal })).payload ?? [],
    staleTime: 5 * 60_000,
  });
}

type Input<K extends keyof typeof orderCreateCalls> = CallInput<(typeof orderCreateCalls)[K]>;

/** Step 2: the server's check of the containers (task/order/checkContainers). */
export function useCheckContainers() {
  return useMutation({
    mutationFn: async (input: Input<'checkContainers'>) =>
      ok(clientCalls.orders.checkContainers, await callApi(clientCalls.orders.checkContainers, input)).payload ?? [],
  });
}

/** What the named booking has left per size (booking/remaining): shown beside the containers of an empty pickup or drop-off. */
export function useBookingRemaining(q: { TerminalCode: string; OperationCode: string; BookingNo: string } | null) {
  return useQuery({
    queryKey: ['orders', 'booking', q?.TerminalCode, q?.OperationCode, q?.BookingNo],
    enabled: !!q,
    retry: false,
    queryFn: async ({ signal }) =>
      ok(
        clientCalls.bookings.bookingRemaining,
        await callApi(clientCalls.bookings.bookingRemaining, q as NonNullable<typeof q>, { signal }),
      ).data ?? null,
  });
}

/** The yard's choice of empties for a booking (booking/pickEmpties). */
export function usePickEmpties() {
  return useMutation({
    mutationFn: async (input: CallInput<typeof bookingCalls.pickEmpties>) => {
      const reply = ok(clientCalls.bookings.pickEmpties, await callApi(clientCalls.bookings.pickEmpties, input));
      return { containers: reply.payload ?? [], message: reply.message ?? '' };
    },
  });
}

/** The paper D/O of a saved order (task/order/attachFile, multipart; the server checks the type by content). */
export function useAttachOrderFile() {
  return useMutation({
    mutationFn: async ({ orderNo, file }: { orderNo: string; file: File }) => {
      const form = new FormData();
      form.append('OrderNo', orderNo);
      form.append('files', file, file.name);
      return ok(clientCalls.orders.attachOrderFile, await uploadApi(clientCalls.orders.attachOrderFile, form));
    },
  });
}

/** An order's attached files (the paper D/O) for staff in 'Duyệt lệnh' (common/getFilesInOrder). */
export function useOrderFileList(orderNo: string | null) {
  return useQuery({
    queryKey: ['orders', 'files', orderNo],
    enabled: !!orderNo,
    queryFn: async ({ signal }) =>
      ok(clientCalls.home.getFilesInOrder, await callApi(clientCalls.home.getFilesInOrder, { OrderNo: orderNo as string }, { signal }))
        .payload ?? [],
  });
}

/** Step 3: payers by tax code (task/import_pickup/load_payer). */
export function useLoadPayer() {
  return useMutation({
    mutationFn: async (TaxCode: string) =>
      ok(clientCalls.orders.loadPayer, await callApi(clientCalls.orders.loadPayer, { TaxCode })).payload ?? [],
  });
}

/** Step 4: the draft invoice (task/order/calculate). */
export function useCalculateCharges() {
  return useMutation({
    mutationFn: async (input: Input<'calculateCharges'>) => {
      const reply = ok(clientCalls.orders.calculateCharges, await callApi(clientCalls.orders.calculateCharges, input));
      if (!reply.data) throw new ApiError(200, reply.message || 'Không tính được cước');
      return reply.data;
    },
  });
}

/** Step 5: save the order (task/order/save); a 409 means the price changed since it was shown. */
export function useSaveOrder() {
  return useMutation({
    mutationFn: async (input: Input<'saveOrder'>) => {
      const reply = ok(clientCalls.orders.saveOrder, await callApi(clientCalls.orders.saveOrder, input));
      if (!reply.data) throw new ApiError(200, reply.message || 'Không lưu được lệnh');
      return { ...reply.data, message: reply.message };
    },
  });
}

/** Step 5 for a credit customer (task/order/confirmPayLater). */
export function useConfirmPayLater() {
  return useMutation({
    mutationFn: async (OrderNo: string) => {
      const reply = ok(clientCalls.orders.confirmPayLater, await callApi(clientCalls.orders.confirmPayLater, { OrderNo }));
      return { OrderStatus: reply.data?.OrderStatus ?? '', message: reply.message };
    },
  });
}

/**
 * Step 6: the saved order's state (task/order/getOrder), asked again until nothing will change: an approval does not
 * end it, its invoice publication and TOS delivery follow (`followInterval`).
 */
export function useOrderDetail(orderNo: string | null) {
  return useQuery<OrderDetail | null>({
    queryKey: orderKeys.order(orderNo ?? ''),
    enabled: !!orderNo,
    refetchInterval: (q) => followInterval(q.state.data),
    queryFn: async ({ signal }): Promise<OrderDetail | null> => {
      const reply = ok(clientCalls.orders.getOrder, await callApi(clientCalls.orders.getOrder, { OrderNo: orderNo ?? '' }, { signal }));
      return reply.data ?? null;
    },
  });
}
export const acceptKeys = {
  all: ['orders', 'accept'] as const,
  list: (filter: AcceptFilter) => ['orders', 'accept', 'list', filter] as const,
  trace: (orderNo: string) => ['orders', 'accept', 'trace', orderNo] as const,
};

/** The queue's filter ('Duyệt lệnh'): terminal (all of the user's when empty), status, PIN / order / container / tax code. */
export interface AcceptFilter {
  TerminalCode?: string;
  OrderStatus: 'P' | 'C' | 'D' | '*';
  FindValue?: string;
}

/** The staff approval queue (task/accept_order/loadWaitingApprovalOrders). */
export function useAcceptOrders(filter: AcceptFilter) {
  return useQuery({
    queryKey: acceptKeys.list(filter),
    queryFn: async ({ signal }): Promise<AcceptRow[]> =>
      (await callApi(clientCalls.orders.loadAcceptOrders, filter, { signal })).payload ?? [],
  });
}

/** The invoice cancellation trace of one order (task/invoice/cancel/trackingInvoiceDraftDetails). */
export function useInvoiceCancelTrace(orderNo: string | null) {
  return useQuery({
    queryKey: acceptKeys.trace(orderNo ?? ''),
    queryFn: async ({ signal }): Promise<InvoiceCancelStep[]> =>
      (await callApi(clientCalls.orders.trackingInvoiceCancel, { OrderNo: orderNo as string }, { signal })).payload ?? [],
    enabled: !!orderNo,
  });
}

/** The queue's actions; each reloads the list. */
export function useAcceptActions() {
  const client = useQueryClient();
  const onSettled = () => client.invalidateQueries({ queryKey: acceptKeys.all });
  return {
    approve: useMutation({ mutationFn: (OrderNo: string) => callApi(clientCalls.orders.approveOrder, { OrderNo }), onSettled }),
    reject: useMutation({
      mutationFn: (v: { OrderNo: string; Reason: string }) => callApi(clientCalls.orders.rejectOrder, v),
      onSettled,
    }),
    resendTos: useMutation({ mutationFn: (OrderNo: string) => callApi(clientCalls.orders.resendTos, { OrderNo }), onSettled }),
    cancel: useMutation({
      mutationFn: (v: { OrderNo: string; Reason: string }) => callApi(clientCalls.orders.cancelApprovedOrder, v),
      onSettled,
    }),
  };
}

/** The public order page's rating form (the driver's). */
export function usePublicRatingForm(token: string) {
  return useQuery({
    queryKey: ['public-order', token, 'rating'] as const,
    queryFn: async ({ signal }) => (await callApi(clientCalls.ratings.publicRatingForm, { token }, { signal })).data,
    retry: false,
  });
}

/** The driver's rating with the order's PIN. */
export function useRatePublicOrder(token: string) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (body: { Ratings: { QuestionCode: number; Rating: number }[]; RatingNote: string | null; PinCode: string }) =>
      callApi(clientCalls.ratings.ratePublicOrder, { ...body, token }),
    onSuccess: () => client.invalidateQueries({ queryKey: ['public-order', token, 'rating'] }),
  });
}

import type { BookingRow, CallInput, calls } from '@smartport/contract';
import { clientCalls } from '@smartport/contract/client-calls';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { ApiError, callApi } from '../../lib/api-client';

type B = typeof calls.bookings;

export const bookingKeys = {
  all: ['bookings'] as const,
  list: (filter: BookingFilter) => ['bookings', 'list', filter] as const,
};

/** 'Booking': terminal (all of the user's when absent), status ('*' every one), booking number or shipper's tax code. */
export interface BookingFilter {
  TerminalCode?: string;
  Status: 'A' | 'R' | 'E' | '*';
  FindValue?: string;
}

/** A reply with `success: false` (and a 200) is a refusal too: its message is what the user reads. */
function refused<R extends { success?: boolean; message?: string | undefined }>(reply: R, fallback: string): R {
  if (reply.success === false) throw new ApiError(200, reply.message || fallback, reply as never);
  return reply;
}

/** The line's bookings with what was picked up and dropped off against them (booking/list). */
export function useBookings(filter: BookingFilter) {
  return useQuery({
    queryKey: bookingKeys.list(filter),
    queryFn: async ({ signal }): Promise<BookingRow[]> =>
      refused(await callApi(clientCalls.bookings.listBookings, filter, { signal }), 'Không tải được danh sách booking').payload ?? [],
  });
}

/** Issue, amend, cancel (each reloads the list); a refusal throws the server's message. */
export function useBookingActions() {
  const client = useQueryClient();
  const onSettled = () => client.invalidateQueries({ queryKey: bookingKeys.all });
  return {
    issue: useMutation({
      mutationFn: async (v: CallInput<B['issueBooking']>) =>
        refused(await callApi(clientCalls.bookings.issueBooking, v), 'Không phát hành được booking'),
      onSettled,
    }),
    amend: useMutation({
      mutationFn: async (v: CallInput<B['amendBooking']>) =>
        refused(await callApi(clientCalls.bookings.amendBooking, v), 'Không cập nhật được booking'),
      onSettled,
    }),
    cancel: useMutation({
      mutationFn: async (v: CallInput<B['cancelBooking']>) =>
        refused(await callApi(clientCalls.bookings.cancelBooking, v), 'Không hủy được booking'),
      onSettled,
    }),
  };
}

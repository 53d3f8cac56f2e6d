// Customs statuses as the screens show them: plain data, no schemas (the scan screens load no zod for them).

/** Spec 01 §4: status codes and what the screens show for them; anything else is shown as received. */
export const customsStatusMeanings = {
  TQ: 'Thông quan',
  MHBQ: 'Mang hàng về bảo quản',
  GPH: 'Giải phóng hàng',
  CCK: 'Chuyển địa điểm kiểm tra',
  KHH: 'Chờ thông quan sau kiểm tra hộ chủ hàng',
  NA: 'Không đủ điều kiện qua khu vực giám sát',
} as const;
export type CustomsStatusCode = keyof typeof customsStatusMeanings;

/** Status matching ignores case and surrounding spaces (spec 01 §4). */
export function customsStatusCode(status: string | null | undefined): CustomsStatusCode | null {
  const code = (status ?? '').trim().toUpperCase();
  return code in customsStatusMeanings ? (code as CustomsStatusCode) : null;
}

/** The text a screen shows for a status: its meaning, or the code as received. */
export function customsStatusText(status: string | null | undefined): string {
  const code = customsStatusCode(status);
  return code ? customsStatusMeanings[code] : (status ?? '');
}

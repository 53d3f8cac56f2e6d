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

/**
 * The statuses that let a container leave the customs-supervised area (the port's release statuses, docs/decisions.md
 * 'Customs holds'): cleared (TQ), goods released (GPH), taken to storage (MHBQ), moved to the inspection place (CCK).
 * Any other status, a code the portal does not know, or no answer yet keeps the container held.
 */
export const customsReleaseStatuses: readonly CustomsStatusCode[] = ['TQ', 'GPH', 'MHBQ', 'CCK'];

/** Whether customs' last status lets the container out. */
export function customsReleased(status: string | null | undefined): boolean {
  const code = customsStatusCode(status);
  return code !== null && customsReleaseStatuses.includes(code);
}

/**
 * Spec 02 §4's customs hold column, as a rule: foreign goods (FE F, IsLocalForeign F) of class 1, 3 or 4 (import,
 * import and export transhipment) are under customs control until customs releases them.
 */
export function underCustomsControl(c: { FE: string | null; IsLocalForeign: string | null; ClassCode: string | number | null }): boolean {
  return c.FE === 'F' && c.IsLocalForeign === 'F' && ['1', '3', '4'].includes(String(c.ClassCode ?? ''));
}

/** A container customs holds: under its control and not released by its last status. */
export function customsHeld(c: {
  FE: string | null;
  IsLocalForeign: string | null;
  ClassCode: string | number | null;
  CustomsStatus: string | null;
}): boolean {
  return underCustomsControl(c) && !customsReleased(c.CustomsStatus);
}

/** What the customer and staff read of a held container (the order screens, 'Duyệt lệnh'). */
export const customsHoldMessages = {
  held: 'Chưa thanh lý',
  released: 'Đã thanh lý',
  note: (row: number, containerNo: string, status: string | null) =>
    `Dòng ${row}: Container ${containerNo} chưa thanh lý hải quan (${status ? `trạng thái ${customsStatusText(status)}` : 'chưa có kết quả từ hải quan'}): lệnh chờ duyệt, chỉ được duyệt và giao cho cảng khi hải quan thông quan.`,
  approveRefused: (containers: readonly string[]) =>
    `Không duyệt được: container ${containers.join(', ')} chưa thanh lý hải quan. Lệnh chờ đến khi hải quan thông quan.`,
} as const;

import type { MenuId } from '@smartport/contract';

/**
 * The usage guide (spec 02 §2.1): 7 basic order types × 6 steps. Each type is shown only when the
 * user's menu holds its task entry. Images are real screens of this portal, captured and annotated
 * by scripts/guide-screenshots.ts into /guide/ from the order screens (steps 1–5) and an approved order's public
 * view (step 6).
 */
export interface GuideStep {
  title: string;
  text: string;
  image: string;
}
export interface GuideOrderType {
  menuId: MenuId;
  title: string;
  jobModeCode: string;
  steps: GuideStep[];
}

function steps(kind: string, jobModeCode: string, slug: string): GuideStep[] {
  return [
    {
      title: 'Nhập thông tin lệnh',
      text: `Mở tác nghiệp "${kind}" ở menu Tác nghiệp, rồi nhập cảng, hãng khai thác, số vận đơn hoặc số booking, hạn lệnh và chọn tàu/chuyến (khung đỏ); lệnh dùng phương án ${jobModeCode}. Bấm "Tiếp tục".`,
      image: `/guide/${slug}-1.webp`,
    },
    {
      title: 'Thêm container',
      text: 'Thêm từng dòng, dán danh sách từ Excel hoặc nhập tệp Excel theo file mẫu: số container, kích cỡ ISO, loại hàng (hàng lạnh, nguy hiểm, quá khổ kèm thông số). Dòng sai hiện lỗi màu đỏ; hệ thống kiểm tra với bãi cảng khi bấm "Tiếp tục".',
      image: '/guide/step-2-containers.webp',
    },
    {
      title: 'Nhập mã số thuế để chọn đối tượng thanh toán',
      text: 'Nhập mã số thuế và bấm "Tìm": hệ thống hiện tên, địa chỉ và hình thức thanh toán (Thu ngay / Thu sau) của đối tượng thanh toán.',
      image: '/guide/step-3-payer.webp',
    },
    {
      title: 'Tính cước',
      text: 'Hệ thống tính cước theo biểu cước: hóa đơn nháp từng dòng (container, phương án, loại cước, biểu cước, số lượng, đơn giá, VAT, diễn giải) và tổng cộng (khung đỏ).',
      image: '/guide/step-4-charges.webp',
    },
    {
      title: 'Thanh toán',
      text: 'Bấm "Lưu lệnh", rồi "Thanh toán" (thu ngay: chọn cổng thanh toán) hoặc "Xác nhận thu sau" với khách hàng được công nợ.',
      image: '/guide/step-5-pay.webp',
    },
    {
      title: 'Duyệt lệnh',
      text: 'Sau khi thanh toán, lệnh được duyệt tự động hoặc chờ cảng duyệt; lệnh đã duyệt có mã PIN, mã QR và liên kết xem lệnh để xuất trình tại cổng.',
      image: '/guide/step-6-approve.webp',
    },
  ];
}

const type = (menuId: MenuId, title: string, jobModeCode: string): GuideOrderType => ({
  menuId,
  title,
  jobModeCode,
  steps: steps(title, jobModeCode, menuId.toLowerCase().replace(/_/g, '-')),
});

export const guideOrderTypes: readonly GuideOrderType[] = [
  type('TASK_FCL_PRE_ADVICE', 'Hạ container hàng', 'HBAI'),
  type('TASK_PRE_ADVICE', 'Hạ container rỗng', 'TRAR'),
  type('TASK_IMPORT_PICKUP', 'Lấy nguyên container', 'LAYN'),
  type('TASK_EMPTY_PICKUP', 'Cấp container rỗng', 'CAPR'),
  type('TASK_STUFFING', 'Đóng hàng vào container', 'DONG'),
  type('TASK_UNSTUFFING', 'Rút hàng khỏi container', 'RUT'),
  type('TASK_SERVICE', 'Lệnh dịch vụ', 'DVBAI'),
];

/** The order types a menu permits (spec 02 §6: the guide shows only permitted order types). */
export function permittedGuideTypes(menuIds: ReadonlySet<string>): GuideOrderType[] {
  return guideOrderTypes.filter((g) => menuIds.has(g.menuId));
}

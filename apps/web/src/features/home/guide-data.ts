import type { MenuId } from '@smartport/contract';

/**
 * The usage guide (spec 02 §2.1): 7 basic order types × 6 steps. Each type is shown only when the
 * user's menu holds its task entry. Images are real screens of this portal, captured and annotated
 * by scripts/guide-screenshots.ts into /guide/. The order-entry screens are not built yet; where a
 * step's own screen is missing, the closest real screen is shown and the text says so.
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

const notBuilt = 'Màn hình lập lệnh đang được xây dựng; ảnh là màn hình thật gần nhất của cổng.';

function steps(kind: string, jobModeCode: string, slug: string): GuideStep[] {
  return [
    {
      title: 'Nhập thông tin lệnh',
      text: `Bấm tác nghiệp "${kind}" ở bảng Tác nghiệp bên phải trang chủ (khung đỏ) để mở màn hình lập lệnh, rồi nhập cảng, hãng khai thác, tàu/chuyến và số booking hoặc vận đơn; lệnh dùng phương án ${jobModeCode}. ${notBuilt}`,
      image: `/guide/${slug}-1.webp`,
    },
    {
      title: 'Thêm container',
      text: `Thêm từng container của lệnh: số container, kích cỡ ISO, loại hàng (hàng lạnh, nguy hiểm, quá khổ kèm thông số). Ảnh: danh sách container của một lệnh trên trang theo dõi lệnh. ${notBuilt}`,
      image: '/guide/step-2-containers.webp',
    },
    {
      title: 'Nhập mã số thuế để chọn đối tượng thanh toán',
      text: `Nhập mã số thuế, hệ thống tìm doanh nghiệp và hình thức thanh toán (thu ngay / thu sau) của đối tượng thanh toán. Ảnh: cột Đối tượng thanh toán và Hình thức của lệnh trên trang theo dõi lệnh. ${notBuilt}`,
      image: '/guide/step-3-payer.webp',
    },
    {
      title: 'Tính cước',
      text: 'Hệ thống tính cước theo biểu cước; lệnh chưa thanh toán hiện ở thẻ "Lệnh chờ thanh toán" với cột Thành tiền (khung đỏ).',
      image: '/guide/step-4-charges.webp',
    },
    {
      title: 'Thanh toán',
      text: 'Ở thẻ "Lệnh chờ thanh toán", bấm nút thanh toán của lệnh (thu ngay) hoặc thanh toán sau, xác nhận "Xác nhận thanh toán ?" rồi chọn cổng thanh toán.',
      image: '/guide/step-5-pay.webp',
    },
    {
      title: 'Duyệt lệnh',
      text: 'Sau khi thanh toán, lệnh được duyệt tự động hoặc chờ cảng duyệt; lệnh đã duyệt có mã QR và liên kết xem lệnh (nút Mã QR) để xuất trình tại cổng.',
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

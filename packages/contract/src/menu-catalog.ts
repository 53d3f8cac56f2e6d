/**
 * Every menu entry the portal knows, in display order. The server seeds the `menus` table from
 * this list and the call table names these ids as permissions, so a screen's grant and its
 * calls' grant are one thing. A path's first segment names the view class, the second the page
 * (spec 01 §2); `viewClass`/`viewPage` name them explicitly where the path does not.
 */
export interface MenuCatalogEntry {
  readonly id: string;
  readonly parent: string | null;
  readonly title: string;
  readonly path?: string;
  readonly icon?: string;
  readonly viewClass?: string;
  readonly viewPage?: string;
}

const e = (
  id: string,
  parent: string | null,
  title: string,
  path?: string,
  icon?: string,
  extra: Partial<Pick<MenuCatalogEntry, 'viewClass' | 'viewPage'>> = {},
): MenuCatalogEntry => ({ id, parent, title, ...(path ? { path } : {}), ...(icon ? { icon } : {}), ...extra });

export const menuCatalog = [
  e('HOME', null, 'Trang chủ', '/', 'home', { viewClass: 'HomePage', viewPage: 'Dashboard' }),

  e('TASK', null, 'Tác nghiệp', undefined, 'container'),
  e('TASK_FCL_PRE_ADVICE', 'TASK', 'Hạ container hàng', '/Task/TASK_FCL_PRE_ADVICE', undefined, {
    viewClass: 'Task',
    viewPage: 'FclPreAdvice',
  }),
  e('TASK_PRE_ADVICE', 'TASK', 'Hạ container rỗng', '/Task/TASK_PRE_ADVICE', undefined, { viewClass: 'Task', viewPage: 'PreAdvice' }),
  e('TASK_ICD_PRE_ADVICE', 'TASK', 'Hạ container về ICD', '/Task/TASK_ICD_PRE_ADVICE', undefined, {
    viewClass: 'Task',
    viewPage: 'IcdPreAdvice',
  }),
  e('TASK_IMPORT_PICKUP', 'TASK', 'Lấy nguyên container', '/Task/TASK_IMPORT_PICKUP', undefined, {
    viewClass: 'Task',
    viewPage: 'ImportPickup',
  }),
  e('TASK_EMPTY_PICKUP', 'TASK', 'Cấp container rỗng', '/Task/TASK_EMPTY_PICKUP', undefined, {
    viewClass: 'Task',
    viewPage: 'EmptyPickup',
  }),
  e('TASK_STUFFING', 'TASK', 'Đóng hàng vào container', '/Task/TASK_STUFFING', undefined, { viewClass: 'Task', viewPage: 'Stuffing' }),
  e('TASK_UNSTUFFING', 'TASK', 'Rút hàng khỏi container', '/Task/TASK_UNSTUFFING', undefined, {
    viewClass: 'Task',
    viewPage: 'Unstuffing',
  }),
  e('TASK_SERVICE', 'TASK', 'Lệnh dịch vụ', '/Task/TASK_SERVICE', undefined, { viewClass: 'Task', viewPage: 'ServiceOrder' }),
  // Staff queue of orders waiting for approval; customers never hold it.
  e('ORDER_ACCEPT', 'TASK', 'Duyệt lệnh', '/Order/AcceptOrder', undefined, { viewClass: 'Order', viewPage: 'AcceptOrder' }),
  // Every order the caller reaches, of every status (customers: their own; staff: their terminals').
  e('ORDER_HISTORY', 'TASK', 'Lịch sử lệnh', '/Order/History', undefined, { viewClass: 'Order', viewPage: 'History' }),

  e('CUSTOMS', null, 'Hải quan', undefined, 'safety'),
  e('CUSTOMS_EXPORT_REG', 'CUSTOMS', 'Đăng ký tờ khai hàng xuất', '/Custom/ExportRegistration'),
  e('CUSTOMS_IMPORT_REG', 'CUSTOMS', 'Đăng ký tờ khai hàng nhập', '/Custom/ImportRegistration'),
  e('CUSTOMS_MANAGEMENT', 'CUSTOMS', 'Quản lý tờ khai hải quan', '/Custom/CustomsManagement'),
  e('CUSTOMS_RELEASE', 'CUSTOMS', 'Kiểm tra thông quan tờ khai', '/Custom/CustomsRelease'),
  e('CUSTOMS_RELEASE_BATCH', 'CUSTOMS', 'Kiểm tra thông quan theo lô', '/Custom/CustomsReleaseBatch'),
  e('CUSTOMS_GATE_SCAN', 'CUSTOMS', 'Container đủ điều kiện qua KVGS', '/Custom/GateScan'),
  e('CUSTOMS_REQUEST_LOG', 'CUSTOMS', 'Lịch sử truy vấn thông quan', '/Custom/CustomRequestLog'),

  // The shipping line's own work (docs/decisions.md 'eDO release'): its delivery orders, its containers, the orders
  // made against its eDOs.
  e('LINE', null, 'Nghiệp vụ hãng tàu', undefined, 'ship'),
  e('LINE_EDO', 'LINE', 'Lệnh giao hàng điện tử (eDO)', '/Line/Edo'),
  e('LINE_BOOKING', 'LINE', 'Booking', '/Line/Booking'),
  e('LINE_CONTAINERS', 'LINE', 'Container của hãng', '/Line/Containers'),
  e('LINE_ORDERS', 'LINE', 'Lệnh theo eDO / booking', '/Line/Orders'),

  e('CATALOG', null, 'Danh mục', undefined, 'database'),
  e('CAT_OPERATION', 'CATALOG', 'Hãng tàu', '/common/operation'),
  e('CAT_CUSTOMER', 'CATALOG', 'Khách hàng', '/common/customer'),
  e('CAT_EXCHANGE', 'CATALOG', 'Tỷ giá', '/common/exchange'),
  e('CAT_PAYMENT_TYPE', 'CATALOG', 'Hình thức thanh toán', '/common/payment_type'),
  e('CAT_CONTAINER_STATUS', 'CATALOG', 'Trạng thái container', '/common/container_status'),
  e('CAT_CARGO_TYPE', 'CATALOG', 'Loại hàng', '/common/cargo_type'),
  e('CAT_JOB', 'CATALOG', 'Công việc', '/common/job'),
  e('CAT_JOB_MODE', 'CATALOG', 'Phương án', '/common/job_mode'),
  e('CAT_METHOD', 'CATALOG', 'Phương thức giao nhận', '/common/method'),
  e('CAT_CLASS', 'CATALOG', 'Hướng', '/common/class'),
  e('CAT_TRANSIT', 'CATALOG', 'Chuyển cảng', '/common/transit'),
  e('CAT_COMMODITY', 'CATALOG', 'Mặt hàng', '/common/commodity'),
  e('CAT_VESSEL_SCHEDULE', 'CATALOG', 'Lịch tàu', '/common/vessel_schedule'),
  e('CAT_DEPOT', 'CATALOG', 'Danh mục depot', '/common/depot'),
  e('CAT_COMPARE', 'CATALOG', 'Đối chiếu dữ liệu container', '/common/compare'),

  e('CONFIG', null, 'Cấu hình', undefined, 'setting'),
  e('CFG_NOTIFY', 'CONFIG', 'Cấu hình thông báo', '/config/notify_config'),
  e('CFG_SIZE_TYPE', 'CONFIG', 'Cấu hình kích cỡ', '/config/size_type'),
  e('CFG_FREE_DAY', 'CONFIG', 'Cấu hình thời gian lưu bãi', '/config/free_day'),
  e('CFG_REEFER', 'CONFIG', 'Cấu hình điện lạnh', '/config/reffer_config'),
  e('CFG_STANDARD_TARIFF', 'CONFIG', 'Biểu cước chuẩn', '/config/StandardTariff'),
  e('CFG_CONTRACT_TARIFF', 'CONFIG', 'Biểu cước hợp đồng', '/config/ContractTariff'),
  e('CFG_TARIFF_SURCHARGE', 'CONFIG', 'Phụ thu theo bậc', '/config/tariff_surcharge'),
  e('CFG_ATTACH', 'CONFIG', 'Cấu hình lệnh đính kèm', '/config/attach_config'),
  e('CFG_CONTACT', 'CONFIG', 'Cấu hình liên hệ', '/config/contact_config'),
  e('CFG_MAIL', 'CONFIG', 'Mail gửi', '/config/mail_config'),
  e('CFG_PAY_PARTNER', 'CONFIG', 'Cấu hình phương thức thanh toán', '/config/pay_partner_config'),
  e('CFG_PAYMENT_FOLLOWUP', 'CONFIG', 'Giao dịch cần xử lý', '/config/payment_followups'),
  e('CFG_APPROVAL', 'CONFIG', 'Cấu hình duyệt lệnh', '/config/approval_config'),
  e('CFG_REPORT_MAIL', 'CONFIG', 'Mail báo cáo', '/config/report_mail_config'),
  e('CFG_MAPPING_JOB_MODE', 'CONFIG', 'Mapping phương án', '/config/mapping_job_mode'),
  e('CFG_QUESTION', 'CONFIG', 'Tiêu chí đánh giá', '/config/question_config'),
  e('CFG_MAIL_ORDER', 'CONFIG', 'Gửi mail báo cáo lệnh', '/config/mail_order_config'),
  e('CFG_MAIL_QUEUE', 'CONFIG', 'Nhật ký gửi mail', '/config/mail_queue'),
  e('CFG_VERSION', 'CONFIG', 'Phiên bản', '/config/version_config'),
  e('CFG_ALERT_MAIL', 'CONFIG', 'Mail cảnh báo kết nối', '/config/alert_mail_config'),
  e('CFG_MAIN', 'CONFIG', 'Cấu hình chung', '/config/main_config'),

  e('SYSTEM', null, 'Quản trị hệ thống', undefined, 'tool'),
  e('SYS_ISSUES', 'SYSTEM', 'Quản lý yêu cầu', '/SystemManager/issues'),
  e('SYS_SFTP_CONFIG', 'SYSTEM', 'Cấu hình SFTP', '/SystemManager/sftp_config'),
  e('SYS_SFTP_CREATE', 'SYSTEM', 'Thêm tài khoản SFTP', '/SystemManager/sftp_create'),
  e('SYS_SFTP_ACCOUNTS', 'SYSTEM', 'Quản lý tài khoản SFTP', '/SystemManager/sftp_accounts'),
  e('SYS_SFTP_AUDIT', 'SYSTEM', 'Nhật ký SFTP', '/SystemManager/sftp_audit'),
  e('SYS_TERMINAL_CONFIG', 'SYSTEM', 'Cấu hình cảng', '/SystemManager/terminal_config'),
  e('SYS_LOYALTY', 'SYSTEM', 'Cấu hình Loyalty', '/SystemManager/loyalty'),
  e('SYS_RELEASE_POINT', 'SYSTEM', 'Cấu hình điểm thu phí theo block', '/SystemManager/release_point'),
  e('SYS_MB_CHARGES', 'SYSTEM', 'Mức phí dịch vụ áp dụng cho giao dịch thông qua MB-NAPAS', '/SystemManager/mb_charges'),
  e('SYS_MB_FEE', 'SYSTEM', 'Mức phí xử lý giao dịch thông qua MB-NAPAS', '/SystemManager/mb_fee'),
  e('SYS_IMO_ALERT', 'SYSTEM', 'Danh mục hàng nguy hiểm được phép hạ', '/SystemManager/imo_alert'),
  e('SYS_HOLIDAY', 'SYSTEM', 'Cấu hình miễn lưu bãi ngày lễ', '/SystemManager/holiday'),
  e('SYS_TARIFF_MAPPING', 'SYSTEM', 'Mapping mã biểu cước giữa hai hệ thống', '/SystemManager/tariff_mapping'),
  e('SYS_DATA_SHARE', 'SYSTEM', 'Cấu hình chia sẻ dữ liệu EDO', '/SystemManager/data_share'),
  // Every user's sessions and login attempts (docs/decisions.md 'Second factor, sessions and login history').
  // Staff of a terminal: accounts waiting for activation, lock, unlock, password reset, group and terminals
  // (docs/decisions.md 'Accounts: registration, e-mail verification, password reset, Quản lý tài khoản').
  e('SYS_ACCOUNTS', 'SYSTEM', 'Quản lý tài khoản', '/SystemManager/accounts'),
  e('SYS_SESSIONS', 'SYSTEM', 'Phiên đăng nhập người dùng', '/SystemManager/sessions'),
  // Administrators only: the audit trail of every change (docs/decisions.md 'Audit trail').
  e('SYS_AUDIT', 'SYSTEM', 'Nhật ký thay đổi', '/SystemManager/audit_log'),

  e('CRM', null, 'Thống kê', undefined, 'chart'),
  e('CRM_DASHBOARD', 'CRM', 'Thống kê tổng hợp', '/CRM/Dashboard'),
  e('CRM_CUSTOMER', 'CRM', 'Thống kê theo khách hàng', '/CRM/CustomerReport'),
  e('CRM_USER', 'CRM', 'Thống kê theo người dùng', '/CRM/UserReport'),
  e('CRM_RATING', 'CRM', 'Chi tiết đánh giá khách hàng', '/Report/Rating'),
  e('CRM_MB_SUMMARY', 'CRM', 'Thống kê tổng hợp - MB', '/Report/MBSummary'),
  e('CRM_USAGE', 'CRM', 'Thống kê sử dụng theo loại tác nghiệp', '/Report/Usage'),
  e('CRM_APPROVAL', 'CRM', 'Thống kê duyệt lệnh theo loại tác nghiệp', '/Report/Approval'),
  // Staff: any customer's loyalty points within their terminals (docs/decisions.md 'Loyalty points').
  e('CRM_LOYALTY', 'CRM', 'Điểm tích lũy khách hàng', '/CRM/Loyalty'),
  // Scheduled Excel exports of a statistics report, mailed (docs/decisions.md 'Scheduled report exports').
  e('CRM_REPORT_SCHEDULE', 'CRM', 'Lịch gửi báo cáo', '/CRM/ReportSchedules'),

  e('SUPPORT', null, 'Hỗ trợ', undefined, 'question'),
  e('SUP_FAQ', 'SUPPORT', 'Câu hỏi thường gặp', '/Support/FAQ'),
  e('SUP_GUIDE', 'SUPPORT', 'Hướng dẫn sử dụng', '/Support/UserGuide'),

  e('PERSONAL', null, 'Tài khoản', undefined, 'user'),
  e('PERSONAL_PROFILE', 'PERSONAL', 'Thông tin tài khoản', '/Personal/Profile'),
  // Spec 02 §7 personal summaries (personal_info/*): the spec gives them no route (docs/decisions.md).
  e('PERSONAL_SUMMARY', 'PERSONAL', 'Thống kê cá nhân', '/Personal/Summary'),
  // The user's own sessions and login history (also in the profile menu).
  e('PERSONAL_SESSIONS', 'PERSONAL', 'Phiên đăng nhập', '/Personal/Sessions'),
  // A customer's own loyalty points: balance, tier, statement.
  e('PERSONAL_LOYALTY', 'PERSONAL', 'Điểm tích lũy', '/Personal/Loyalty'),
] as const satisfies readonly MenuCatalogEntry[];

export type MenuId = (typeof menuCatalog)[number]['id'];

export const menuIds = menuCatalog.map((m) => m.id) as MenuId[];

/** The 16 view groups of spec 01 §2; the first path segment names one (case-insensitive). */
export const viewGroups = [
  'CRM',
  'Common',
  'Config',
  'Custom',
  'HomePage',
  'KPI',
  // The shipping line's own screens (issue 23: eDO, bookings, its containers and orders); not a spec group.
  'Line',
  'LoginPage',
  'Operator',
  'Order',
  'Personal',
  'Report',
  'Support',
  'SystemManager',
  'Tariff',
  'Task',
  'Tracking',
] as const;
export type ViewGroup = (typeof viewGroups)[number];

import { z } from 'zod';
import { signedIn } from '../access';
import { defineCall } from '../call';
import { NOTICES_CHANGED } from '../event-names';
import { flag, optionalText, requiredText, rowguid } from '../grid/columns';
import { defineGrid } from '../grid/resource';
import { noPayload, replyWith } from '../reply';

const date = (label: string) =>
  z.coerce.date({ error: `${label} không hợp lệ` }).refine((d) => !Number.isNaN(d.getTime()), `${label} không hợp lệ`);

export { NOTICES_CHANGED };

/** /config/notify_config: notification rows (spec 01 §2 "Notification configuration screen"; calls named in DESIGN.md §8). */
export const notifyGrid = defineGrid({
  name: 'notify',
  module: 'notices',
  title: 'Cấu hình thông báo',
  menu: 'CFG_NOTIFY',
  table: 'notifications',
  paths: { get: 'config/getNotifyList', update: 'config/updateNotifyList', delete: 'config/deleteNotifyList' },
  row: z
    .object({
      Rowguid: rowguid,
      MailTitle: requiredText(300, 'Tiêu đề thông báo'),
      // Rich text; the server sanitises it before storing (scripts, handlers, javascript: URLs removed).
      NotifyContent: z.string().max(1_500_000, 'Nội dung thông báo quá lớn (tối đa khoảng 1,5 MB kể cả ảnh)').nullish().default(null),
      NotifyFrom: date('Thời gian hiển thị từ'),
      NotifyTo: date('Thời gian kết thúc'),
      NotifyNote: optionalText(1000, 'Ghi chú'),
      IsActive: flag,
    })
    .refine((r) => r.NotifyTo >= r.NotifyFrom, { message: 'Thời gian kết thúc phải sau thời gian hiển thị', path: ['NotifyTo'] }),
  key: ['MailTitle', 'NotifyFrom'],
  columns: [
    { field: 'MailTitle', title: 'Tiêu đề thông báo', type: 'text', width: 280 },
    { field: 'NotifyContent', title: 'Nội dung thông báo', type: 'text', width: 160, richText: true },
    { field: 'NotifyFrom', title: 'Hiển thị từ', type: 'datetime', width: 190 },
    { field: 'NotifyTo', title: 'Thời gian kết thúc', type: 'datetime', width: 190 },
    { field: 'NotifyNote', title: 'Ghi chú', type: 'text', width: 240 },
    { field: 'IsActive', title: 'Hoạt động', type: 'bool' },
  ],
  actions: { add: true, delete: true, save: true, import: true },
  height: '50vh',
  // Every signed-in user's banner shows these rows.
  liveNotice: NOTICES_CHANGED,
});

export const activeNotice = z.object({
  Rowguid: z.string(),
  MailTitle: z.string(),
  NotifyContent: z.string().nullable(),
  NotifyFrom: z.string(),
  NotifyTo: z.string(),
});

/** Notifications shown to every signed-in user: active and now between NotifyFrom and NotifyTo. */
export const getActiveNotifyList = defineCall({
  path: 'common/getActiveNotifyList',
  module: 'notices',
  summary: 'Thông báo đang hiệu lực cho người dùng đã đăng nhập',
  access: signedIn,
  request: noPayload,
  response: replyWith({ payload: z.array(activeNotice).optional() }),
});

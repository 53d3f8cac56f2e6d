import { z } from 'zod';
import { publicAccess, signedIn } from '../access';
import { defineCall } from '../call';
import { optionalBody, replyWith } from '../reply';

export interface MenuNode {
  MenuID: string;
  ParentID: string | null;
  MenuName: string;
  Path: string | null;
  ViewClass: string | null;
  ViewPage: string | null;
  Icon: string | null;
  OrderBy: number;
  children: MenuNode[];
}
export const menuNode: z.ZodType<MenuNode> = z.lazy(() =>
  z.object({
    MenuID: z.string(),
    ParentID: z.string().nullable(),
    MenuName: z.string(),
    Path: z.string().nullable(),
    ViewClass: z.string().nullable(),
    ViewPage: z.string().nullable(),
    Icon: z.string().nullable(),
    OrderBy: z.number().int(),
    children: z.array(menuNode),
  }),
);

export const getMenu = defineCall({
  path: 'common/getMenu',
  module: 'shell',
  summary: 'Cây menu theo nhóm người dùng (UserGroupCode)',
  access: signedIn,
  request: optionalBody(z.object({ UserGroupCode: z.string().trim().max(50).optional() })),
  response: replyWith({ payload: z.array(menuNode).optional() }),
});

export const terminalRow = z.object({
  TerminalCode: z.string(),
  TerminalName: z.string(),
  TerminalNameEnglish: z.string(),
  Address: z.string(),
  Tel: z.string(),
  Fax: z.string(),
  Web: z.string(),
  ChartColor: z.string(),
});
export type TerminalRow = z.infer<typeof terminalRow>;

export const getTerminalList = defineCall({
  path: 'common/getTerminalList',
  module: 'shell',
  summary: 'Danh sách cảng của người dùng (hoặc một cảng theo TerminalCode)',
  access: signedIn,
  request: optionalBody(z.object({ TerminalCode: z.string().trim().max(10).optional() })),
  response: replyWith({ payload: z.array(terminalRow).optional() }),
});

export const publicOrderContainer = z.object({
  ContainerNo: z.string(),
  IsoSizetype: z.string(),
  FE: z.string(),
  CargoTypeName: z.string().nullable(),
  SealNo: z.string().nullable(),
  MCWeight: z.number().nullable(),
});

export const publicOrder = z.object({
  OrderNo: z.string(),
  PinCode: z.string(),
  TerminalCode: z.string(),
  TerminalName: z.string(),
  JobModeCode: z.string(),
  JobModeName: z.string(),
  OrderStatus: z.string(),
  OrderStatusName: z.string(),
  CustomerName: z.string().nullable(),
  OperationCode: z.string().nullable(),
  VesselName: z.string().nullable(),
  VesselImVoy: z.string().nullable(),
  VesselExVoy: z.string().nullable(),
  BookingNo: z.string().nullable(),
  BLNo: z.string().nullable(),
  ExpDate: z.string().nullable(),
  CreatedTime: z.string(),
  TotalAmount: z.number(),
  CurrencyCode: z.string(),
  GateQr: z.string().describe('Nội dung mã QR xuất trình tại cổng'),
  containers: z.array(publicOrderContainer),
});

export const viewPublicOrder = defineCall({
  path: 'order/view',
  module: 'orders',
  summary: 'Xem lệnh công khai qua liên kết ký số (ord_url), không cần đăng nhập',
  access: publicAccess,
  request: z.object({ token: z.string().trim().min(1, 'Thiếu mã liên kết').max(400) }),
  response: replyWith({ payload: publicOrder.optional() }),
});

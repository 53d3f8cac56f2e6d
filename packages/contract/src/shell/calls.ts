import { z } from 'zod';
import { signedIn } from '../access';
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

import { z } from 'zod';
import { menuAccess } from '../access';
import { defineCall } from '../call';
import { replyWith } from '../reply';
import { imoClass, imoUnno } from './grids';

/**
 * Whether a dangerous-goods container (IMDG class, UN number) may be dropped off at a terminal: allowed when the
 * terminal's list 'Danh mục hàng nguy hiểm được phép hạ' holds it; AlertMsg is the note to show. Offered by the screens
 * that create drop-off orders (the pre-advice tasks) and by the list's own screen (docs/decisions.md).
 */
export const checkIMOAlert = defineCall({
  path: 'config/checkIMOAlert',
  module: 'admin',
  summary: 'Kiểm tra hàng nguy hiểm (Class, Unno) có được phép hạ tại cảng',
  access: menuAccess('SYS_IMO_ALERT', 'TASK_FCL_PRE_ADVICE', 'TASK_PRE_ADVICE', 'TASK_ICD_PRE_ADVICE'),
  request: z.object({
    TerminalCode: z.string().trim().max(10).optional(),
    Class: imoClass,
    Unno: imoUnno,
  }),
  response: replyWith({ allowed: z.boolean().optional(), AlertMsg: z.array(z.string()).optional() }),
});

import { z } from 'zod';
import { menuAccess } from '../access';
import { defineCall } from '../call';
import { optionalBody, replyWith } from '../reply';

export const vesselScheduleRow = z.object({
  VesselKey: z.string(),
  TerminalCode: z.string(),
  VesselName: z.string(),
  VesselImVoy: z.string(),
  VesselExVoy: z.string(),
  OperationCode: z.string().nullable(),
  ETA: z.string().nullable(),
  ETB: z.string().nullable(),
  ETD: z.string().nullable(),
});
export type VesselScheduleRow = z.infer<typeof vesselScheduleRow>;

const optionalDate = z
  .union([z.string(), z.date()])
  .optional()
  .transform((v, ctx) => {
    if (v === undefined || v === '') return undefined;
    const d = v instanceof Date ? v : new Date(v);
    if (Number.isNaN(d.getTime())) {
      ctx.addIssue({ code: 'custom', message: 'Ngày không hợp lệ' });
      return z.NEVER;
    }
    return d;
  });

/** Vessel calls of the caller's terminals; without dates, from a week ago to a month ahead (by ETB). */
export const getVesselScheduleList = defineCall({
  path: 'common/getVesselScheduleList',
  module: 'catalogs',
  summary: 'Lịch tàu theo cảng, tên tàu và khoảng ngày cập (ETB)',
  access: menuAccess('CAT_VESSEL_SCHEDULE', 'CFG_ATTACH', 'CFG_FREE_DAY', 'CFG_APPROVAL'),
  request: optionalBody(
    z.object({
      TerminalCode: z.string().trim().max(10).optional(),
      VesselName: z.string().trim().max(100).optional(),
      FromDate: optionalDate,
      ToDate: optionalDate,
      Rowguid: z.string().max(64).optional(),
    }),
  ),
  response: replyWith({ payload: z.array(vesselScheduleRow).optional() }),
});

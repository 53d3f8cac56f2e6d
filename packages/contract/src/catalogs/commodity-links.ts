import { z } from 'zod';
import { menuAccess } from '../access';
import { defineCall } from '../call';
import { optionalBody, replyWith } from '../reply';

/** A stuffing/unstuffing job mode with the commodities linked to it (ConfigList). */
export const jobModeCommodityRow = z.object({
  Rowguid: z.string(),
  JobModeCode: z.string(),
  JobModeName: z.string(),
  IsCFSStuff: z.boolean(),
  IsCFSUnstuff: z.boolean(),
  ConfigList: z.array(z.string()),
});

const oneOrZero = z.union([z.literal(1), z.literal('1'), z.literal(true)]).optional();

export const commodityLinkCalls = {
  /** Job modes for the commodity screen's left panel: 'Đóng' sends IsCFSStuff=1, 'Rút' IsCFSUnstuff=1. */
  getJobModeStuffUnstuffList: defineCall({
    path: 'common/getJobModeStuffUnstuffList',
    module: 'catalogs',
    summary: 'Phương án đóng/rút hàng kèm mặt hàng đã gắn',
    access: menuAccess('CAT_COMMODITY'),
    request: optionalBody(z.object({ IsCFSStuff: oneOrZero, IsCFSUnstuff: oneOrZero })),
    response: replyWith({ payload: z.array(jobModeCommodityRow).optional() }),
  }),
  /** 'Lưu cài đặt': job-mode code → the commodity codes linked to it (each listed job mode is replaced). */
  updateConfigStuffUnstuffList: defineCall({
    path: 'common/updateConfigStuffUnstuffList',
    module: 'catalogs',
    summary: 'Lưu mặt hàng gắn với từng phương án đóng/rút',
    access: menuAccess('CAT_COMMODITY'),
    request: z.record(
      z.string().trim().min(1).max(10),
      z.array(z.string().trim().min(1).max(20)).max(5000, 'Tối đa 5.000 mặt hàng cho một phương án'),
      { error: 'Dữ liệu phải là danh sách mặt hàng theo mã phương án' },
    ),
    response: replyWith({}),
  }),
};

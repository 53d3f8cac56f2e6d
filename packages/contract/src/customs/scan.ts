import { z } from 'zod';
import { menuAccess } from '../access';
import { defineCall } from '../call';
import { orderTaskMenus } from '../orders/order-types';
import { optionalBody, replyWith } from '../reply';

/**
 * Customs release scans (367 single and batch), gate eligibility scan (363), the vessel picker and
 * the customs request log (spec 01 §2, §3, §5, §7, §8).
 */

export { type CustomsStatusCode, customsStatusCode, customsStatusMeanings, customsStatusText } from './status';

/** Spec 01 §9: a declaration can be scanned again after 5 minutes. */
export const CUSTOMS_RESCAN_MS = 5 * 60_000;

/** Spec 01 §8: the socket failure codes that end the single scan's loading (note_state of a 367.1 event). */
export const customsFailureStates = {
  MSG_TRANSMIT_FAILED: 'Truyền thông điệp thất bại',
  ASKING_MSG_CREATE_FAILED: 'Tạo thông điệp hỏi thất bại',
  REQUEST_ABORTED: 'Yêu cầu bị hủy',
  DESERIALIZE_FAILED: 'Không đọc được phản hồi',
  RESPONSE_TIMEOUT: 'Quá thời gian chờ phản hồi',
  /** The portal's own: the gateway answered, but the answer could not be stored (e.g. text PostgreSQL refuses). */
  RESULT_NOT_STORED: 'Không lưu được kết quả trả về từ hải quan',
} as const;
export type CustomsFailureState = keyof typeof customsFailureStates;
/** Response functions of a 367.1 result: 32 = result returned, 27 = message refused by customs. */
export const CUSTOMS_RESPONSE_FUNC = { result: 32, refused: 27 } as const;
export const CUSTOMS_RESULT_EVENT_TYPE = '367.1';

const upperTrim = (max: number, label: string) =>
  z
    .string({ error: `Thiếu ${label}` })
    .trim()
    .toUpperCase()
    .min(1, 'Nhập đầy đủ thông tin tờ khai')
    .max(max, `${label} tối đa ${max} ký tự`);

/** A single scan's declaration number (≤ 15) and office code (≤ 6), upper-cased and trimmed. */
const singleDeclaration = z.object({
  declareNo: upperTrim(15, 'Số tờ khai'),
  office: upperTrim(6, 'Mã hải quan'),
});

/** One container of a 367 answer (spec 01 §3, single scan result row). */
export const customsContainerRow = z.object({
  CustomsStatus: z.string(),
  ResponseText: z.string(),
  CntrNo: z.string(),
  TransportIdentity: z.string(),
  NumberOfJourney: z.string(),
  ArrivalDeparture: z.string().nullable(),
});
export type CustomsContainerRow = z.infer<typeof customsContainerRow>;

/** One declaration of a 367 answer (spec 01 §3: batch response item). */
export const customs367Item = z.object({
  customsAppNo: z.string(),
  declOffice: z.string(),
  customsStatus: z.string(),
  RESPONSE_TEXT: z.string(),
  msg: z.string(),
  data: z.object({ TransportEquipments: z.object({ TransportEquipment: z.array(customsContainerRow) }) }),
});
export type Customs367Item = z.infer<typeof customs367Item>;

/** One row of a 363 answer (spec 01 §3: gate scan result row). */
export const customs363Row = z.object({
  customsStatus: z.string(),
  msg: z.string(),
  userVoy: z.string(),
  cntrNo: z.string(),
  blNo: z.string(),
  declOffice: z.string(),
  customsAppNo: z.string(),
  vslNm: z.string(),
  journeyNumber: z.string(),
  eta: z.string().nullable(),
});
export type Customs363Row = z.infer<typeof customs363Row>;

const aciss367 = z.object({
  requestType: z.literal(367),
  requestData: z
    .array(
      z.object({
        declareNo: upperTrim(100, 'Số tờ khai'),
        office: upperTrim(100, 'Mã hải quan'),
      }),
    )
    .min(1, 'Chưa có tờ khai nào trong danh sách quét')
    .max(100, 'Tối đa 100 tờ khai mỗi lần quét'),
});
const aciss363 = z.object({
  requestType: z.literal(363),
  requestData: z
    .array(
      z.object({
        UserVoy: z.string().trim().min(1, 'Nhập đầy đủ thông tin tàu/chuyến và số container').max(30),
        CntrNo: z.string().trim().toUpperCase().min(1, 'Nhập đầy đủ thông tin tàu/chuyến và số container').max(20),
      }),
    )
    .min(1, 'Chưa có tờ khai nào trong danh sách quét')
    .max(100, 'Tối đa 100 container mỗi lần quét'),
});

/** Synchronous customs queries: 367 (declarations, single or batch) and 363 (containers of a voyage). */
export const reqAciss = defineCall({
  path: 'custom/req_aciss',
  module: 'customs',
  summary: 'Truy vấn đồng bộ hệ thống hải quan: 367 theo tờ khai, 363 theo tàu/chuyến và container',
  access: menuAccess('CUSTOMS_RELEASE', 'CUSTOMS_RELEASE_BATCH', 'CUSTOMS_GATE_SCAN'),
  // 367 serves the release scans (single and batch), 363 the gate scan: each needs its own screen's grant.
  variants: {
    field: 'requestType',
    access: {
      367: menuAccess('CUSTOMS_RELEASE', 'CUSTOMS_RELEASE_BATCH'),
      363: menuAccess('CUSTOMS_GATE_SCAN'),
    },
  },
  // '367' and 367 are both accepted: the screens send numbers, other clients may send text.
  request: z.preprocess(
    (v) =>
      v && typeof v === 'object' && !Array.isArray(v) && typeof (v as { requestType?: unknown }).requestType === 'string'
        ? { ...v, requestType: Number((v as { requestType: string }).requestType.trim()) }
        : v,
    z.discriminatedUnion('requestType', [aciss367, aciss363], { error: 'Loại thông điệp phải là 367 hoặc 363' }),
  ),
  response: replyWith({
    reload: z.boolean().optional(),
    data: z.union([z.array(customs367Item), z.array(customs363Row)]).optional(),
  }),
});

/** The single scan's asynchronous message 367: queued, the result arrives as a 367.1 socket event. */
export const reqCas367 = defineCall({
  path: 'custom/req_cas367',
  module: 'customs',
  summary: 'Gửi thông điệp 367 vào hàng đợi (kết quả trả qua sự kiện 367.1)',
  access: menuAccess('CUSTOMS_RELEASE'),
  request: singleDeclaration.extend({
    method: z.literal('sendmsg', { error: 'method phải là sendmsg' }).default('sendmsg'),
    allow_send_again: z.boolean().default(false),
  }),
  response: replyWith({
    reload: z.boolean().optional(),
    data: z
      .object({
        msgGroupId: z.string().optional(),
        lists: z.array(customsContainerRow).optional(),
        /** What customs answered for a declaration it gave no container for (e.g. 'Không tìm thấy thông tin tờ khai'). */
        msg: z.string().optional(),
        lastSent: z.string().optional(),
      })
      .optional(),
  }),
});

/** The latest stored result of a declaration's 367 message (the single scan's table). */
export const getCas367 = defineCall({
  path: 'custom/get_cas367',
  module: 'customs',
  summary: 'Kết quả thông điệp 367 gần nhất của tờ khai',
  access: menuAccess('CUSTOMS_RELEASE'),
  request: singleDeclaration.extend({
    method: z.literal('view', { error: 'method phải là view' }).default('view'),
    Note: z.string().max(200).optional(),
  }),
  response: replyWith({
    data: z.array(customsContainerRow).optional(),
    /** queued | done | failed | none */
    state: z.string().optional(),
    /** What customs answered for a declaration it gave no container for (e.g. 'Không tìm thấy thông tin tờ khai'). */
    msg: z.string().optional(),
    lastSent: z.string().optional(),
  }),
});

export const customsLogRow = z.object({
  RequestId: z.string(),
  RequestTime: z.string(),
  SenderBy: z.string(),
  RequestType: z.string(),
  RawRequest: z.string(),
  RawResponse: z.string(),
});
export type CustomsLogRow = z.infer<typeof customsLogRow>;

const requiredDate = (message: string) =>
  z.union([z.string(), z.date()], { error: message }).transform((v, ctx) => {
    const d = v instanceof Date ? v : new Date(v);
    if (v === '' || Number.isNaN(d.getTime())) {
      ctx.addIssue({ code: 'custom', message });
      return z.NEVER;
    }
    return d;
  });

export const getLogCustomReq = defineCall({
  path: 'custom/get_log_custom_req',
  module: 'customs',
  summary: 'Lịch sử truy vấn thông quan',
  access: menuAccess('CUSTOMS_REQUEST_LOG'),
  request: z.object({
    fromDate: requiredDate('Nhập ngày bắt đầu'),
    toDate: requiredDate('Nhập ngày kết thúc'),
    voyageKey: z.string().trim().max(30).optional().default(''),
    declareNo: z.string().trim().toUpperCase().max(100).optional().default(''),
    containerNo: z.string().trim().toUpperCase().max(20).optional().default(''),
    requestType: z
      .union([z.string(), z.number()])
      .transform((v) => String(v).trim())
      .pipe(z.enum(['', '*', '363', '367'], { error: 'Loại thông điệp phải là 363, 367 hoặc tất cả' }))
      .optional()
      .default('*'),
    senderBy: z.string().trim().max(50).optional().default(''),
  }),
  response: replyWith({ payload: z.array(customsLogRow).optional() }),
});

export const vesselVoyageRecord = z.object({
  VesselKey: z.string(),
  VesselName: z.string(),
  VesselImVoy: z.string(),
  VesselExVoy: z.string(),
  TerminalCode: z.string(),
  ETA: z.string().nullable(),
  ETB: z.string().nullable(),
  ETD: z.string().nullable(),
});
export type VesselVoyageRecord = z.infer<typeof vesselVoyageRecord>;

/** The vessel picker's list (spec 01 §7: arrStatus = 1 → voyages not yet long gone). */
export const searchShip = defineCall({
  path: 'task/fcl_pre_advice/search_ship',
  module: 'customs',
  summary: 'Danh sách tàu/chuyến cho ô chọn tàu (arrStatus = 1: tàu đang/ sắp làm hàng)',
  // The order screens pick their vessel/voyage with the same picker.
  access: menuAccess('CUSTOMS_GATE_SCAN', 'CUSTOMS_REQUEST_LOG', ...orderTaskMenus),
  request: optionalBody(
    z.object({
      arrStatus: z.coerce.number({ error: 'arrStatus phải là số' }).int().min(0).max(9).optional(),
      VesselName: z.string().trim().max(100).optional(),
      /** Only the calls of this terminal (one of the caller's): an order's picker lists its terminal's calls. */
      TerminalCode: z.string().trim().toUpperCase().max(10).optional(),
    }),
  ),
  response: replyWith({ vsls: z.array(vesselVoyageRecord).optional() }),
});

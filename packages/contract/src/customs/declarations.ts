import { z } from 'zod';
import { menuAccess, signedIn } from '../access';
import { defineCall } from '../call';
import { dbLimits, uploadedPart } from '../fields';
import { noPayload, optionalBody, plainReply, replyWith } from '../reply';

/** Spec 01 §9: accepted upload types and the total per temporary folder. */
export const uploadLimits = {
  totalBytes: 5_000_000,
  extensions: ['.xls', '.docx', '.png', '.jpg', '.pdf'],
} as const;

/** Messages of spec 01 §5 and §8, exactly as written there (the screen checks in the same order as the server). */
export const declarationMessages = {
  customerId: 'Vui lòng nhập mã doanh nghiệp !',
  customNo: 'Vui lòng nhập số tờ khai !',
  customCode: 'Vui lòng nhập mã hải quan !',
  containerQty: 'Vui lòng nhập tổng số container !',
  /** Not in the spec (it names only the missing case): a total that is not a whole number from 1 to 9999. */
  containerQtyInvalid: 'Tổng số container phải là số nguyên từ 1 đến 9999.',
  customDate: 'Vui lòng nhập ngày tờ khai !',
  booking: 'Vui lòng số booking !',
  bl: 'Vui lòng số vận đơn !',
  files: 'Vui lòng upload file !',
  totalSize: 'Tổng dung lượng không được quá 5MB !!',
  folder: 'Lỗi khi khởi tạo thư mục lưu dữ liệu, vui lòng tải lại trang và thử lại!',
  noteEmpty: 'Bạn chưa nhập lý do hủy.',
  approved: 'Cập nhật thành công.',
  noted: 'Cập nhật ghi chú thành cong.',
} as const;

/** Status 0 (or empty) pending, 1 approved (spec 01 §3, §4). */
export const declarationStatus = { pending: 0, approved: 1 } as const;

export const operationOption = z.object({ OperationCode: z.string(), OperationName: z.string() });

/** A customs declaration registration (spec 01 §3). */
export const declarationRow = z.object({
  ID: z.string().describe('Mã đăng ký'),
  TerminalCode: z.string(),
  CustomerID: z.string().describe('Mã doanh nghiệp (mã số thuế)'),
  CustomNo: z.string().describe('Số tờ khai'),
  CustomCode: z.string().describe('Mã hải quan'),
  ContainerQty: z.number().int(),
  CustomDate: z.string().describe('Ngày tờ khai (đầu ngày, ISO)'),
  BL_BookingNo: z.string(),
  ImportExport: z.enum(['I', 'E']),
  FilePatch: z.string(),
  FileLists: z.string().describe('Liên kết tệp, phân cách bằng dấu chấm phẩy'),
  Status: z.number().int(),
  Note: z.string().nullable(),
  CreatedBy: z.string().describe('Người đăng ký (tài khoản)'),
  RegistrantCode: z.string().nullable().describe('Mã khách hàng của người đăng ký (đại lý, công ty giao nhận); null: nhân viên'),
  CreatedTime: z.string(),
  ActionBy: z.string().nullable(),
  ActionTime: z.string().nullable(),
  Telphone: z.string().nullable(),
  Rowguid: z.string(),
});
export type DeclarationRow = z.infer<typeof declarationRow>;

// Text fields arrive as typed; the service checks them in the order of spec 01 §5 with its messages.
const loose = (max: number) => z.string().max(max).nullish();

export const getOprs = defineCall({
  path: 'common/getOprs',
  module: 'customs',
  summary: 'Danh sách hãng tàu (OperationCode, OperationName)',
  access: signedIn,
  // Spec 03 §7: GET or POST.
  methods: ['GET', 'POST'],
  request: noPayload,
  response: replyWith({ payload: z.array(operationOption).optional() }),
});

export const addDeclaration = defineCall({
  path: 'custom/add',
  module: 'customs',
  summary: 'Đăng ký tờ khai hải quan (hàng xuất E / hàng nhập I) kèm tệp đã tải lên',
  access: menuAccess('CUSTOMS_EXPORT_REG', 'CUSTOMS_IMPORT_REG'),
  request: optionalBody(
    z.object({
      CustomerID: loose(100),
      CustomNo: loose(100),
      CustomCode: loose(100),
      ContainerQty: z.union([z.number(), z.string().max(20)]).nullish(),
      BL_BookingNo: loose(1000),
      CustomDate: loose(40),
      FilePatch: loose(100),
      ImportExport: loose(5),
      Telphone: loose(30),
      TerminalCode: loose(10),
    }),
  ),
  response: replyWith({ payload: declarationRow.optional() }),
});

export const loadDeclarations = defineCall({
  path: 'custom/load_custom',
  module: 'customs',
  summary: 'Tra cứu tờ khai đã đăng ký (khách hàng) hoặc tìm kiếm tờ khai (nhân viên: Status, khoảng ngày tạo, I/E)',
  access: menuAccess('CUSTOMS_EXPORT_REG', 'CUSTOMS_IMPORT_REG', 'CUSTOMS_MANAGEMENT'),
  request: optionalBody(
    z.object({
      CustomerID: z.string().trim().max(20, 'Mã doanh nghiệp tối đa 20 ký tự').nullish(),
      CustomNo: z.string().trim().max(20, 'Số tờ khai tối đa 20 ký tự').nullish(),
      CustomCode: z.string().trim().max(10, 'Mã hải quan tối đa 10 ký tự').nullish(),
      ImportExport: z.enum(['I', 'E', '']).nullish(),
      Status: z
        .array(z.union([z.literal(0), z.literal(1)]))
        .max(2)
        .nullish(),
      FromDate: z.iso.datetime({ offset: true, message: 'Ngày bắt đầu không hợp lệ' }).nullish(),
      ToDate: z.iso.datetime({ offset: true, message: 'Ngày kết thúc không hợp lệ' }).nullish(),
      TerminalCode: z.string().trim().max(10).nullish(),
    }),
  ),
  response: replyWith({ payload: z.array(declarationRow).optional() }),
});

export const updateDeclaration = defineCall({
  path: 'custom/update_custom',
  module: 'customs',
  summary: 'Nhân viên duyệt tờ khai (Status = 1) hoặc ghi lý do (Note)',
  access: menuAccess('CUSTOMS_MANAGEMENT'),
  request: z.object({
    Rowguid: z.uuid('Mã dòng (Rowguid) không hợp lệ'),
    Status: z.union([z.number().int().min(dbLimits.int4Min).max(dbLimits.int4Max), z.string().max(5)]).nullish(),
    Note: z.string().max(2000).nullish(),
  }),
  response: plainReply,
});

/**
 * The total containers of a registration (spec 01 §5 rule 4) as typed: the message for a missing or invalid
 * value, null when it is a whole number from 1 to 9999. The form checks it before sending; the server again.
 */
export function containerQtyProblem(value: unknown): string | null {
  const text = String(value ?? '').trim();
  if (!text) return declarationMessages.containerQty;
  const qty = Number(text);
  if (!Number.isInteger(qty) || qty < 1 || qty > 9999) return declarationMessages.containerQtyInvalid;
  return null;
}

/** The business code the registration form is prefilled with: a customer's own tax code (it may type its client's), none for staff. */
export const ownBusinessCode = defineCall({
  path: 'custom/own_business_code',
  module: 'customs',
  summary: 'Mã doanh nghiệp (mã số thuế) của khách hàng đăng nhập, điền sẵn trên màn hình đăng ký tờ khai',
  access: menuAccess('CUSTOMS_EXPORT_REG', 'CUSTOMS_IMPORT_REG'),
  request: noPayload,
  response: replyWith({
    payload: z
      .object({
        CustomerID: z.string().nullable().describe('Mã số thuế của doanh nghiệp; null khi tài khoản không gắn doanh nghiệp (nhân viên)'),
      })
      .optional(),
  }),
});

export const makeRowguid = defineCall({
  path: 'common/makeRowguid',
  module: 'customs',
  summary: 'Tạo thư mục tạm (FilePatch) để tải tệp lên trước khi đăng ký tờ khai',
  access: menuAccess('CUSTOMS_EXPORT_REG', 'CUSTOMS_IMPORT_REG'),
  request: noPayload,
  response: replyWith({ payload: z.string().optional() }),
});

export const uploadFile = defineCall({
  path: 'custom/file_upload',
  module: 'customs',
  summary: 'Tải một tệp lên thư mục tạm (multipart: files, tmporder, filename); kiểm tra loại tệp theo nội dung và tổng 5.000.000 byte',
  access: menuAccess('CUSTOMS_EXPORT_REG', 'CUSTOMS_IMPORT_REG'),
  multipart: true,
  request: z.object({
    tmporder: z.string().max(100).nullish(),
    filename: z.string().max(300).nullish(),
    access_token: z.string().max(2000).nullish(),
    files: z.array(uploadedPart).max(1, 'Mỗi lần chỉ tải một tệp').nullish(),
  }),
  response: replyWith({
    filename: z.string().optional(),
    url: z.string().optional(),
    size: z.number().int().optional(),
    tmporder: z.string().optional(),
  }),
});

export const deleteFile = defineCall({
  path: 'custom/file_delete',
  module: 'customs',
  summary: 'Xóa một tệp khỏi thư mục tạm chưa đăng ký',
  access: menuAccess('CUSTOMS_EXPORT_REG', 'CUSTOMS_IMPORT_REG'),
  request: z.object({
    tmporder: z.string().max(100),
    filename: z.string().max(300),
  }),
  response: plainReply,
});

/** The authenticated download of an uploaded file (a GET route, not a JSON call; docs/decisions.md). */
export const declarationFilePath = (tmporder: string, filename: string) =>
  `/api/custom/file/${encodeURIComponent(tmporder)}/${encodeURIComponent(filename)}`;

import {
  type CallRequest,
  type calls,
  containerQtyProblem,
  type DeclarationRow,
  declarationFilePath,
  declarationMessages,
  parsePortTime,
  portDayStart,
  portFormats,
  portParts,
  uploadLimits,
} from '@smartport/contract';
import type { AuthUser } from '../../http/context';
import { badRequest, forbidden, notFound, tooManyRequests } from '../../http/errors';
import { assertTerminal, scopeTerminals } from '../../security/terminal-scope';
import { checkFileName, checkUpload, isFolderId, type UploadPolicy } from '../../storage/upload-checks';
import type { UploadCaps, UploadStore } from '../../storage/upload-store.port';
import type { DeclarationFilter, DeclarationRepository } from './declarations.repository';
import { demoPdf } from './demo-pdf';

type C = typeof calls.customs;

export const STAFF_GRANT = 'CUSTOMS_MANAGEMENT';
const grantOf = { E: 'CUSTOMS_EXPORT_REG', I: 'CUSTOMS_IMPORT_REG' } as const;
const BOOKING_MAX = 200;
const CODE = /^[A-Z0-9-]+$/;
const SAFE_TEXT = /^[A-Z0-9 ._\-/,;]+$/;

const upper = (v: string | null | undefined) => (v ?? '').trim().toUpperCase();

/** The declaration date as the start of its day in the port's time zone; null when it is not a date. */
export function startOfPortDay(value: string): Date | null {
  let day: Date | null;
  if (/^\d{4}-\d{2}-\d{2}$/.test(value.trim())) day = parsePortTime(value.trim(), portFormats.isoDate);
  else {
    const t = Date.parse(value);
    if (!/^\d{4}-\d{2}-\d{2}T/.test(value.trim()) || Number.isNaN(t)) return null;
    day = portDayStart(new Date(t));
  }
  if (!day) return null;
  const y = portParts(day).year;
  return y < 2000 || y > 2100 ? null : day;
}

function code(value: string, label: string, max: number) {
  if (value.length > max) throw badRequest(`${label} tối đa ${max} ký tự.`);
  if (!CODE.test(value)) throw badRequest(`${label} chỉ gồm chữ cái không dấu, chữ số và dấu -.`);
  return value;
}

/** Declaration files (spec 01 §5, §8): the five types, 5,000,000 bytes per temporary folder. */
export const declarationUploads: UploadPolicy = {
  accepted: uploadLimits.extensions,
  maxFileBytes: uploadLimits.totalBytes,
  tooLarge: declarationMessages.totalSize,
};
/** The store's own caps for declaration folders (the folder total is checked first under a row lock). */
export const declarationUploadCaps: UploadCaps = { maxFileBytes: uploadLimits.totalBytes, maxFolderBytes: uploadLimits.totalBytes };

/** How many upload folders and files a user may make, and when an unused folder is abandoned (config, docs/decisions.md). */
export interface UploadFolderCaps {
  foldersPerDay: number;
  filesPerFolder: number;
  /** A folder no declaration uses is removed this long after its creation. */
  graceMs: number;
}
export const defaultUploadFolderCaps: UploadFolderCaps = { foldersPerDay: 100, filesPerFolder: 20, graceMs: 24 * 3_600_000 };

export const uploadCapMessages = {
  folders: (n: number) =>
    `Mỗi tài khoản chỉ được tạo tối đa ${n} thư mục tải tệp trong một ngày, bạn đã dùng hết. Vui lòng thử lại vào ngày mai.`,
  files: (n: number) => `Mỗi tờ khai chỉ được tải lên tối đa ${n} tệp.`,
};

/** Abandoned folders removed per batch; a run goes on while batches are full (at most `CLEANUP_BATCHES`). */
const CLEANUP_BATCH = 200;
const CLEANUP_BATCHES = 25;

export interface DeclarationServiceDeps {
  repo: DeclarationRepository;
  files: UploadStore;
  caps?: UploadFolderCaps;
  log?: (msg: string) => void;
}

export function createDeclarationService({ repo, files, caps = defaultUploadFolderCaps, log }: DeclarationServiceDeps) {
  const isStaff = (user: AuthUser) => user.grants.has(STAFF_GRANT);

  /** A customer's own customer code and business code (tax code); staff have no such limit. */
  async function customerReach(user: AuthUser) {
    if (!user.CustomerCode) throw forbidden('Tài khoản chưa gắn với doanh nghiệp nào, không thể đăng ký hoặc tra cứu tờ khai.');
    const own = await repo.businessCodeOf(user.CustomerCode);
    return { customerCode: user.CustomerCode, businessCode: own ? own.toUpperCase() : null };
  }

  /**
   * Staff see their terminals' declarations; a customer, in its terminals and with the variant's grant, those for
   * its own business code and those its own accounts registered (a forwarder for its clients).
   */
  async function canSee(row: DeclarationRow, user: AuthUser) {
    if (!user.terminals.includes(row.TerminalCode)) return false;
    if (isStaff(user)) return true;
    if (!user.grants.has(grantOf[row.ImportExport]) || !user.CustomerCode) return false;
    if (row.RegistrantCode === user.CustomerCode) return true;
    const own = await repo.businessCodeOf(user.CustomerCode);
    return !!own && own.toUpperCase() === row.CustomerID;
  }

  async function ownFolder(tmporder: string | null | undefined, user: AuthUser) {
    const id = (tmporder ?? '').trim();
    if (!isFolderId(id)) throw badRequest(declarationMessages.folder);
    const folder = await repo.folder(id.toLowerCase());
    if (!folder || folder.CreatedBy !== user.UserID) throw badRequest(declarationMessages.folder);
    return folder.FilePatch;
  }

  return {
    async operations() {
      return repo.operations();
    },

    /** The code the registration form starts with: a customer's own business code (it may type a client's); none for staff. */
    async ownBusinessCode(user: AuthUser): Promise<{ CustomerID: string | null }> {
      if (isStaff(user) || !user.CustomerCode) return { CustomerID: null };
      const own = await repo.businessCodeOf(user.CustomerCode);
      return { CustomerID: own ? own.toUpperCase() : null };
    },

    /** common/makeRowguid: a new upload folder, at most `caps.foldersPerDay` per user and port day (429 beyond). */
    async makeFolder(user: AuthUser, now = Date.now()) {
      const id = await repo.createFolder(user.UserID, { perDay: caps.foldersPerDay, since: portDayStart(new Date(now)) });
      if (!id) throw tooManyRequests(uploadCapMessages.folders(caps.foldersPerDay));
      return id;
    },

    /**
     * The cleanup job's work: folders older than the grace period that no declaration uses go, with their files
     * (through the upload store). Orders keep their files elsewhere (order_files), so only declarations count.
     */
    async removeAbandonedFolders(signal?: AbortSignal, now = Date.now()) {
      const before = new Date(now - caps.graceMs);
      let checked = 0;
      let removed = 0;
      for (let batch = 0; batch < CLEANUP_BATCHES && !signal?.aborted; batch++) {
        const ids = await repo.abandonedFolders(before, CLEANUP_BATCH);
        checked += ids.length;
        for (const id of ids) {
          if (signal?.aborted) break;
          try {
            if (await repo.removeAbandonedFolder(id, before, () => files.removeFolder(id))) removed++;
          } catch (err) {
            log?.(`upload folder ${id} not removed: ${(err as Error).message}`);
          }
        }
        if (ids.length < CLEANUP_BATCH) break;
      }
      return { checked, removed };
    },

    /** custom/add: the checks of spec 01 §5 in their order, then the registration. */
    async add(input: CallRequest<C['addDeclaration']>, user: AuthUser): Promise<DeclarationRow> {
      const ie = upper(input.ImportExport);
      if (ie !== 'I' && ie !== 'E') throw badRequest('Loại tờ khai không hợp lệ (I: hàng nhập, E: hàng xuất).');
      if (!user.grants.has(grantOf[ie])) {
        throw forbidden(`Bạn không có quyền đăng ký tờ khai hàng ${ie === 'E' ? 'xuất' : 'nhập'}.`);
      }

      const customerId = upper(input.CustomerID);
      if (!customerId) throw badRequest(declarationMessages.customerId);
      code(customerId, 'Mã doanh nghiệp', 20);
      // Any business code: brokers and forwarders register their clients' declarations. A customer account must
      // belong to a customer, whose code is recorded beside the user as the registrant.
      const registrantCode = isStaff(user) ? (user.CustomerCode ?? null) : (await customerReach(user)).customerCode;

      const customNo = upper(input.CustomNo);
      if (!customNo) throw badRequest(declarationMessages.customNo);
      code(customNo, 'Số tờ khai', 20);

      const customCode = upper(input.CustomCode);
      if (!customCode) throw badRequest(declarationMessages.customCode);
      code(customCode, 'Mã hải quan', 10);

      const qtyProblem = containerQtyProblem(input.ContainerQty);
      if (qtyProblem) throw badRequest(qtyProblem);
      const qty = Number(String(input.ContainerQty).trim());

      const dateText = (input.CustomDate ?? '').trim();
      if (!dateText) throw badRequest(declarationMessages.customDate);
      const customDate = startOfPortDay(dateText);
      if (!customDate) throw badRequest('Ngày tờ khai không hợp lệ.');

      const label = ie === 'E' ? 'Số booking' : 'Số vận đơn';
      const booking = upper(input.BL_BookingNo);
      if (!booking) throw badRequest(ie === 'E' ? declarationMessages.booking : declarationMessages.bl);
      if (booking.length > BOOKING_MAX) throw badRequest(`${label} không được quá ${BOOKING_MAX} ký tự.`);
      if (!SAFE_TEXT.test(booking)) throw badRequest(`${label} chỉ gồm chữ cái không dấu, chữ số, khoảng trắng và các ký tự . - _ / , ;`);

      const folderId = (input.FilePatch ?? '').trim().toLowerCase();
      const folder = isFolderId(folderId) ? await repo.folder(folderId) : null;
      const stored = folder && folder.CreatedBy === user.UserID ? await repo.files(folderId) : [];
      if (!stored.length) throw badRequest(declarationMessages.files);
      if (await repo.byFolder(folderId)) {
        throw badRequest('Các tệp này đã dùng cho một tờ khai khác, vui lòng tải lại trang và tải tệp lên lại.');
      }

      const telphone = (input.Telphone ?? '').trim();
      if (telphone && !/^[0-9 +().-]{6,20}$/.test(telphone)) throw badRequest('Số điện thoại không hợp lệ.');

      const terminal = upper(input.TerminalCode) || user.terminals[0] || '';
      assertTerminal(user, terminal);

      const standing = await repo.standing(terminal, customNo, customCode, ie);
      if (standing) throw badRequest(`Tờ khai số ${customNo} (${customCode}) đã được đăng ký (mã đăng ký ${standing.ID}).`);

      try {
        return await repo.insert({
          TerminalCode: terminal,
          CustomerID: customerId,
          CustomNo: customNo,
          CustomCode: customCode,
          ContainerQty: qty,
          CustomDate: customDate,
          BL_BookingNo: booking,
          ImportExport: ie,
          FilePatch: folderId,
          FileLists: stored.map((f) => declarationFilePath(folderId, f.FileName)).join(';'),
          CreatedBy: user.UserID,
          RegistrantCode: registrantCode,
          Telphone: telphone || null,
        });
      } catch (err) {
        // Two registrations with one folder at the same moment: the unique FilePatch keeps one.
        const code = String((err as { code?: string; cause?: { code?: string } }).cause?.code ?? (err as { code?: string }).code);
        if (code === '23505') {
          throw badRequest('Các tệp này đã dùng cho một tờ khai khác, vui lòng tải lại trang và tải tệp lên lại.');
        }
        // The folder was removed meanwhile as abandoned (older than the grace period).
        if (code === '23503') throw badRequest(declarationMessages.folder);
        throw err;
      }
    },

    /** custom/load_custom: the registrant's lookup and the staff search share one scoped query. */
    async load(input: CallRequest<C['loadDeclarations']>, user: AuthUser): Promise<DeclarationRow[]> {
      const from = input.FromDate ? new Date(input.FromDate) : undefined;
      const to = input.ToDate ? new Date(input.ToDate) : undefined;
      if (from && to && from > to) throw badRequest('Ngày bắt đầu không được sau ngày kết thúc.');
      const filter: DeclarationFilter = { terminals: scopeTerminals(user, input.TerminalCode) };
      const customerId = upper(input.CustomerID);
      const requestedIe = input.ImportExport ? [input.ImportExport] : ['I', 'E'];
      if (isStaff(user)) {
        if (customerId) filter.customerId = { contains: customerId };
        filter.importExport = requestedIe;
      } else {
        filter.visibleTo = await customerReach(user);
        if (customerId) filter.customerId = { exact: customerId };
        filter.importExport = requestedIe.filter((ie) => user.grants.has(grantOf[ie as 'I' | 'E']));
      }
      const customNo = upper(input.CustomNo);
      if (customNo) filter.customNo = customNo;
      const customCode = upper(input.CustomCode);
      if (customCode) filter.customCode = customCode;
      if (input.Status) filter.status = input.Status;
      if (from) filter.from = from;
      if (to) filter.to = to;
      return repo.search(filter);
    },

    /** custom/update_custom: staff approve (Status = 1) or give a reason note, only on rows not approved yet. */
    async update(input: CallRequest<C['updateDeclaration']>, user: AuthUser): Promise<string> {
      const row = await repo.byRowguid(input.Rowguid);
      if (!row || !user.terminals.includes(row.TerminalCode)) throw notFound('Không tìm thấy tờ khai.');
      const approve = input.Status != null && String(input.Status).trim() !== '';
      if (approve && Number(input.Status) !== 1) throw badRequest('Chỉ có thể duyệt tờ khai (Status = 1).');
      const note = (input.Note ?? '').trim();
      if (!approve && !note) throw badRequest(declarationMessages.noteEmpty);
      if (note.length > 1000) throw badRequest('Lý do tối đa 1000 ký tự.');
      const done = await repo.review(row.Rowguid, { ...(approve ? { Status: 1 } : {}), ...(note ? { Note: note } : {}) }, user.UserID);
      if (!done) throw badRequest('Tờ khai đã được duyệt, không thể cập nhật.');
      return approve ? declarationMessages.approved : declarationMessages.noted;
    },

    /** custom/file_upload: the owner's folder, an accepted type by content, the folder total within 5,000,000 bytes. */
    async upload(input: CallRequest<C['uploadFile']>, user: AuthUser) {
      const folder = await ownFolder(input.tmporder, user);
      const part = input.files?.[0];
      if (!part) throw badRequest('Chưa chọn tệp để tải lên.');
      const { name, mime } = await checkUpload(input.filename?.trim() || part.filename, part.data, declarationUploads);
      const result = await repo.addFile(
        folder,
        { FileName: name, Size: part.data.length, Mime: mime },
        { bytes: uploadLimits.totalBytes, files: caps.filesPerFolder },
        () => files.write(folder, name, part.data),
      );
      if (result === 'missing') throw badRequest(declarationMessages.folder);
      if (result === 'too-large') throw badRequest(declarationMessages.totalSize);
      if (result === 'too-many') throw badRequest(uploadCapMessages.files(caps.filesPerFolder));
      if (result === 'duplicate') throw badRequest(`Tệp "${name}" đã có trong danh sách tải lên.`);
      if (result === 'registered') throw badRequest('Tờ khai đã đăng ký, không thể thêm tệp.');
      return { filename: name, url: declarationFilePath(folder, name), size: part.data.length, tmporder: folder };
    },

    async deleteFile(input: CallRequest<C['deleteFile']>, user: AuthUser) {
      const folder = await ownFolder(input.tmporder, user);
      const name = checkFileName(input.filename);
      if (await repo.byFolder(folder)) throw badRequest('Tờ khai đã đăng ký, không thể xóa tệp.');
      if (!(await repo.removeFile(folder, name))) throw notFound('Không tìm thấy tệp.');
      await files.remove(folder, name);
    },

    /** Demo data lists files without bytes: give each missing one a small PDF naming its declaration. */
    async writeDemoFiles() {
      for (const f of await repo.registeredFiles()) {
        if (await files.read(f.FilePatch, f.FileName)) continue;
        const pdf = demoPdf(`To khai hai quan so ${f.CustomNo} - ma hai quan ${f.CustomCode} - ma dang ky ${f.ID}`);
        await files.write(f.FilePatch, f.FileName, pdf);
        await repo.setFileSize(f.FilePatch, f.FileName, pdf.length);
      }
    },

    /** A stored file: of a registered declaration to whoever may see it, of an unregistered folder to its creator. */
    async readFile(tmporder: string, filename: string, user: AuthUser) {
      if (!isFolderId(tmporder)) throw badRequest('Tên tệp không hợp lệ.');
      const name = checkFileName(filename);
      const folderId = tmporder.toLowerCase();
      const folder = await repo.folder(folderId);
      if (!folder) throw notFound('Không tìm thấy tệp.');
      // Once registered, the files are the declaration's: its terminal and owner decide, as for every
      // other read, even for whoever created the folder (staff lose a terminal; a folder outlives it).
      // Before registration only the folder's creator reads them.
      const row = await repo.byFolder(folderId);
      const allowed = row ? await canSee(row, user) : folder.CreatedBy === user.UserID;
      if (!allowed) throw forbidden('Bạn không có quyền xem tệp này.');
      const meta = (await repo.files(folderId)).find((f) => f.FileName === name);
      const data = meta ? await files.read(folderId, name) : null;
      if (!meta || !data) throw notFound('Không tìm thấy tệp.');
      return { name, mime: meta.Mime, data };
    },
  };
}
export type DeclarationService = ReturnType<typeof createDeclarationService>;

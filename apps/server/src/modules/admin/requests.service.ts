import {
  effectiveRank,
  ISSUE_IMAGE_SEPARATOR,
  ISSUE_IMAGE_SOURCE,
  type IssueInput,
  type IssueLockableField,
  type IssueRow,
  issueImageLimits,
  issueImagePath,
  issueLabels,
  issueLocks,
  issueMessages,
  issueTypes,
} from '@smartport/contract';
import type { AuthUser } from '../../http/context';
import { badRequest, forbidden, notFound, tooManyRequests } from '../../http/errors';
import { assertTerminal, scopeTerminals } from '../../security/terminal-scope';
import { detectImage, isFolderId } from '../../storage/upload-checks';
import type { UploadCaps, UploadStore } from '../../storage/upload-store.port';
import type { AuditRecorder } from '../audit/audit-recorder.service';
import type { IssueChanges, IssueRecord, IssueRepository, IssueScope } from './requests.repository';

/** The store's own caps for request images: one image per folder (the folder is the image). */
export const issueImageCaps: UploadCaps = { maxFileBytes: issueImageLimits.maxBytes, maxFolderBytes: issueImageLimits.maxBytes };

const CLEANUP_BATCH = 200;
const CLEANUP_BATCHES = 25;

/** Ranks 1 and 2 handle the requests of their terminals; above 2 a user reaches only the requests it made. */
const handles = (user: AuthUser) => effectiveRank(user.Rank) <= 2;
const scopeOf = (user: AuthUser): IssueScope => ({ terminals: scopeTerminals(user), plannerId: handles(user) ? null : user.UserID });

const blank = (v: string | null | undefined) => (v == null || v.trim() === '' ? null : v.trim());

/** The image ids of an `Images` value (pipe-separated sources); a source that is not one of ours is refused. */
function imageIdsOf(images: string): string[] {
  const ids: string[] = [];
  for (const part of images.split(ISSUE_IMAGE_SEPARATOR)) {
    const src = part.trim();
    if (!src) continue;
    const m = ISSUE_IMAGE_SOURCE.exec(src);
    if (!m?.[1]) throw badRequest(`Dữ liệu không hợp lệ ở trường "Images": nguồn ảnh "${src.slice(0, 80)}" không hợp lệ.`);
    const id = m[1].toLowerCase();
    if (!ids.includes(id)) ids.push(id);
  }
  if (ids.length > issueImageLimits.perIssue) throw badRequest(issueMessages.tooManyImages);
  return ids;
}

function toRow(r: IssueRecord, user: AuthUser): IssueRow {
  return {
    Rowguid: r.Rowguid,
    TerminalCode: r.TerminalCode,
    IssueName: r.IssueName,
    IssueType: r.IssueType,
    Planner: r.Planner,
    Performer: r.Performer,
    PerformerComment: r.PerformerComment,
    ReleaseDate: r.ReleaseDate ? r.ReleaseDate.toISOString() : null,
    ReleaseComment: r.ReleaseComment,
    CreatedTime: r.CreatedTime.toISOString(),
    Images: r.imageIds.map(issueImagePath).join(ISSUE_IMAGE_SEPARATOR),
    is_realease: r.ReleaseDate ? '1' : '',
    CanDelete: canDelete(r, user),
  };
}

/** Delete (docs/decisions.md): ranks 1 and 2 any request they reach; others their own while not completed. */
function canDelete(r: IssueRecord, user: AuthUser) {
  return handles(user) || (r.PlannerID === user.UserID && !r.ReleaseDate);
}

const refuse = (field: IssueLockableField) => forbidden(issueMessages.locked(issueLabels[field]));

export interface IssueServiceDeps {
  repo: IssueRepository;
  files: UploadStore;
  log?: (msg: string) => void;
  now?: () => Date;
  /** The audit trail: a request's changes (its status among them), recorded in the saving transaction. */
  audit?: Pick<AuditRecorder, 'record'>;
}

export function createIssueService({ repo, files, log, now = () => new Date(), audit }: IssueServiceDeps) {
  /** Removes detached images' files and rows now; whatever fails is left to the cleanup job. */
  async function dropImages(ids: readonly string[]) {
    for (const id of ids) {
      try {
        await repo.removeUnheld(id, now(), () => files.removeFolder(id));
      } catch (err) {
        log?.(`request image ${id} not removed: ${(err as Error).message}`);
      }
    }
  }

  return {
    async list(user: AuthUser, rowguid?: string | null): Promise<IssueRow[]> {
      return (await repo.list(scopeOf(user), rowguid)).map((r) => toRow(r, user));
    },

    /**
     * config/updateIssueList: every request of the list saved in one transaction, or none. The rank's locked
     * fields (spec 03 §5/§6) are compared with the stored row: a change to one is refused naming the field.
     * Planner and CreatedTime are the server's; ReleaseDate follows the completion flag.
     */
    async save(inputs: readonly IssueInput[], user: AuthUser): Promise<IssueRow[]> {
      const rank = effectiveRank(user.Rank);
      const scope = scopeOf(user);
      const contentLockedOnAdd = issueLocks(rank, 'add').has('IssueName');
      const prepared = inputs.map((input) => {
        const name = input.IssueName === undefined ? undefined : blank(input.IssueName);
        // Above rank 2 a new request carries no content (spec 03 §5): the check below refuses one that does.
        if (!input.Rowguid && !name && !contentLockedOnAdd) throw badRequest(issueMessages.noContent);
        return { input, name, images: input.Images == null ? undefined : imageIdsOf(input.Images) };
      });
      const editIds = prepared.flatMap((p) => (p.input.Rowguid ? [p.input.Rowguid.toLowerCase()] : []));
      if (new Set(editIds).size !== editIds.length) throw badRequest('Một yêu cầu xuất hiện hai lần trong danh sách lưu.');
      const claimed = prepared.flatMap((p) => p.images ?? []);
      if (new Set(claimed).size !== claimed.length) throw badRequest(issueMessages.unknownImage);

      const detached: string[] = [];
      const saved = await repo.inTransaction(async (r) => {
        const stored = new Map((await r.lock(scope, editIds)).map((row) => [row.Rowguid, row]));
        const ids: string[] = [];
        for (const { input, name, images } of prepared) {
          const at = now();
          if (!input.Rowguid) {
            const locks = issueLocks(rank, 'add');
            const filled: Record<IssueLockableField, boolean> = {
              IssueName: !!name,
              PerformerComment: !!blank(input.PerformerComment),
              Performer: !!blank(input.Performer),
              is_realease: input.is_realease === true,
              ReleaseComment: !!blank(input.ReleaseComment),
              Images: !!images?.length,
            };
            for (const f of Object.keys(filled) as IssueLockableField[]) if (filled[f] && locks.has(f)) throw refuse(f);
            const terminal = input.TerminalCode || user.terminals[0];
            if (!terminal) throw forbidden('Tài khoản chưa được gán cảng nào, không thể tạo yêu cầu.');
            assertTerminal(user, terminal);
            const id = await r.insert({
              TerminalCode: terminal,
              IssueName: name ?? '',
              IssueType: input.IssueType ?? issueTypes[0],
              Planner: user.UserName,
              PlannerID: user.UserID,
              Performer: blank(input.Performer),
              ReleaseDate: input.is_realease ? at : null,
              ReleaseComment: blank(input.ReleaseComment),
            });
            if (images?.length) {
              const pending = await r.pendingOf(user.UserID, images);
              if (pending.length !== images.length) throw badRequest(issueMessages.unknownImage);
              await r.attach(id, images);
            }
            ids.push(id);
            continue;
          }

          const row = stored.get(input.Rowguid.toLowerCase());
          if (!row) throw notFound(issueMessages.notFound);
          const locks = issueLocks(rank, 'edit');
          const changes: IssueChanges = {};
          const check = (field: IssueLockableField, changed: boolean) => {
            if (changed && locks.has(field)) throw refuse(field);
            return changed;
          };
          if (name !== undefined) {
            // Clearing written content is refused; a request created without content (above rank 2) may stay so.
            if (!name && row.IssueName) throw badRequest(issueMessages.noContent);
            if (check('IssueName', (name ?? '') !== row.IssueName)) changes.IssueName = name ?? '';
          }
          if (input.IssueType != null && input.IssueType !== row.IssueType) changes.IssueType = input.IssueType;
          for (const f of ['Performer', 'PerformerComment', 'ReleaseComment'] as const) {
            const v = input[f];
            if (v !== undefined && check(f, blank(v) !== blank(row[f]))) changes[f] = blank(v);
          }
          if (input.is_realease != null && check('is_realease', input.is_realease !== !!row.ReleaseDate)) {
            changes.ReleaseDate = input.is_realease ? at : null;
          }
          if (images !== undefined && check('Images', images.join() !== row.imageIds.join())) {
            const added = images.filter((i) => !row.imageIds.includes(i));
            const pending = await r.pendingOf(user.UserID, added);
            if (pending.length !== added.length) throw badRequest(issueMessages.unknownImage);
            const removed = row.imageIds.filter((i) => !images.includes(i));
            await r.detach(removed);
            detached.push(...removed);
            await r.attach(row.Rowguid, images);
          }
          if (Object.keys(changes).length) {
            await r.update(row.Rowguid, changes, user.UserID);
            const before = Object.fromEntries(Object.keys(changes).map((k) => [k, row[k as keyof typeof changes]]));
            await audit?.record(
              { entity: 'issue', key: `${row.TerminalCode} / ${row.Rowguid}`, action: 'update', before, after: changes },
              r.tx,
            );
          }
          ids.push(row.Rowguid);
        }
        return ids;
      });
      await dropImages(detached);
      const rows = new Map((await repo.byIds(saved)).map((r) => [r.Rowguid, r]));
      return saved.flatMap((id) => {
        const row = rows.get(id);
        return row ? [toRow(row, user)] : [];
      });
    },

    /** config/deleteIssueList: all the selected requests or none (docs/decisions.md for who may). */
    async remove(rowguids: readonly string[], user: AuthUser): Promise<void> {
      const ids = [...new Set(rowguids.map((g) => g.toLowerCase()))];
      const detached = await repo.inTransaction(async (r) => {
        const rows = await r.lock(scopeOf(user), ids);
        if (rows.length !== ids.length) throw notFound(issueMessages.notFound);
        if (rows.some((row) => !canDelete(row, user))) throw forbidden(issueMessages.cannotDelete);
        const images = rows.flatMap((row) => row.imageIds);
        await r.detach(images);
        await r.remove(ids);
        return images;
      });
      await dropImages(detached);
    },

    /** config/uploadIssueImage: ranks 1 and 2 (images are locked above); the type from the content, the name ours. */
    async upload(part: { data: Uint8Array } | undefined, user: AuthUser): Promise<{ src: string; size: number }> {
      if (issueLocks(user.Rank, 'edit').has('Images')) throw forbidden(issueMessages.noImagePermission);
      if (!part) throw badRequest('Chưa chọn ảnh để tải lên.');
      if (part.data.length > issueImageLimits.maxBytes) throw badRequest(issueMessages.imageTooLarge);
      const image = await detectImage(part.data, issueImageLimits.types);
      if (!image) throw badRequest(issueMessages.badImage);
      const id = await repo.addPending(
        user.UserID,
        { ext: image.ext, mime: image.mime, size: part.data.length },
        issueImageLimits.pendingPerUser,
        (imageId, fileName) => files.write(imageId, fileName, part.data),
      );
      if (!id) throw tooManyRequests(issueMessages.tooManyPending);
      return { src: issueImagePath(id), size: part.data.length };
    },

    /** An image: of a request the caller reaches, or one it uploaded and has not saved yet. */
    async readImage(imageId: string, user: AuthUser): Promise<{ mime: string; data: Buffer }> {
      if (!isFolderId(imageId)) throw notFound('Không tìm thấy ảnh.');
      const img = await repo.image(imageId.toLowerCase());
      if (!img) throw notFound('Không tìm thấy ảnh.');
      const scope = scopeOf(user);
      const allowed = img.issue
        ? scope.terminals.includes(img.issue.TerminalCode) && (scope.plannerId == null || scope.plannerId === img.issue.PlannerID)
        : img.CreatedBy === user.UserID;
      if (!allowed) throw forbidden('Bạn không có quyền xem ảnh này.');
      const data = await files.read(img.ImageID, img.FileName);
      if (!data) throw notFound('Không tìm thấy ảnh.');
      return { mime: img.Mime, data };
    },

    /** The cleanup job's work: images never saved with a request (older than the grace period) or detached. */
    async removeAbandonedImages(signal?: AbortSignal) {
      const before = new Date(now().getTime() - issueImageLimits.graceHours * 3_600_000);
      let checked = 0;
      let removed = 0;
      for (let batch = 0; batch < CLEANUP_BATCHES && !signal?.aborted; batch++) {
        const ids = await repo.abandoned(before, CLEANUP_BATCH);
        checked += ids.length;
        for (const id of ids) {
          if (signal?.aborted) break;
          try {
            if (await repo.removeUnheld(id, before, () => files.removeFolder(id))) removed++;
          } catch (err) {
            log?.(`request image ${id} not removed: ${(err as Error).message}`);
          }
        }
        if (ids.length < CLEANUP_BATCH) break;
      }
      return { checked, removed };
    },
  };
}
export type IssueService = ReturnType<typeof createIssueService>;

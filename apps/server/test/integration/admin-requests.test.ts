import { existsSync } from 'node:fs';
import { join } from 'node:path';
import { type CallReply, calls, type IssueRow, issueImageLimits, issueMessages } from '@smartport/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ISSUE_IMAGES_CLEANUP } from '../../src/modules/admin/issue-images.job';
import { multipart } from '../helpers/multipart';
import { createTestApp, present, type TestApp, vietnamese } from '../helpers/test-app';

/**
 * 'Quản lý yêu cầu' (spec 03 §2.5, §3, §4, §5, §6, §7): round trips, the rank rules on the server, images by content,
 * delete rules, bad input, terminal scoping.
 */
let t: TestApp;
const tok: Record<string, string> = {};

const PNG = Buffer.from(
  '89504e470d0a1a0a0000000d49484452000000010000000108060000001f15c4890000000d4944415478da63f8cfc0f01f0005000201a5d4a9b50000000049454e44ae426082',
  'hex',
);
const GIF = Buffer.from('474946383961010001000000002c00000000010001000002024401003b', 'hex');

async function upload(token: string, file: { name: string; data: Buffer; type?: string }) {
  const body = multipart({}, file);
  const res = await t.app.inject({
    method: 'POST',
    url: '/api/config/uploadIssueImage',
    headers: { 'content-type': body.contentType, authorization: `Bearer ${token}` },
    payload: body.payload,
  });
  return { status: res.statusCode, body: res.json() as CallReply<typeof calls.admin.uploadIssueImage> };
}
const image = (src: string, token: string | null) =>
  t.app.inject({ method: 'GET', url: src, headers: token ? { authorization: `Bearer ${token}` } : {} });
const imageId = (src: string) => src.split('/').pop() as string;

async function list(token: string, Rowguid?: string): Promise<IssueRow[]> {
  const res = await t.call(calls.admin.getIssueList, Rowguid ? { Rowguid } : {}, token);
  expect(res.status, res.raw).toBe(200);
  return present(res.body.payload, 'the request list');
}
async function create(token: string, body: Record<string, unknown>): Promise<IssueRow> {
  const res = await t.call(calls.admin.updateIssueList, [body as never], token);
  expect(res.status, res.raw).toBe(200);
  return present(present(res.body.payload)[0], 'the saved request');
}
const save = (token: string, body: Record<string, unknown>) => t.send(calls.admin.updateIssueList, [body], token);

beforeAll(async () => {
  t = await createTestApp();
  await t.addUser({
    UserID: 'kh10',
    UserGroupCode: 'ISSUE_R10',
    password: 'Khach@Hang10',
    Rank: 10,
    grants: ['SYS_ISSUES'],
    terminals: ['NDP'],
  });
  await t.addUser({ UserID: 'kh10b', UserGroupCode: 'ISSUE_R10', password: 'Khach@Hang10', terminals: ['NDP'] });
  await t.addUser({
    UserID: 'nvgml',
    UserGroupCode: 'ISSUE_R2',
    password: 'Nhan@Vien2',
    Rank: 2,
    grants: ['SYS_ISSUES'],
    terminals: ['GML'],
  });
  for (const u of ['admin', 'nhanvien', 'haiquan', 'khachhang']) tok[u] = await t.login(u);
  tok.kh10 = await t.login('kh10', 'Khach@Hang10');
  tok.kh10b = await t.login('kh10b', 'Khach@Hang10');
  tok.nvgml = await t.login('nvgml', 'Nhan@Vien2');
}, 120_000);
afterAll(async () => {
  await t?.close();
});

describe('config/updateIssueList and getIssueList: round trips', () => {
  it('creates a request with the server’s requester and created time, and lists it', async () => {
    const before = Date.now();
    // Above rank 2 a new request is its type: the content is a rank 1's to write (spec 03 §5).
    const row = await create(tok.kh10 as string, {
      IssueType: 'Giao diện',
      Planner: 'Người khác',
      CreatedTime: '2001-01-01T00:00:00Z',
      ReleaseDate: '2001-01-01T00:00:00Z',
      TerminalCode: 'NDP',
    });
    expect(row.IssueName).toBe('');
    expect(row.IssueType).toBe('Giao diện');
    expect(row.Planner).toBe('Người dùng thử kh10');
    expect(new Date(row.CreatedTime).getTime()).toBeGreaterThanOrEqual(before - 1000);
    expect(row.ReleaseDate).toBeNull();
    expect(row.is_realease).toBe('');
    expect(row.TerminalCode).toBe('NDP');
    const again = await list(tok.kh10 as string, row.Rowguid);
    expect(again).toEqual([row]);
    expect((await list(tok.nhanvien as string)).map((r) => r.Rowguid)).toContain(row.Rowguid);
  });

  it('defaults the type to "Chưa xác định" and the terminal to the caller’s first', async () => {
    const row = await create(tok.nhanvien as string, { IssueName: '  Thêm cột số seal <b>khi</b> lọc  ' });
    expect(row.IssueName).toBe('Thêm cột số seal <b>khi</b> lọc');
    expect(row.IssueType).toBe('Chưa xác định');
    expect(row.TerminalCode).toBe('NDP');
    expect(row.Planner).toBe('Trần Thị Thu Hà');
  });

  it('completion sets ReleaseDate (server time, the client’s ignored), unchecking clears it', async () => {
    const row = await create(tok.kh10 as string, { IssueType: 'Chức năng' });
    const before = Date.now();
    const res = await save(tok.nhanvien as string, { Rowguid: row.Rowguid, is_realease: '1', ReleaseDate: '2001-01-01T00:00:00Z' });
    expect(res.status, res.raw).toBe(200);
    const done = present(res.body.payload?.[0]);
    expect(done.is_realease).toBe('1');
    expect(new Date(present(done.ReleaseDate)).getTime()).toBeGreaterThanOrEqual(before - 1000);
    // Saving again as completed keeps the first release date.
    const kept = present(
      (await save(tok.nhanvien as string, { Rowguid: row.Rowguid, is_realease: '1', ReleaseComment: 'Đã sửa' })).body.payload?.[0],
    );
    expect(kept.ReleaseDate).toBe(done.ReleaseDate);
    expect(kept.ReleaseComment).toBe('Đã sửa');
    const undone = present((await save(tok.nhanvien as string, { Rowguid: row.Rowguid, is_realease: '' })).body.payload?.[0]);
    expect(undone.ReleaseDate).toBeNull();
    expect(undone.is_realease).toBe('');
  });

  it('saves a list in one transaction: a refused item keeps the others unsaved', async () => {
    const count = (await list(tok.admin as string)).length;
    const res = await t.send(
      calls.admin.updateIssueList,
      [{ IssueName: 'Một' }, { IssueName: 'Hai', Rowguid: '3f1c2a4e-1111-4a2b-9c3d-000000000000' }],
      tok.admin,
    );
    expect(res.status).toBe(404);
    expect(res.body.message).toBe(issueMessages.notFound);
    expect((await list(tok.admin as string)).length).toBe(count);
  });
});

describe('rank rules enforced on the server (spec 03 §5, §6)', () => {
  it('rank 10: may create and change the type, nothing else; the refusal names the field', async () => {
    const row = await create(tok.kh10 as string, {});
    const typed = await save(tok.kh10 as string, { Rowguid: row.Rowguid, IssueType: 'Chức năng' });
    expect(typed.status).toBe(200);
    expect(typed.body.payload?.[0]?.IssueType).toBe('Chức năng');
    const cases: [Record<string, unknown>, string][] = [
      [{ Performer: 'Tôi' }, 'Người thực hiện'],
      [{ is_realease: '1' }, 'Hoàn thành'],
      [{ PerformerComment: 'Ý kiến' }, 'Ý kiến nhà thầu'],
      [{ ReleaseComment: 'Xác nhận' }, 'Xác nhận'],
      [{ IssueName: 'Nội dung mới' }, 'Nội dung'],
      [{ Images: '/api/config/issue-image/3f1c2a4e-1111-4a2b-9c3d-000000000000' }, 'Hình ảnh'],
    ];
    for (const [change, label] of cases) {
      const res = await save(tok.kh10 as string, { Rowguid: row.Rowguid, ...change });
      expect(res.status, label).toBe(403);
      expect(res.body.message).toBe(issueMessages.locked(label));
    }
    // On creation too: performer, completion, confirmation refused.
    for (const [change, label] of cases.slice(0, 4)) {
      const res = await save(tok.kh10 as string, { ...change });
      expect(res.status, label).toBe(403);
      expect(res.body.message).toMatch(vietnamese);
    }
    // Sending the stored values back unchanged is no change.
    const same = await save(tok.kh10 as string, { ...row, IssueType: 'Chức năng' });
    expect(same.status, same.raw).toBe(200);
    const stored = (await list(tok.admin as string, row.Rowguid))[0];
    expect(stored?.Performer).toBeNull();
    expect(stored?.ReleaseDate).toBeNull();
  });

  it('above rank 2 the content of a new request is locked too (spec 03 §5): typed content is refused', async () => {
    for (const token of [tok.kh10, tok.haiquan]) {
      const res = await save(token as string, { IssueName: 'Nội dung do khách gõ', IssueType: 'Chức năng' });
      expect(res.status).toBe(403);
      expect(res.body.message).toBe(issueMessages.locked('Nội dung'));
    }
    const row = await create(tok.haiquan as string, { IssueType: 'Chức năng' });
    expect(row).toMatchObject({ IssueName: '', IssueType: 'Chức năng' });
    // Rank 1 writes it afterwards; rank 2 may not.
    expect((await save(tok.nhanvien as string, { Rowguid: row.Rowguid, IssueName: 'Tra cứu tờ khai theo ngày' })).status).toBe(403);
    const written = await save(tok.admin as string, { Rowguid: row.Rowguid, IssueName: 'Tra cứu tờ khai theo ngày' });
    expect(written.body.payload?.[0]?.IssueName).toBe('Tra cứu tờ khai theo ngày');
  });

  it('rank 3 (customs, demo haiquan) holds the screen and is locked like rank 10', async () => {
    const row = await create(tok.haiquan as string, {});
    const res = await save(tok.haiquan as string, { Rowguid: row.Rowguid, Performer: 'Ai đó' });
    expect(res.status).toBe(403);
    expect(res.body.message).toBe(issueMessages.locked('Người thực hiện'));
  });

  it('rank 2: performer, completion, confirmation; not content nor the contractor’s opinion', async () => {
    const row = await create(tok.kh10 as string, {});
    const ok = await save(tok.nhanvien as string, {
      Rowguid: row.Rowguid,
      Performer: 'Nhà thầu A',
      ReleaseComment: 'Đã kiểm tra',
      IssueType: 'Chức năng',
    });
    expect(ok.status, ok.raw).toBe(200);
    expect(ok.body.payload?.[0]).toMatchObject({ Performer: 'Nhà thầu A', ReleaseComment: 'Đã kiểm tra', IssueType: 'Chức năng' });
    const content = await save(tok.nhanvien as string, { Rowguid: row.Rowguid, IssueName: 'Sửa nội dung' });
    expect(content.status).toBe(403);
    expect(content.body.message).toBe(issueMessages.locked('Nội dung'));
    const opinion = await save(tok.nhanvien as string, { Rowguid: row.Rowguid, PerformerComment: 'Ý kiến' });
    expect(opinion.status).toBe(403);
    expect(opinion.body.message).toBe(issueMessages.locked('Ý kiến nhà thầu'));
  });

  it('rank 1: content and the contractor’s opinion too', async () => {
    const row = await create(tok.kh10 as string, {});
    const res = await save(tok.admin as string, {
      Rowguid: row.Rowguid,
      IssueName: 'Nội dung đã sửa',
      PerformerComment: 'Sẽ làm trong bản sau',
      Performer: 'Nhà thầu B',
      is_realease: '1',
    });
    expect(res.status, res.raw).toBe(200);
    expect(res.body.payload?.[0]).toMatchObject({
      IssueName: 'Nội dung đã sửa',
      PerformerComment: 'Sẽ làm trong bản sau',
      Performer: 'Nhà thầu B',
      is_realease: '1',
    });
  });

  it('the contractor’s opinion is not on the add form, for any rank', async () => {
    const res = await save(tok.admin as string, { IssueName: 'Mới', PerformerComment: 'Ý kiến' });
    expect(res.status).toBe(403);
  });
});

describe('request images: by content, capped, served only to who sees the request', () => {
  it('accepts a PNG (the name is ours), attaches it, serves it to the terminal’s users only; removing it empties the store', async () => {
    const up = await upload(tok.nhanvien as string, { name: '../../evil.svg', data: PNG, type: 'image/svg+xml' });
    expect(up.status, JSON.stringify(up.body)).toBe(200);
    const src = present(up.body.src);
    expect(src).toMatch(/^\/api\/config\/issue-image\/[0-9a-f-]{36}$/);
    // Pending: only its uploader sees it.
    expect((await image(src, tok.nhanvien as string)).statusCode).toBe(200);
    expect((await image(src, tok.admin as string)).statusCode).toBe(403);

    const gif = present((await upload(tok.nhanvien as string, { name: 'b.gif', data: GIF })).body.src);
    const row = await create(tok.nhanvien as string, { IssueName: 'Ảnh chụp màn hình lỗi', Images: `${src}|${gif}` });
    expect(row.Images).toBe(`${src}|${gif}`);
    const got = await image(src, tok.admin as string);
    expect(got.statusCode).toBe(200);
    expect(got.headers['content-type']).toBe('image/png');
    expect(got.headers['x-content-type-options']).toBe('nosniff');
    expect(Buffer.from(got.rawPayload).equals(PNG)).toBe(true);
    expect((await image(gif, tok.nhanvien as string)).headers['content-type']).toBe('image/gif');
    // Another terminal's staff, a rank-10 user who is not the requester, nobody signed in: refused.
    expect((await image(src, tok.nvgml as string)).statusCode).toBe(403);
    expect((await image(src, tok.kh10 as string)).statusCode).toBe(403);
    expect((await image(src, null)).statusCode).toBe(401);
    expect((await image(src, tok.khachhang as string)).statusCode).toBe(403);

    const folder = join(t.portal.uploadRoot, 'issue-images', imageId(src));
    expect(existsSync(folder)).toBe(true);
    const removed = await save(tok.nhanvien as string, { Rowguid: row.Rowguid, Images: gif });
    expect(removed.status, removed.raw).toBe(200);
    expect(removed.body.payload?.[0]?.Images).toBe(gif);
    expect(existsSync(folder)).toBe(false);
    expect((await image(src, tok.nhanvien as string)).statusCode).toBe(404);
    const left = await t.sql('SELECT 1 FROM issue_images WHERE image_id = $1', [imageId(src)]);
    expect(left).toHaveLength(0);
  });

  it('refuses a text file renamed .png, an SVG, an oversize image, and images from rank above 2', async () => {
    const text = await upload(tok.nhanvien as string, {
      name: 'anh.png',
      data: Buffer.from('xin chào, không phải ảnh'),
      type: 'image/png',
    });
    expect(text.status).toBe(400);
    expect(text.body.message).toBe(issueMessages.badImage);
    const svg = await upload(tok.nhanvien as string, {
      name: 'a.png',
      data: Buffer.from('<svg xmlns="http://www.w3.org/2000/svg"><script>alert(1)</script></svg>'),
    });
    expect(svg.status).toBe(400);
    const big = Buffer.concat([PNG, Buffer.alloc(issueImageLimits.maxBytes + 1 - PNG.length)]);
    const over = await upload(tok.nhanvien as string, { name: 'x.png', data: big });
    expect(over.status).toBe(400);
    expect(over.body.message).toBe(issueMessages.imageTooLarge);
    const low = await upload(tok.kh10 as string, { name: 'x.png', data: PNG });
    expect(low.status).toBe(403);
    expect(low.body.message).toBe(issueMessages.noImagePermission);
  });

  it('refuses a source that is not ours, another user’s pending image, and more than the cap', async () => {
    const foreign = await save(tok.nhanvien as string, { IssueName: 'X', Images: 'https://evil.example/a.png' });
    expect(foreign.status).toBe(400);
    expect(foreign.body.message).toMatch(vietnamese);
    const others = present((await upload(tok.admin as string, { name: 'a.png', data: PNG })).body.src);
    const stolen = await save(tok.nhanvien as string, { IssueName: 'X', Images: others });
    expect(stolen.status).toBe(400);
    expect(stolen.body.message).toBe(issueMessages.unknownImage);
    const many = Array.from(
      { length: issueImageLimits.perIssue + 1 },
      (_, i) => `/api/config/issue-image/3f1c2a4e-1111-4a2b-9c3d-${String(i).padStart(12, '0')}`,
    );
    const tooMany = await save(tok.nhanvien as string, { IssueName: 'X', Images: many.join('|') });
    expect(tooMany.status).toBe(400);
    expect(tooMany.body.message).toBe(issueMessages.tooManyImages);
  });

  it('the cleanup job removes images never saved with a request after the grace period', async () => {
    const src = present((await upload(tok.nhanvien as string, { name: 'a.png', data: PNG })).body.src);
    const folder = join(t.portal.uploadRoot, 'issue-images', imageId(src));
    const young = present((await upload(tok.nhanvien as string, { name: 'b.png', data: PNG })).body.src);
    expect(existsSync(folder)).toBe(true);
    await t.sql("UPDATE issue_images SET created_time = now() - interval '25 hours' WHERE image_id = $1", [imageId(src)]);
    await t.portal.jobs.runNow(ISSUE_IMAGES_CLEANUP);
    expect(t.portal.jobs.stats(ISSUE_IMAGES_CLEANUP).failed).toBe(0);
    expect(await t.sql('SELECT 1 FROM issue_images WHERE image_id = $1', [imageId(src)])).toHaveLength(0);
    expect(existsSync(folder)).toBe(false);
    // An image uploaded within the grace period stays (the form may still save it).
    expect(existsSync(join(t.portal.uploadRoot, 'issue-images', imageId(young)))).toBe(true);
    expect((await image(young, tok.nhanvien as string)).statusCode).toBe(200);
  });
});

describe('config/deleteIssueList: who may delete', () => {
  it('the requester deletes its own request while not completed; not once completed; not another’s', async () => {
    const own = await create(tok.kh10 as string, {});
    const done = await create(tok.kh10 as string, {});
    await save(tok.nhanvien as string, { Rowguid: done.Rowguid, is_realease: '1' });
    expect((await list(tok.kh10 as string, done.Rowguid))[0]?.CanDelete).toBe(false);
    const refused = await t.call(calls.admin.deleteIssueList, [{ Rowguid: done.Rowguid }], tok.kh10);
    expect(refused.status).toBe(403);
    expect(refused.body.message).toBe(issueMessages.cannotDelete);
    // Another rank-10 user of the same terminal neither sees nor deletes it.
    expect((await list(tok.kh10b as string)).map((r) => r.Rowguid)).not.toContain(own.Rowguid);
    const foreign = await t.call(calls.admin.deleteIssueList, [{ Rowguid: own.Rowguid }], tok.kh10b);
    expect(foreign.status).toBe(404);
    const ok = await t.call(calls.admin.deleteIssueList, [{ Rowguid: own.Rowguid }], tok.kh10);
    expect(ok.status, ok.raw).toBe(200);
    expect(ok.body.message).toBe('Xóa dữ liệu hoàn tất !');
    expect(await list(tok.kh10 as string, own.Rowguid)).toEqual([]);
  });

  it('rank 2 deletes any request of its terminal, images removed from the store', async () => {
    const src = present((await upload(tok.nhanvien as string, { name: 'a.png', data: PNG })).body.src);
    const row = await create(tok.nhanvien as string, { IssueName: 'Có ảnh', Images: src });
    const done = await create(tok.kh10 as string, {});
    await save(tok.nhanvien as string, { Rowguid: done.Rowguid, is_realease: '1' });
    const res = await t.call(calls.admin.deleteIssueList, [{ Rowguid: row.Rowguid }, { Rowguid: done.Rowguid }], tok.nhanvien);
    expect(res.status, res.raw).toBe(200);
    expect(existsSync(join(t.portal.uploadRoot, 'issue-images', imageId(src)))).toBe(false);
    expect(await t.sql('SELECT 1 FROM issues WHERE rowguid = ANY($1::uuid[])', [[row.Rowguid, done.Rowguid]])).toHaveLength(0);
  });
});

describe('terminal scoping and bad input', () => {
  it('another terminal’s requests are invisible and cannot be changed', async () => {
    const gml = await create(tok.nvgml as string, { IssueName: 'Yêu cầu của cảng GML' });
    expect(gml.TerminalCode).toBe('GML');
    expect((await list(tok.nhanvien as string)).map((r) => r.Rowguid)).not.toContain(gml.Rowguid);
    expect(await list(tok.nhanvien as string, gml.Rowguid)).toEqual([]);
    const edit = await save(tok.nhanvien as string, { Rowguid: gml.Rowguid, Performer: 'X' });
    expect(edit.status).toBe(404);
    const del = await t.call(calls.admin.deleteIssueList, [{ Rowguid: gml.Rowguid }], tok.nhanvien);
    expect(del.status).toBe(404);
    // Creating in a terminal one does not hold is refused.
    const other = await save(tok.nhanvien as string, { IssueName: 'X', TerminalCode: 'GML' });
    expect(other.status).toBe(403);
    // The administrator (all terminals) sees it.
    expect((await list(tok.admin as string)).map((r) => r.Rowguid)).toContain(gml.Rowguid);
  });

  it('answers bad input with a Vietnamese 400 naming the problem', async () => {
    const cases: unknown[] = [
      {},
      [],
      [{ IssueName: '' }],
      [{ IssueName: '   ' }],
      [{ IssueName: 'X', IssueType: 'Khác' }],
      [{ IssueName: 'X', is_realease: 'yes' }],
      [{ IssueName: 'X'.repeat(4001) }],
      [{ IssueName: 'X', Performer: 'P'.repeat(101) }],
      [{ Rowguid: 'not-a-uuid', IssueName: 'X' }],
      [{ IssueName: 123 }],
    ];
    for (const body of cases) {
      const res = await t.send(calls.admin.updateIssueList, body, tok.admin);
      expect(res.status, JSON.stringify(body).slice(0, 80)).toBe(400);
      expect(res.body.message, JSON.stringify(body).slice(0, 80)).toMatch(vietnamese);
    }
    const noContent = await t.send(calls.admin.updateIssueList, [{ IssueName: '  ' }], tok.admin);
    expect(noContent.body.message).toBe(issueMessages.noContent);
    for (const body of [{}, [], [{}], [{ Rowguid: 'x' }]]) {
      const res = await t.send(calls.admin.deleteIssueList, body, tok.admin);
      expect(res.status, JSON.stringify(body)).toBe(400);
      expect(res.body.message).toMatch(vietnamese);
    }
    const get = await t.send(calls.admin.getIssueList, { Rowguid: 'x' }, tok.admin);
    expect(get.status).toBe(400);
    // A group without the menu entry is refused.
    expect((await t.call(calls.admin.getIssueList, {}, tok.khachhang)).status).toBe(403);
  });
});

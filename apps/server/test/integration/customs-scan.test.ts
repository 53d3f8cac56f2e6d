import { type Customs363Row, type Customs367Item, calls, type ServerToClientEvents, type SocketEnvelope } from '@smartport/contract';
import { customsSimulator, demoDeclarations, type RunningSimulator, startSimulator } from '@smartport/simulators';
import { io, type Socket } from 'socket.io-client';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { listen } from '../helpers/live';
import { createTestApp, present, type TestApp } from '../helpers/test-app';

// Through the customs simulator over real HTTP: answers, time-outs (504), malformed replies, the log.
let sim: RunningSimulator;
let t: TestApp;
let url: string;
let staff: string;
let customer: string;
const sockets: Socket<ServerToClientEvents>[] = [];

const knobs = (k: Record<string, unknown>) =>
  fetch(`${sim.url}/_knobs`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify(k) });

const demo = (i: number) => present(demoDeclarations[i], `demo declaration ${i}`);
const [tq, mhbq, na, unknownCode] = [demo(0), demo(1), demo(5), demo(6)];

async function logRows(where = 'true', params: unknown[] = []) {
  return t.sql<{ request_type: string; sender_by: string; raw_request: string; raw_response: string; declare_nos: string[] }>(
    `select request_type, sender_by, raw_request, raw_response, declare_nos from customs_request_log where ${where} order by request_time`,
    params,
  );
}

beforeAll(async () => {
  sim = await startSimulator(customsSimulator, 0);
  t = await createTestApp({
    config: { simulators: { customs: sim.url }, customsTimeoutMs: 400, customsResultTimeoutMs: 8000 },
    // The expiry job runs when a test says so (runNow), never by the clock in the middle of another test.
    jobs: { start: false },
  });
  url = await listen(t);
  staff = await t.login('nhanvien');
  customer = await t.login('khachhang');
}, 60_000);

afterEach(async () => {
  await knobs({ reset: true, asyncDelayMs: 100 });
});

afterAll(async () => {
  for (const s of sockets) s.disconnect();
  await t?.close();
  await sim?.close();
});

describe('custom/req_aciss 367 (single and batch scans)', () => {
  it('answers each declaration with its containers and statuses, and logs the exchange', async () => {
    const before = (await logRows()).length;
    const res = await t.call(
      calls.customs.reqAciss,
      {
        requestType: 367,
        requestData: [
          { declareNo: ` ${tq?.declareNo} `, office: tq?.office.toLowerCase() },
          { declareNo: mhbq?.declareNo, office: mhbq?.office },
          { declareNo: '12345', office: '03EE' },
        ],
      },
      customer,
    );
    expect(res.status).toBe(200);
    expect(present(res.body.data).map((d) => d.customsStatus)).toEqual(['TQ', 'MHBQ', '']);
    // A 367 request is answered with 367 items (the reply's data is either kind).
    const first = present((present(res.body.data) as Customs367Item[])[0]);
    expect(first.data.TransportEquipments.TransportEquipment.length).toBeGreaterThan(0);
    for (const c of first.data.TransportEquipments.TransportEquipment) expect(c.CntrNo).toMatch(/^[A-Z]{4}\d{7}$/);
    const rows = await logRows();
    expect(rows.length).toBe(before + 1);
    const row = rows.at(-1);
    expect(row?.request_type).toBe('367');
    expect(row?.sender_by).toBe('khachhang');
    expect(row?.declare_nos).toEqual([tq?.declareNo, mhbq?.declareNo, '12345']);
    expect(JSON.parse(row?.raw_request ?? '{}').body.items[0]).toEqual({ declareNo: tq?.declareNo, office: tq?.office });
    expect(JSON.parse(row?.raw_response ?? '{}').items).toHaveLength(3);
  });

  it('passes a code customs uses but the portal does not know as received', async () => {
    const res = await t.call(
      calls.customs.reqAciss,
      { requestType: '367', requestData: [{ declareNo: unknownCode?.declareNo, office: unknownCode?.office }] },
      staff,
    );
    expect(present(res.body.data)[0]?.customsStatus).toBe(unknownCode?.status);
  });

  it('answers 504 "Quá thời gian phản hồi từ hệ thống." when the gateway times out, and logs it', async () => {
    await knobs({ timeout: true, hangMs: 2000 });
    const res = await t.call(
      calls.customs.reqAciss,
      { requestType: 367, requestData: [{ declareNo: na?.declareNo, office: na?.office }] },
      staff,
    );
    expect(res.status).toBe(504);
    expect(res.body).toMatchObject({ success: false, message: 'Quá thời gian phản hồi từ hệ thống.' });
    const row = (await logRows()).at(-1);
    expect(row?.raw_response).toContain('quá thời gian');
  });

  it('answers 502 with a Vietnamese message when the reply is malformed, and keeps the raw reply in the log', async () => {
    await knobs({ malformed: true });
    const res = await t.call(
      calls.customs.reqAciss,
      { requestType: 367, requestData: [{ declareNo: tq?.declareNo, office: tq?.office }] },
      staff,
    );
    expect(res.status).toBe(502);
    expect(res.body).toMatchObject({ success: false, message: expect.stringContaining('không đọc được') });
    expect((await logRows()).at(-1)?.raw_response).toContain('<<truncated');
  });

  it('rejects an empty list, a missing office and an unknown message type with 400', async () => {
    const empty = await t.call(calls.customs.reqAciss, { requestType: 367, requestData: [] }, staff);
    expect(empty.status).toBe(400);
    expect(empty.body).toMatchObject({ message: expect.stringContaining('Chưa có tờ khai nào trong danh sách quét') });
    const noOffice = await t.call(calls.customs.reqAciss, { requestType: 367, requestData: [{ declareNo: '1', office: '  ' }] }, staff);
    expect(noOffice.body).toMatchObject({ message: expect.stringContaining('Nhập đầy đủ thông tin tờ khai') });
    const other = await t.call(calls.customs.reqAciss, { requestType: 999, requestData: [] }, staff);
    expect(other.status).toBe(400);
  });
});

describe('custom/req_aciss 363 (gate scan) and the vessel picker', () => {
  it('lists the voyages of the caller terminals for the picker', async () => {
    const res = await t.call(calls.customs.searchShip, { arrStatus: 1 }, staff);
    expect(res.status).toBe(200);
    expect(present(res.body.vsls).length).toBeGreaterThan(0);
    for (const v of present(res.body.vsls)) expect(['NDP', 'NDV', 'NHP']).toContain(v.TerminalCode);
  });

  it('lets the FCL pre-advice task (whose call it is) list voyages, only of its own terminals; a scan grant alone does not', async () => {
    await t.addUser({
      UserID: 'kh.fcl',
      UserGroupCode: 'KH_FCL',
      password: 'Test@2026x',
      terminals: ['NDV'],
      grants: ['TASK_FCL_PRE_ADVICE'],
    });
    const fcl = await t.login('kh.fcl', 'Test@2026x');
    const res = await t.call(calls.customs.searchShip, { arrStatus: 1 }, fcl);
    expect(res.status).toBe(200);
    expect(present(res.body.vsls).length).toBeGreaterThan(0);
    for (const v of present(res.body.vsls)) expect(v.TerminalCode).toBe('NDV');
    // The demo customer holds the task grant.
    expect((await t.call(calls.customs.searchShip, { arrStatus: 1 }, customer)).status).toBe(200);
    await t.addUser({ UserID: 'kh.scan', UserGroupCode: 'KH_SCAN', password: 'Test@2026x', grants: ['CUSTOMS_RELEASE'] });
    const scanOnly = await t.login('kh.scan', 'Test@2026x');
    expect((await t.call(calls.customs.searchShip, { arrStatus: 1 }, scanOnly)).status).toBe(403);
  });

  it('answers the containers of a voyage with the voyage title, and logs the voyage', async () => {
    const [voyage] = await t.sql<{ vessel_key: string; vessel_name: string; vessel_im_voy: string; vessel_ex_voy: string }>(
      "select vessel_key, vessel_name, vessel_im_voy, vessel_ex_voy from vessel_voyages where terminal_code = 'NDP' order by etb desc limit 1",
    );
    const key = voyage?.vessel_key as string;
    const res = await t.call(
      calls.customs.reqAciss,
      {
        requestType: 363,
        requestData: [
          { UserVoy: key, CntrNo: 'mscu1234565' },
          { UserVoy: key, CntrNo: 'MAEU7654321' },
        ],
      },
      staff,
    );
    expect(res.status).toBe(200);
    // A 363 request is answered with 363 rows (the reply's data is either kind).
    const rows = present(res.body.data) as Customs363Row[];
    expect(rows.map((r) => r.cntrNo)).toEqual(['MSCU1234565', 'MAEU7654321']);
    expect(rows[0]?.userVoy).toBe(`${voyage?.vessel_name} / ${voyage?.vessel_im_voy} / ${voyage?.vessel_ex_voy}`);
    expect(rows[0]?.vslNm).toBe(voyage?.vessel_name);
    // The same container always gets the same answer.
    const again = await t.call(calls.customs.reqAciss, { requestType: 363, requestData: [{ UserVoy: key, CntrNo: 'MSCU1234565' }] }, staff);
    expect(present(again.body.data)[0]?.customsStatus).toBe(present(res.body.data)[0]?.customsStatus);
    const [row] = await t.sql<{ voyage_key: string; terminal_code: string; container_nos: string[] }>(
      "select voyage_key, terminal_code, container_nos from customs_request_log where request_type = '363' order by request_time limit 1",
    );
    expect(row).toEqual({ voyage_key: key, terminal_code: 'NDP', container_nos: ['MSCU1234565', 'MAEU7654321'] });
  });

  it('refuses a voyage of a terminal the caller does not have', async () => {
    const [other] = await t.sql<{ vessel_key: string }>(
      "select vessel_key from vessel_voyages where terminal_code not in ('NDP','NDV','NHP') limit 1",
    );
    const res = await t.call(
      calls.customs.reqAciss,
      { requestType: 363, requestData: [{ UserVoy: other?.vessel_key, CntrNo: 'MSCU1234565' }] },
      staff,
    );
    expect(res.status).toBe(400);
    expect(res.body).toMatchObject({ success: false, message: expect.stringContaining('Không tìm thấy tàu/chuyến') });
  });

  it('answers 504 when the gateway times out', async () => {
    const [voyage] = await t.sql<{ vessel_key: string }>("select vessel_key from vessel_voyages where terminal_code = 'NDP' limit 1");
    await knobs({ timeout: true, hangMs: 2000 });
    const res = await t.call(
      calls.customs.reqAciss,
      { requestType: 363, requestData: [{ UserVoy: voyage?.vessel_key, CntrNo: 'MSCU1234565' }] },
      staff,
    );
    expect(res.status).toBe(504);
    expect(res.body).toMatchObject({ message: 'Quá thời gian phản hồi từ hệ thống.' });
  });
});

function connect(token: string) {
  const socket: Socket<ServerToClientEvents> = io(url, { transports: ['websocket'], reconnection: false, forceNew: true, auth: { token } });
  sockets.push(socket);
  return new Promise<Socket<ServerToClientEvents>>((resolve, reject) => {
    socket.once('connect', () => resolve(socket));
    socket.once('connect_error', reject);
  });
}
/** The next 367.1 event about this declaration (other scans of the same user may finish meanwhile). */
const nextResult = (socket: Socket<ServerToClientEvents>, declareNo: string | undefined) =>
  new Promise<SocketEnvelope>((resolve) => {
    const on = (e: SocketEnvelope) => {
      if ((e.data as { declareNo?: string } | undefined)?.declareNo !== declareNo) return;
      socket.off('customs_result', on);
      resolve(e);
    };
    socket.on('customs_result', on);
  });

describe('custom/req_cas367 and custom/get_cas367 (single scan, queued)', () => {
  it('queues the message, pushes a 367.1 event to the sender, then the result is viewable', async () => {
    const socket = await connect(customer);
    const result = nextResult(socket, tq?.declareNo);
    const res = await t.call(
      calls.customs.reqCas367,
      { method: 'sendmsg', declareNo: tq?.declareNo, office: tq?.office, allow_send_again: true },
      customer,
    );
    expect(res.body).toMatchObject({ success: true, message: 'Thông điệp đã được đưa vào hàng đợi!' });
    const event = await result;
    expect(event).toMatchObject({ request_type: '367.1', note_state: 'SUCCESS', response_func: 32 });
    expect((event.data as { msgGroupId: string }).msgGroupId).toBe(present(res.body.data).msgGroupId);
    const view = await t.call(calls.customs.getCas367, { method: 'view', declareNo: tq?.declareNo, office: tq?.office }, customer);
    expect(view.body.state).toBe('done');
    expect(present(view.body.data).length).toBeGreaterThan(0);
    expect(present(view.body.data).every((c) => c.CustomsStatus === 'TQ')).toBe(true);
    // Both the queued message and its result are in the log.
    const rows = await logRows('$1 = any(declare_nos)', [tq?.declareNo]);
    expect(rows.map((r) => r.request_type)).toEqual(expect.arrayContaining(['367', '367.1']));
  });

  it('gives what customs said of an unknown or mistyped declaration, on the event and on every later read', async () => {
    const mistyped = { declareNo: '30512345', office: '03EE' };
    const socket = await connect(customer);
    const result = nextResult(socket, mistyped.declareNo);
    const sent = await t.call(calls.customs.reqCas367, { ...mistyped, allow_send_again: true }, customer);
    expect(sent.body.message).toBe('Thông điệp đã được đưa vào hàng đợi!');
    expect(await result).toMatchObject({ request_type: '367.1', note_state: 'SUCCESS' });

    const view = await t.call(calls.customs.getCas367, mistyped, customer);
    expect(view.body).toMatchObject({ success: true, state: 'done', data: [], msg: 'Không tìm thấy thông tin tờ khai' });
    // Scanned again within 5 minutes: the stored answer comes back with the same words.
    const again = await t.call(calls.customs.reqCas367, { ...mistyped, allow_send_again: true }, customer);
    expect(again.body.data).toMatchObject({ lists: [], msg: 'Không tìm thấy thông tin tờ khai' });
    // A declaration with containers carries no such text.
    const known = await t.call(calls.customs.getCas367, { declareNo: tq?.declareNo, office: tq?.office }, customer);
    expect(known.body.msg).toBeUndefined();
  });

  it('allows a rescan only after 5 minutes', async () => {
    const first = await t.call(
      calls.customs.reqCas367,
      { declareNo: mhbq?.declareNo, office: mhbq?.office, allow_send_again: true },
      staff,
    );
    expect(first.body.message).toBe('Thông điệp đã được đưa vào hàng đợi!');
    const soon = await t.call(calls.customs.reqCas367, { declareNo: mhbq?.declareNo, office: mhbq?.office, allow_send_again: true }, staff);
    expect(soon.body.message).toContain('có thể quét lại sau 5 phút');
    expect(present(soon.body.data).msgGroupId).toBeUndefined();
    await t.sql("update customs_messages set sent_time = now() - interval '301 seconds' where declare_no = $1", [mhbq?.declareNo]);
    const notAllowed = await t.call(
      calls.customs.reqCas367,
      { declareNo: mhbq?.declareNo, office: mhbq?.office, allow_send_again: false },
      staff,
    );
    expect(present(notAllowed.body.data).msgGroupId).toBeUndefined();
    const later = await t.call(
      calls.customs.reqCas367,
      { declareNo: mhbq?.declareNo, office: mhbq?.office, allow_send_again: true },
      staff,
    );
    expect(later.body.message).toBe('Thông điệp đã được đưa vào hàng đợi!');
    expect(present(later.body.data).msgGroupId).toBeTruthy();
  });

  it('ends with a failure code event when customs cannot answer the message', async () => {
    await knobs({ asyncFailure: 'MSG_TRANSMIT_FAILED', asyncDelayMs: 50 });
    const socket = await connect(staff);
    const result = nextResult(socket, na?.declareNo);
    await t.call(calls.customs.reqCas367, { declareNo: na?.declareNo, office: na?.office, allow_send_again: true }, staff);
    expect(await result).toMatchObject({ request_type: '367.1', note_state: 'MSG_TRANSMIT_FAILED' });
    const view = await t.call(calls.customs.getCas367, { declareNo: na?.declareNo, office: na?.office }, staff);
    expect(view.body.state).toBe('failed');
  });

  it('[reliability: lone-surrogate] ends a message whose answer cannot be stored as failed, while the other message completes', async () => {
    const [gph, cck] = [demo(2), demo(3)];
    // The gateway's answer for one declaration holds a NUL and a lone surrogate, which PostgreSQL refuses in jsonb.
    await knobs({ unstorableFor: [gph.declareNo], asyncDelayMs: 50 });
    const socket = await connect(staff);
    const [badEvent, goodEvent] = [nextResult(socket, gph.declareNo), nextResult(socket, cck.declareNo)];
    const [bad, good] = await Promise.all([
      t.call(calls.customs.reqCas367, { declareNo: gph.declareNo, office: gph.office, allow_send_again: true }, staff),
      t.call(calls.customs.reqCas367, { declareNo: cck.declareNo, office: cck.office, allow_send_again: true }, staff),
    ]);
    expect(bad.body.message).toBe('Thông điệp đã được đưa vào hàng đợi!');
    expect(good.body.message).toBe('Thông điệp đã được đưa vào hàng đợi!');
    expect(await badEvent).toMatchObject({
      request_type: '367.1',
      note_state: 'RESULT_NOT_STORED',
      message: 'Không lưu được kết quả trả về từ hải quan',
    });
    expect(await goodEvent).toMatchObject({ request_type: '367.1', note_state: 'SUCCESS', response_func: 32 });
    const rows = await t.sql<{ declare_no: string; state: string; failure_code: string | null; finished_time: Date | null }>(
      'select declare_no, state, failure_code, finished_time from customs_messages where msg_group_id = any($1::uuid[])',
      [[present(bad.body.data).msgGroupId, present(good.body.data).msgGroupId]],
    );
    expect(rows.find((r) => r.declare_no === gph.declareNo)).toMatchObject({ state: 'failed', failure_code: 'RESULT_NOT_STORED' });
    expect(rows.find((r) => r.declare_no === gph.declareNo)?.finished_time).toBeTruthy();
    expect(rows.find((r) => r.declare_no === cck.declareNo)).toMatchObject({ state: 'done', failure_code: null });
    expect((await t.call(calls.customs.getCas367, { declareNo: gph.declareNo, office: gph.office }, staff)).body.state).toBe('failed');
    const view = await t.call(calls.customs.getCas367, { declareNo: cck.declareNo, office: cck.office }, staff);
    expect(view.body.state).toBe('done');
    expect(present(view.body.data).every((c) => c.CustomsStatus === 'CCK')).toBe(true);
    // The exchange itself is in the request log (its raw text is stored escaped).
    expect((await logRows("request_type = '367.1' and $1 = any(declare_nos)", [gph.declareNo])).length).toBe(1);
  });

  it("the 'customs.expire' job ends a message its watcher never ended (a restart), not a live one", async () => {
    const [stale, live] = [demo(4), demo(6)];
    // As if the portal had stopped while these waited: no watcher will ever end them.
    const insert = (d: { declareNo: string; office: string }, age: string) =>
      t.sql(
        `insert into customs_messages (declare_no, office, sender_by, gateway_msg_id, sent_time)
         values ($1, $2, 'nhanvien', $3, now() - $4::interval) returning msg_group_id`,
        [d.declareNo, d.office, `lost-${d.declareNo}`, age],
      );
    await insert(stale, '20 seconds'); // twice the result time-out (8 s here) is over
    await insert(live, '1 second');
    await t.portal.jobs.runNow('customs.expire');
    const rows = await t.sql<{ declare_no: string; state: string; failure_code: string | null }>(
      "select declare_no, state, failure_code from customs_messages where gateway_msg_id like 'lost-%'",
    );
    expect(rows.find((r) => r.declare_no === stale.declareNo)).toMatchObject({ state: 'failed', failure_code: 'RESPONSE_TIMEOUT' });
    expect(rows.find((r) => r.declare_no === live.declareNo)).toMatchObject({ state: 'queued', failure_code: null });
    expect((await t.call(calls.customs.getCas367, { declareNo: stale.declareNo, office: stale.office }, staff)).body.state).toBe('failed');
    await t.sql("delete from customs_messages where gateway_msg_id like 'lost-%'");
  });

  it('answers 504 when queueing times out', async () => {
    await knobs({ timeout: true, hangMs: 2000 });
    const res = await t.call(calls.customs.reqCas367, { declareNo: '305999888770', office: '03EE', allow_send_again: true }, staff);
    expect(res.status).toBe(504);
    expect(res.body).toMatchObject({ message: 'Quá thời gian phản hồi từ hệ thống.' });
  });

  it('limits the declaration number to 15 and the office to 6 characters', async () => {
    const long = await t.call(calls.customs.reqCas367, { declareNo: '1234567890123456', office: '03EE' }, staff);
    expect(long.status).toBe(400);
    const office = await t.call(calls.customs.getCas367, { declareNo: '123456789012', office: '1234567' }, staff);
    expect(office.status).toBe(400);
  });
});

describe('custom/get_log_custom_req (customs request log)', () => {
  const today = () => {
    const from = new Date();
    from.setHours(0, 0, 0, 0);
    const to = new Date();
    to.setHours(23, 59, 59, 999);
    return { fromDate: from.toISOString(), toDate: to.toISOString() };
  };

  it('shows the exchanges of the day with their raw data, filtered by type, declaration, container and sender', async () => {
    const all = await t.call(calls.customs.getLogCustomReq, { ...today(), requestType: '*' }, staff);
    expect(all.status).toBe(200);
    expect(present(all.body.payload).length).toBeGreaterThan(5);
    const only363 = await t.call(calls.customs.getLogCustomReq, { ...today(), requestType: '363' }, staff);
    expect(present(only363.body.payload).length).toBeGreaterThan(0);
    expect(present(only363.body.payload).every((r) => r.RequestType === '363')).toBe(true);
    const byDecl = await t.call(
      calls.customs.getLogCustomReq,
      { ...today(), declareNo: tq?.declareNo, requestType: '367', senderBy: 'khach' },
      staff,
    );
    expect(present(byDecl.body.payload).length).toBeGreaterThan(0);
    for (const r of present(byDecl.body.payload)) expect(r.RawRequest + JSON.stringify(r)).toContain(tq?.declareNo as string);
    const byCntr = await t.call(calls.customs.getLogCustomReq, { ...today(), containerNo: 'mscu1234565' }, staff);
    expect(present(byCntr.body.payload).length).toBeGreaterThan(0);
  });

  it('requires the from and to dates with the spec messages', async () => {
    const noFrom = await t.send(calls.customs.getLogCustomReq, { toDate: today().toDate }, staff);
    expect(noFrom.status).toBe(400);
    expect(noFrom.body).toMatchObject({ message: expect.stringContaining('Nhập ngày bắt đầu') });
    const noTo = await t.call(calls.customs.getLogCustomReq, { fromDate: today().fromDate, toDate: '' }, staff);
    expect(noTo.body).toMatchObject({ message: expect.stringContaining('Nhập ngày kết thúc') });
  });

  it('is a staff screen: a customer gets 403, and a gate scan of another terminal is not shown', async () => {
    const res = await t.call(calls.customs.getLogCustomReq, today(), customer);
    expect(res.status).toBe(403);
    await t.addUser({
      UserID: 'hq.gml',
      UserGroupCode: 'HQ_GML',
      password: 'Test@2026x',
      terminals: ['GML'],
      grants: ['CUSTOMS_REQUEST_LOG'],
    });
    const gml = await t.login('hq.gml', 'Test@2026x');
    const rows = await t.call(calls.customs.getLogCustomReq, { ...today(), requestType: '363' }, gml);
    expect(rows.status).toBe(200);
    expect(rows.body.payload).toEqual([]);
  });

  it('keeps the scans away from groups without their grants', async () => {
    await t.addUser({ UserID: 'no.scan', UserGroupCode: 'NO_SCAN', password: 'Test@2026x', grants: ['HOME'] });
    const token = await t.login('no.scan', 'Test@2026x');
    for (const path of ['custom/req_aciss', 'custom/req_cas367', 'custom/get_cas367', 'task/fcl_pre_advice/search_ship']) {
      expect((await t.call(path, {}, token)).status, path).toBe(403);
    }
  });
});

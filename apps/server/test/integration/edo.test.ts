import { randomUUID } from 'node:crypto';
import {
  type CallInput,
  calls,
  containerNumber,
  DAY_MS,
  edoMessages,
  orderFileMessages,
  orderMessages,
  orderStatusNames,
  portDayKey,
} from '@smartport/contract';
import { cardSimulator, einvoiceSimulator, type RunningSimulator, startSimulator } from '@smartport/simulators';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { demoYard } from '../../src/db/seed/port-containers.data';
import { configureApprovalFor } from '../helpers/approval';
import { multipart } from '../helpers/multipart';
import { createTestApp, present, type TestApp } from '../helpers/test-app';

// Issue 23 item 2: the shipping line's eDOs release import containers to a consignee; an import pickup of a line on eDO
// needs one naming its payer; revoking cancels the orders not yet approved (money taken recorded for refund).
let t: TestApp;
let sims: RunningSimulator[];
let line: string; // hangtau: MSC, terminals NDP and GML
let customer: string; // khachhang: C0000001
let staff: string; // nhanvien
let other: string; // tax code of C0000005 (another customer)
let mine: string; // tax code of C0000001
let yardVessel: string;

const BILL = 'MEDUEDO2611001';
const box = (serial: number) => containerNumber('MSCU', serial);
const [A, B, C, D, E, F] = [270001, 270002, 270003, 270004, 270005, 270006].map(box) as [string, string, string, string, string, string];
const day = (days: number) => portDayKey(new Date(Date.now() + days * DAY_MS));
/** A day as the messages show it (DD/MM/YYYY). */
const shown = (d: string) => d.split('-').reverse().join('/');
const tomorrow = () => `${day(1)} 23:00`;

async function yard(no: string, opts: { terminal?: string; bl?: string; line?: string } = {}) {
  await t.sql(
    `insert into port_containers (terminal_code, container_no, class_code, iso_sizetype, operation_code, fe, cargo_type_code, date_in,
       vessel_key, bl_no, container_status_code, is_local_foreign, customs_status)
     values ($1, $2, '1', '22G1', $3, 'F', 'GP', now() - interval '4 days', $4, $5, 'S', 'F', 'TQ')`,
    [opts.terminal ?? 'NDP', no, opts.line ?? 'MSC', yardVessel, opts.bl ?? BILL],
  );
}

type Draft = CallInput<typeof calls.orders.saveOrder>;
const pickup = (containers: string[], over: Partial<Draft> = {}): Draft => ({
  OrderType: 'import_pickup',
  TerminalCode: 'NDP',
  JobModeCode: 'LAYN',
  OperationCode: 'MSC',
  VesselKey: yardVessel,
  BLNo: BILL,
  BookingNo: null,
  ExpDate: tomorrow(),
  AttachServices: [],
  containers: containers.map((ContainerNo) => ({ ContainerNo, IsoSizetype: '' })),
  CustomerCode: 'C0000001',
  TotalAmount: 0,
  ...over,
});
const problems = async (d: Draft, token = customer) =>
  present((await t.call(calls.orders.checkContainers, d, token)).body.payload).flatMap((r) => r.problems);
async function save(d: Draft, token = customer) {
  const priced = await t.call(calls.orders.calculateCharges, d, token);
  expect(priced.status, priced.raw).toBe(200);
  const saved = await t.call(
    calls.orders.saveOrder,
    { ...d, TotalAmount: present(priced.body.data).TotalAmount, ClientKey: randomUUID() },
    token,
  );
  expect(saved.status, saved.raw).toBe(200);
  return present(saved.body.data);
}
const PDF = Buffer.from('%PDF-1.4\n1 0 obj\n<< /Type /Catalog >>\nendobj\ntrailer\n<< /Root 1 0 R >>\n%%EOF\n');
/** task/order/attachFile as the screens send it (multipart). */
async function attach(OrderNo: string, file: { name: string; data: Buffer }, token = customer) {
  const body = multipart({ OrderNo }, file);
  const res = await t.app.inject({
    method: 'POST',
    url: '/api/task/order/attachFile',
    headers: { 'content-type': body.contentType, authorization: `Bearer ${token}` },
    payload: body.payload,
  });
  return { status: res.statusCode, body: res.json() as { success: boolean; message?: string } };
}
const card = { cardNumber: '9704180000123456', cardDate: '03/24', cardName: 'NGUYEN VAN A' };
async function payByCard(OrderNo: string) {
  const start = await t.call(calls.payments.makeCardTransfer, { OrderNo, ...card }, customer);
  expect(start.status, start.raw).toBe(200);
  return t.call(calls.payments.confirmCardTransfer, { otp: '123456', clientMessageId: present(start.body.data).clientMessageId }, customer);
}
const orderOf = async (orderNo: string) =>
  present(
    (
      await t.sql<{ order_status: string; reject_reason: string | null; paper_do: boolean }>(
        'select order_status, reject_reason, paper_do from orders where order_no = $1',
        [orderNo],
      )
    )[0],
  );
const issue = (input: Partial<CallInput<typeof calls.edo.issueEdo>>, token = line) =>
  t.call(
    calls.edo.issueEdo,
    { TerminalCode: 'NDP', BLNo: BILL, ConsigneeTaxCode: mine, ValidUntil: day(10), ContainerNos: [], ...input },
    token,
  );

beforeAll(async () => {
  const cardSim = await startSimulator(cardSimulator, 0);
  const einvoice = await startSimulator(einvoiceSimulator, 0);
  sims = [cardSim, einvoice];
  t = await createTestApp({ jobs: { start: false }, config: { simulators: { card: cardSim.url, einvoice: einvoice.url } } });
  [line, customer, staff] = await Promise.all([t.login('hangtau'), t.login('khachhang'), t.login('nhanvien')]);
  const tax = async (code: string) =>
    present((await t.sql<{ tax_code: string }>('select tax_code from customers where customer_code = $1', [code]))[0]).tax_code;
  [mine, other] = await Promise.all([tax('C0000001'), tax('C0000005')]);
  yardVessel = present(
    (await t.sql<{ k: string }>('select vessel_key k from port_containers where container_no = $1', [containerNumber('MSCU', 261001)]))[0],
  ).k;
  for (const no of [A, B, C, D, E]) await yard(no);
  await yard(F, { terminal: 'GML', bl: 'MEDUEDO2611009' });
  await yard(F, { terminal: 'NDP', bl: 'MEDUEDO2611009' });
}, 180_000);
afterAll(async () => {
  await t?.close();
  for (const s of sims ?? []) await s.close();
});

describe('the line issues eDOs for its bills in the yard', () => {
  it('issues for some containers of a bill: listed with the consignee, the containers and the line', async () => {
    const res = await issue({ ContainerNos: [A, B], AgentTaxCode: null, Note: 'Giao cho khách' });
    expect(res.status, res.raw).toBe(200);
    const edo = present(res.body.data);
    expect(res.body.message).toBe(edoMessages.issued(edo.EdoNo));
    expect(edo).toMatchObject({
      TerminalCode: 'NDP',
      OperationCode: 'MSC',
      BLNo: BILL,
      ConsigneeTaxCode: mine,
      Status: 'A',
      ValidUntil: day(10),
    });
    expect(edo.containers.map((c) => c.ContainerNo)).toEqual([A, B]);
    const list = await t.call(calls.edo.listEdos, { FindValue: A }, line);
    expect(present(list.body.payload).map((e) => e.EdoNo)).toEqual([edo.EdoNo]);
  });

  it('refuses what the line may not release: a container on an active eDO, one not on the bill, a past day, another terminal, another line', async () => {
    expect(await issue({ ContainerNos: [A] }).then((r) => [r.status, r.body.message])).toEqual([
      409,
      expect.stringMatching(`Container ${A} đã có trong eDO EDO`),
    ]);
    expect((await issue({ ContainerNos: [box(261001)] })).body.message).toBe(edoMessages.notOnBill(box(261001), BILL));
    expect((await issue({ ValidUntil: day(-1) })).body.message).toBe(edoMessages.validPast);
    expect((await issue({ ValidUntil: '27/11/2026' })).body.message).toContain(edoMessages.validFormat);
    const away = await issue({ TerminalCode: 'NDV' });
    expect([away.status, away.body.message]).toEqual([403, edoMessages.terminal('NDV')]);
    // A bill of MAE's containers is not MSC's to release.
    const [mae] = await t.sql<{ bl_no: string }>(
      "select bl_no from port_containers where terminal_code = 'NDP' and operation_code = 'MAE' and bl_no is not null and date_out is null limit 1",
    );
    expect((await issue({ BLNo: present(mae).bl_no })).body.message).toBe(edoMessages.billEmpty(present(mae).bl_no, 'MSC', 'NDP'));
    expect((await issue({ ConsigneeTaxCode: mine, AgentTaxCode: mine, ContainerNos: [C] })).body.message).toBe(edoMessages.sameAgent);
  });

  it('two issues racing for one container: exactly one eDO gets it', async () => {
    const [x, y] = await Promise.all([issue({ ContainerNos: [C] }), issue({ ContainerNos: [C] })]);
    expect([x.status, y.status].sort()).toEqual([200, 409]);
    const [n] = await t.sql<{ n: number }>(
      "select count(*)::int n from edo_containers ec join edos e on e.edo_no = ec.edo_no where ec.container_no = $1 and e.status = 'A'",
      [C],
    );
    expect(present(n).n).toBe(1);
  });

  it('only the line reaches its eDOs: a customer and staff are refused the calls, another line finds nothing', async () => {
    expect((await issue({ ContainerNos: [D] }, customer)).status).toBe(403);
    expect((await issue({ ContainerNos: [D] }, staff)).status).toBe(403);
    const [edo] = await t.sql<{ edo_no: string }>('select edo_no from edo_containers where container_no = $1', [A]);
    await t.sql("update users set operation_code = 'MAE' where user_id = 'hangtau'");
    try {
      const maeLine = await t.login('hangtau');
      const found = await t.call(calls.edo.revokeEdo, { EdoNo: present(edo).edo_no, Reason: 'x' }, maeLine);
      expect([found.status, found.body.message]).toEqual([404, edoMessages.notFound(present(edo).edo_no)]);
      expect(present((await t.call(calls.edo.listEdos, {}, maeLine)).body.payload).some((e) => e.OperationCode === 'MSC')).toBe(false);
    } finally {
      await t.sql("update users set operation_code = 'MSC' where user_id = 'hangtau'");
    }
  });
});

describe('an import pickup of a line on eDO needs an eDO naming its payer', () => {
  it('with the eDO it goes through and the order keeps it; without one each container says what it lacks', async () => {
    expect(await problems(pickup([A]))).toEqual([]);
    expect(await problems(pickup([D]))).toEqual([`Dòng 1: ${edoMessages.pickupNone(D, 'MSC', mine)}`]);
    const order = await save(pickup([A]));
    const [row] = await t.sql<{ edo_no: string }>('select edo_no from order_containers where order_no = $1', [order.OrderNo]);
    expect(present(row).edo_no).toMatch(/^EDO\d{7}$/);
    // The line sees the order made against its eDO.
    const orders = await t.call(calls.edo.lineOrders, { FindValue: A }, line);
    expect(present(orders.body.payload)[0]).toMatchObject({
      OrderNo: order.OrderNo,
      ContainerNos: [A],
      OrderStatusName: orderStatusNames.A,
    });
  });

  it("another customer's order of the consignee's containers is refused naming the eDO's consignee", async () => {
    const d = pickup([B], { CustomerCode: 'C0000005' });
    const priced = await t.call(calls.orders.calculateCharges, d, staff);
    const edo = present((await t.sql<{ edo_no: string }>('select edo_no from edo_containers where container_no = $1', [B]))[0]).edo_no;
    expect([priced.status, priced.body.message]).toEqual([
      400,
      `${orderMessages.containersInvalid}. Dòng 1: ${edoMessages.pickupOtherParty(B, edo, mine)}`,
    ]);
  });

  it('an agent the eDO names may order for itself; an order expiring after the eDO is refused naming its day', async () => {
    const edo = present((await issue({ ContainerNos: [D], AgentTaxCode: other, ValidUntil: day(3) })).body.data);
    expect(await problems(pickup([D], { CustomerCode: 'C0000005' }), staff)).toEqual([]);
    const late = await t.call(calls.orders.calculateCharges, pickup([D], { CustomerCode: 'C0000005', ExpDate: `${day(5)} 10:00` }), staff);
    expect(late.body.message).toBe(`${orderMessages.containersInvalid}. Dòng 1: ${edoMessages.pickupAfter(D, edo.EdoNo, shown(day(3)))}`);
  });

  it('an expired eDO is refused naming its day; amended (extended, with a reason), it releases again and the history says so', async () => {
    const edo = present((await t.sql<{ edo_no: string }>('select edo_no from edo_containers where container_no = $1', [D]))[0]).edo_no;
    await t.sql("update edos set valid_until = now() - interval '1 day' where edo_no = $1", [edo]);
    const until = present(
      (
        await t.sql<{ d: string }>(
          "select to_char(valid_until at time zone 'Asia/Ho_Chi_Minh', 'YYYY-MM-DD') d from edos where edo_no = $1",
          [edo],
        )
      )[0],
    ).d;
    expect(await problems(pickup([D], { CustomerCode: 'C0000005' }), staff)).toEqual([
      `Dòng 1: ${edoMessages.pickupExpired(D, edo, shown(until))}`,
    ]);
    const amended = await t.call(calls.edo.amendEdo, { EdoNo: edo, ValidUntil: day(7), Reason: 'Khách xin gia hạn' }, line);
    expect(amended.status, amended.raw).toBe(200);
    expect(await problems(pickup([D], { CustomerCode: 'C0000005' }), staff)).toEqual([]);
    const history = present((await t.call(calls.edo.edoHistory, { EdoNo: edo }, line)).body.payload);
    expect(history.map((h) => h.Kind)).toEqual(['issue', 'amend']);
    expect(history[1]?.Detail).toContain('Lý do: Khách xin gia hạn');
    expect((await t.call(calls.edo.amendEdo, { EdoNo: edo, ValidUntil: day(7), Reason: 'x' }, line)).body.message).toBe(
      edoMessages.nothingChanged,
    );
  });

  it('an eDO issued at another terminal is valid only where the EDO sharing rows say', async () => {
    const gml = present((await issue({ TerminalCode: 'GML', BLNo: 'MEDUEDO2611009', ContainerNos: [F] })).body.data);
    const d = pickup([F], { BLNo: 'MEDUEDO2611009' });
    expect(await problems(d)).toEqual([`Dòng 1: ${edoMessages.pickupTerminal(F, gml.EdoNo, 'GML', 'NDP')}`]);
    await t.sql("insert into data_shares (terminal_code, terminal_target, data_table) values ('GML', 'NDP', 'DELIVERY_ORDER')");
    try {
      expect(await problems(d)).toEqual([]);
      expect(present((await t.call(calls.edo.listEdos, { FindValue: F }, line)).body.payload)[0]?.SharedWith).toEqual(['NDP']);
    } finally {
      await t.sql("delete from data_shares where terminal_code = 'GML'");
    }
  });

  it('a line not on eDO (MAE) goes by paper D/O: the order is noted, and once paid waits for staff whatever the approval config', async () => {
    const [mae] = await t.sql<{ container_no: string; bl_no: string; vessel_key: string }>(
      `select container_no, bl_no, vessel_key from port_containers p where terminal_code = 'NDP' and operation_code = 'MAE' and class_code = '1'
         and fe = 'F' and date_out is null and customs_status = 'TQ' and vessel_key is not null
         and not exists (select 1 from order_containers c where c.container_no = p.container_no) limit 1`,
    );
    const m = present(mae);
    const d = pickup([m.container_no], { OperationCode: 'MAE', BLNo: m.bl_no, VesselKey: m.vessel_key });
    const check = present((await t.call(calls.orders.checkContainers, d, customer)).body.payload);
    expect(check[0]).toMatchObject({ problems: [], EdoNo: null, notes: [`Dòng 1: ${edoMessages.paperDo('MAE')}`] });
    const order = await save(d);
    await configureApprovalFor(t, order.OrderNo, true);
    expect((await payByCard(order.OrderNo)).status).toBe(200);
    expect(await orderOf(order.OrderNo)).toMatchObject({ order_status: 'P', paper_do: true });

    // Staff approve only what they have seen: the paper D/O attached (PDF, JPG or PNG by content, at most 5 MB).
    const approve = () => t.call(calls.orders.approveOrder, { OrderNo: order.OrderNo }, staff);
    expect(await approve().then((r) => [r.status, r.body.message])).toEqual([409, orderFileMessages.noPaperDo]);
    const queue = present((await t.call(calls.orders.loadAcceptOrders, { FindValue: order.OrderNo }, staff)).body.payload);
    expect(queue[0]).toMatchObject({ PaperDo: true, FileCount: 0 });
    const fake = await attach(order.OrderNo, { name: 'do.pdf', data: Buffer.from('not a pdf at all') });
    expect([fake.status, fake.body.message]).toEqual([400, 'Tệp "do.pdf" không đúng định dạng cho phép (.pdf, .jpg, .png).']);
    const big = await attach(order.OrderNo, { name: 'do.pdf', data: Buffer.concat([PDF, Buffer.alloc(5_000_001, 0x20)]) });
    expect([big.status, big.body.message]).toEqual([400, expect.stringMatching(/5 ?MB/)]);
    // Nobody else's: a customs officer holds no order entry.
    expect((await attach(order.OrderNo, { name: 'do.pdf', data: PDF }, await t.login('haiquan'))).status).toBe(403);
    const ok = await attach(order.OrderNo, { name: 'lenh-giao-hang.pdf', data: PDF });
    expect([ok.status, ok.body.message]).toEqual([200, orderFileMessages.attached('lenh-giao-hang.pdf', order.OrderNo)]);
    expect((await approve()).status).toBe(200);
    expect((await attach(order.OrderNo, { name: 'them.pdf', data: PDF })).body.message).toBe(orderFileMessages.closed);
  });
});

describe('revoking an eDO', () => {
  it('cancels the unpaid order against it (it cannot be paid) and the paid waiting one (money recorded for refund)', async () => {
    const edo = present((await issue({ ContainerNos: [E] })).body.data);
    const unpaid = await save(pickup([E]));
    const revoked = await t.call(calls.edo.revokeEdo, { EdoNo: edo.EdoNo, Reason: 'Khách chưa thanh toán cước' }, line);
    expect([revoked.status, revoked.body.message]).toEqual([200, edoMessages.revoked(edo.EdoNo)]);
    expect(await orderOf(unpaid.OrderNo)).toMatchObject({
      order_status: 'D',
      reject_reason: edoMessages.cancelledByRevoke(edo.EdoNo, 'Khách chưa thanh toán cước'),
    });
    const pay = await t.call(calls.payments.makeCardTransfer, { OrderNo: unpaid.OrderNo, ...card }, customer);
    expect(pay.status).toBeGreaterThanOrEqual(400);
    expect(pay.status).toBeLessThan(500);
    // The container is refused now, naming the revoked eDO.
    expect(await problems(pickup([E]))).toEqual([`Dòng 1: ${edoMessages.pickupRevoked(E, edo.EdoNo)}`]);

    const again = present((await issue({ ContainerNos: [E] })).body.data);
    const paid = await save(pickup([E]));
    await configureApprovalFor(t, paid.OrderNo, false);
    expect((await payByCard(paid.OrderNo)).status).toBe(200);
    expect((await orderOf(paid.OrderNo)).order_status).toBe('P');
    expect((await t.call(calls.edo.revokeEdo, { EdoNo: again.EdoNo, Reason: 'Sai người nhận' }, line)).status).toBe(200);
    expect((await orderOf(paid.OrderNo)).order_status).toBe('D');
    const [refund] = await t.sql<{ reason: string }>("select reason from payment_followups where order_no = $1 and kind = 'refund'", [
      paid.OrderNo,
    ]);
    expect(present(refund).reason).toBe('edo_revoked');
    const history = present((await t.call(calls.edo.edoHistory, { EdoNo: again.EdoNo }, line)).body.payload).map((h) => h.Kind);
    expect(history).toEqual(['issue', 'use', 'revoke', 'cancel']);
  });

  it('is refused once an approved order used it, naming the order; a revoked eDO cannot be revoked or amended again', async () => {
    const edo = present((await t.sql<{ edo_no: string }>('select edo_no from order_containers where container_no = $1', [A]))[0]).edo_no;
    const order = present(
      (await t.sql<{ order_no: string }>('select order_no from order_containers where container_no = $1', [A]))[0],
    ).order_no;
    await configureApprovalFor(t, order, true);
    expect((await payByCard(order)).status).toBe(200);
    expect((await orderOf(order)).order_status).toBe('C');
    const refused = await t.call(calls.edo.revokeEdo, { EdoNo: edo, Reason: 'x' }, line);
    expect([refused.status, refused.body.message]).toEqual([409, edoMessages.usedByApproved(edo, [order])]);
    expect(present((await t.call(calls.edo.listEdos, { FindValue: edo }, line)).body.payload)[0]?.Status).toBe('A');
    const e = present((await t.sql<{ edo_no: string }>("select edo_no from edos where status = 'R' limit 1"))[0]).edo_no;
    expect((await t.call(calls.edo.revokeEdo, { EdoNo: e, Reason: 'x' }, line)).body.message).toBe(edoMessages.notActive(e));
    expect((await t.call(calls.edo.amendEdo, { EdoNo: e, ValidUntil: day(9), Reason: 'x' }, line)).body.message).toBe(
      edoMessages.notActive(e),
    );
  });
});

describe('many eDOs from a sheet', () => {
  it('one bad row refuses the file naming it; good rows of one bill make one eDO', async () => {
    const bill = 'MEDUEDO2611020';
    const [x, y] = [box(270021), box(270022)];
    for (const no of [x, y]) await yard(no, { bl: bill });
    const row = (ContainerNo: string, over = {}) => ({
      TerminalCode: 'NDP',
      BLNo: bill,
      ConsigneeTaxCode: mine,
      ValidUntil: day(5),
      ContainerNo,
      ...over,
    });
    const bad = await t.call(calls.edo.importEdos, { rows: [row(x), row(y, { BLNo: 'NOPE123', ConsigneeTaxCode: other })] }, line);
    expect(bad.body).toMatchObject({ success: false, problems: [`Dòng 2: ${edoMessages.billEmpty('NOPE123', 'MSC', 'NDP')}`] });
    expect(await t.sql('select 1 from edo_containers where container_no = $1', [x])).toEqual([]);
    const good = await t.call(calls.edo.importEdos, { rows: [row(x), row(y)] }, line);
    expect(good.body).toMatchObject({ success: true, message: edoMessages.imported(1) });
    expect(present(good.body.payload)[0]?.containers.map((c) => c.ContainerNo)).toEqual([x, y]);
  });

  it("the line's containers list shows its boxes in its terminals with the eDO covering them", async () => {
    const list = present((await t.call(calls.edo.lineContainers, { FindValue: BILL }, line)).body.payload);
    expect(list.map((c) => c.ContainerNo).sort()).toEqual([A, B, C, D, E].sort());
    expect(list.find((c) => c.ContainerNo === B)?.EdoNo).toMatch(/^EDO/);
    expect(list.every((c) => c.TerminalCode === 'NDP' && c.CustomsHold === false)).toBe(true);
  });
});

describe('the demo data', () => {
  it("the demo bills are released to the demo customer by MSC's eDOs", async () => {
    const rows = await t.sql<{ bl_no: string; n: number }>(
      "select e.bl_no, count(*)::int n from edos e join edo_containers ec on ec.edo_no = e.edo_no where e.issued_by = 'hangtau' and e.note = 'eDO mẫu' group by 1 order by 1",
    );
    expect(rows).toEqual([
      { bl_no: demoYard.importBill, n: demoYard.imports.count },
      { bl_no: demoYard.reeferBill, n: demoYard.reefers.count },
      { bl_no: demoYard.heldBill, n: demoYard.held.statuses.length },
    ]);
  });
});

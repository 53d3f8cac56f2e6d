import { randomUUID } from 'node:crypto';
import {
  type CallInput,
  calls,
  containerNumber,
  customsHoldMessages,
  type OrderType,
  orderMessages,
  orderTypes,
  paymentMessages,
} from '@smartport/contract';
import {
  cardSimulator,
  customsSimulator,
  demoTosAccount,
  einvoiceSimulator,
  type HeldTosOrder,
  type RunningSimulator,
  startSimulator,
  tosSimulator,
} from '@smartport/simulators';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { demoYard } from '../../src/db/seed/port-containers.data';
import { createTestApp, present, type TestApp, vietnamese } from '../helpers/test-app';

// Spec 02 §2.1: each order type created in the guide's steps (containers, payer, charges, save), then paid
// through the payment partners or confirmed to be paid later; the approval config decides P or C.
let t: TestApp;
let sims: RunningSimulator[];
let tos: RunningSimulator;
const tosHolds = async (): Promise<HeldTosOrder[]> =>
  ((await (await fetch(`${tos.url}/_knobs/orders`)).json()) as { orders: HeldTosOrder[] }).orders;
let customer: string; // khachhang: customer C0000001 at NDP
let staff: string; // nhanvien: staff order grant, NDP NDV NHP
let shippingLine: string; // hangtau: no order entries, acts on nobody's orders
let officer: string; // haiquan: no task menu

const cntr = containerNumber;
const MSCU = (serial: number) => cntr('MSCU', serial);
const TGHU = (serial: number) => cntr('TGHU', serial);

/** Tomorrow 23:00 port time: storage of a pickup runs to that port day. */
const tomorrow = () => `${new Date(Date.now() + 7 * 3_600_000 + 86_400_000).toISOString().slice(0, 10)} 23:00`;

// The tariffs of this test at NDP (every other pricing rule of NDP removed): job modes by size, storage per day.
const PRICE = { 20: 300_000, 40: 500_000 } as const;
const STORAGE_PER_DAY = 20_000;
const VAT = 8;
const withVat = (amount: number) => amount + Math.round((amount * VAT) / 100);
const job = (size: 20 | 40) => withVat(PRICE[size]);
/** Storage of a demo-yard container picked up by an order expiring tomorrow: from its DateIn (N days ago) to tomorrow. */
const storage = (daysInYard: number) => withVat(STORAGE_PER_DAY * (daysInYard + 2));

let vesselAtNdp: string;
let yardVessel: string;

beforeAll(async () => {
  const card = await startSimulator(cardSimulator, 0);
  const einvoice = await startSimulator(einvoiceSimulator, 0);
  tos = await startSimulator(tosSimulator, 0);
  const customs = await startSimulator(customsSimulator, 0);
  sims = [card, einvoice, tos, customs];
  t = await createTestApp({
    jobs: { start: false },
    config: {
      simulators: { card: card.url, einvoice: einvoice.url, tos: tos.url, customs: customs.url },
      tosUser: demoTosAccount.user,
      tosPassword: demoTosAccount.pass,
    },
  });
  customer = await t.login('khachhang');
  staff = await t.login('nhanvien');
  shippingLine = await t.login('hangtau');
  officer = await t.login('haiquan');

  for (const table of [
    'standard_tariffs',
    'contract_tariffs',
    'tariff_surcharges',
    'attach_configs',
    'free_day_rules',
    'reefer_configs',
    'holiday_periods',
  ])
    await t.sql(`delete from ${table} where terminal_code = 'NDP'`);
  const modes = await t.sql<{ job_mode_code: string }>('select job_mode_code from job_modes');
  for (const { job_mode_code: jm } of modes)
    for (const size of [20, 40] as const)
      await t.sql(
        `insert into standard_tariffs (terminal_code, tariff_code, tariff_name, charge_kind, job_mode_code, cont_size, unit_price, vat_rate, apply_date, expire_date)
         values ('NDP', $1, $2, 'job', $3, $4, $5, $6, now() - interval '30 days', now() + interval '365 days')`,
        [`T-${jm}-${size}`, `Cước ${jm} ${size}`, jm, String(size), PRICE[size], VAT],
      );
  await t.sql(
    `insert into standard_tariffs (terminal_code, tariff_code, tariff_name, charge_kind, unit_price, vat_rate, apply_date, expire_date)
     values ('NDP', 'T-LUUBAI', 'Lưu bãi', 'storage', $1, $2, now() - interval '30 days', now() + interval '365 days')`,
    [STORAGE_PER_DAY, VAT],
  );
  // The TOS knows this test's tariff codes ('Mapping mã biểu cước'), so approved orders reach it.
  await t.sql(
    `insert into tariff_mappings (tariff_code, tos_tariff_code) select distinct tariff_code, 'TOS-' || tariff_code
       from standard_tariffs where terminal_code = 'NDP' and tariff_code like 'T-%' on conflict do nothing`,
  );
  vesselAtNdp = present((await t.sql<{ k: string }>("select vessel_key k from vessel_voyages where terminal_code = 'NDP' limit 1"))[0]).k;
  yardVessel = present(
    (await t.sql<{ k: string }>('select vessel_key k from port_containers where container_no = $1', [MSCU(261001)]))[0],
  ).k;
}, 180_000);
afterAll(async () => {
  await t?.close();
  for (const s of sims ?? []) await s.close();
});

type Draft = CallInput<typeof calls.orders.saveOrder>;

function draft(type: OrderType, containers: Draft['containers'], over: Partial<Draft> = {}): Draft {
  const def = orderTypes[type];
  return {
    OrderType: type,
    TerminalCode: 'NDP',
    JobModeCode: def.jobModes[0] as string,
    OperationCode: 'MSC',
    VesselKey: def.vesselRequired ? (type === 'import_pickup' ? yardVessel : vesselAtNdp) : null,
    BLNo: def.document === 'BookingNo' ? null : demoYard.importBill,
    BookingNo: def.document === 'BLNo' ? null : 'MSCB2611001',
    ExpDate: tomorrow(),
    AttachServices: [],
    containers,
    CustomerCode: 'C0000001',
    TotalAmount: 0,
    ...over,
  };
}

async function createOrder(d: Draft, token = customer) {
  const check = await t.call(calls.orders.checkContainers, d, token);
  expect(check.status, check.raw).toBe(200);
  expect(present(check.body.payload).flatMap((r) => r.problems)).toEqual([]);
  const priced = await t.call(calls.orders.calculateCharges, d, token);
  expect(priced.status, priced.raw).toBe(200);
  const charges = present(priced.body.data);
  const saved = await t.call(calls.orders.saveOrder, { ...d, TotalAmount: charges.TotalAmount, ClientKey: randomUUID() }, token);
  expect(saved.status, saved.raw).toBe(200);
  expect(saved.body.message).toBe(orderMessages.saved);
  return { charges, order: present(saved.body.data) };
}

const card = { cardNumber: '9704180000123456', cardDate: '03/24', cardName: 'NGUYEN VAN A' };
async function payByCard(OrderNo: string, token = customer) {
  const start = await t.call(calls.payments.makeCardTransfer, { OrderNo, ...card }, token);
  expect(start.status, start.raw).toBe(200);
  return t.call(calls.payments.confirmCardTransfer, { otp: '123456', clientMessageId: present(start.body.data).clientMessageId }, token);
}

const orderRow = async (orderNo: string) =>
  present(
    (
      await t.sql<{
        order_status: string;
        order_type: string;
        money_credit: string;
        amount: number;
        vat_amount: number;
        total_amount: number;
      }>(
        `select order_status, order_type, money_credit, amount::float8 amount, vat_amount::float8 vat_amount, total_amount::float8 total_amount
           from orders where order_no = $1`,
        [orderNo],
      )
    )[0],
  );

describe('the yard decides what a container is, whatever the client typed', () => {
  const big = MSCU(261002); // 45G1 in the demo yard, MSC's, on the import bill
  const reefer = MSCU(261101); // 22R1 full reefer, on the reefer bill

  it("a typed size that differs from the yard's is refused naming the yard's, at check, pricing and save", async () => {
    const d = draft('import_pickup', [{ ContainerNo: big, IsoSizetype: '22G1' }]);
    const refusal = `Dòng 1: Kích cỡ của container ${big} trong bãi là 45G1, không phải 22G1`;
    const check = await t.call(calls.orders.checkContainers, d, customer);
    expect(present(check.body.payload)[0]).toMatchObject({ IsoSizetype: '45G1', FromYard: true, problems: [refusal] });
    const priced = await t.call(calls.orders.calculateCharges, d, customer);
    const refused = `${orderMessages.containersInvalid}. ${refusal}`;
    expect([priced.status, priced.body.message]).toEqual([400, refused]);
    const saved = await t.call(calls.orders.saveOrder, { ...d, TotalAmount: job(20), ClientKey: randomUUID() }, customer);
    expect([saved.status, saved.body.message]).toEqual([400, refused]);
    // Left to the yard, the box is priced as the 40' it is.
    const yard = await t.call(calls.orders.calculateCharges, draft('import_pickup', [{ ContainerNo: big, IsoSizetype: '' }]), customer);
    expect(present(yard.body.data).TotalAmount).toBe(job(40) + storage(demoYard.imports.days));
  });

  it("a reefer typed as dry cargo is refused naming the yard's 22R1 and RF", async () => {
    const d = draft('import_pickup', [{ ContainerNo: reefer, IsoSizetype: '22G1', CargoTypeCode: 'GP', Temperature: -18 }], {
      BLNo: demoYard.reeferBill,
    });
    const check = await t.call(calls.orders.checkContainers, d, customer);
    expect(present(check.body.payload)[0]?.problems).toEqual([
      `Dòng 1: Kích cỡ của container ${reefer} trong bãi là 22R1, không phải 22G1`,
      `Dòng 1: Loại hàng của container ${reefer} trong bãi là RF, không phải GP`,
    ]);
  });

  it("another line named for the yard's MSC container is refused: its contract and free days never apply", async () => {
    const d = draft('import_pickup', [{ ContainerNo: big, IsoSizetype: '' }], { OperationCode: 'MAE' });
    const priced = await t.call(calls.orders.calculateCharges, d, customer);
    expect([priced.status, priced.body.message]).toEqual([
      400,
      `${orderMessages.containersInvalid}. Dòng 1: Container ${big} trong bãi thuộc hãng MSC, không phải hãng MAE`,
    ]);
  });
});

describe('customs holds (spec 02 §4): foreign goods leave only once customs releases them', () => {
  const [unanswered, refused, waiting] = demoYard.held.statuses.map((_, i) => MSCU(demoYard.held.from + i)) as [string, string, string];
  const heldDraft = (containers: Draft['containers']) => draft('import_pickup', containers, { BLNo: demoYard.heldBill });
  const state = async (orderNo: string) =>
    present(
      (
        await t.sql<{ order_status: string; customs_wait: boolean; tos_status: string; approved_by: string | null }>(
          'select order_status, customs_wait, tos_status, approved_by from orders where order_no = $1',
          [orderNo],
        )
      )[0],
    );
  const scan367 = (declareNo: string) =>
    t.call(calls.customs.reqAciss, { requestType: 367, requestData: [{ declareNo, office: '03EE' }] }, customer);
  async function until<T>(read: () => Promise<T>, ok: (v: T) => boolean): Promise<T> {
    const end = Date.now() + 10_000;
    for (;;) {
      const v = await read();
      if (ok(v) || Date.now() > end) return v;
      await new Promise((r) => setTimeout(r, 100));
    }
  }

  it('a held container is ordered with a note, paid, and waits in Duyệt lệnh: staff cannot approve it, the TOS never hears of it', async () => {
    const d = heldDraft([{ ContainerNo: refused, IsoSizetype: '' }]);
    const check = await t.call(calls.orders.checkContainers, d, customer);
    expect(present(check.body.payload)[0]).toMatchObject({
      CusHold: true,
      IsLocalForeign: 'F',
      problems: [],
      notes: [customsHoldMessages.note(1, refused, 'NA')],
    });
    expect(present(check.body.payload)[0]?.notes[0]).toBe(
      `Dòng 1: Container ${refused} chưa thanh lý hải quan (trạng thái Không đủ điều kiện qua khu vực giám sát): lệnh chờ duyệt, chỉ được duyệt và giao cho cảng khi hải quan thông quan.`,
    );
    const { order } = await createOrder(d);
    const paid = await payByCard(order.OrderNo);
    expect(paid.status, paid.raw).toBe(200);
    expect(await state(order.OrderNo)).toMatchObject({ order_status: 'P', customs_wait: true, tos_status: 'none' });

    const queue = await t.call(calls.orders.loadAcceptOrders, { OrderStatus: 'P', FindValue: order.OrderNo }, staff);
    expect(present(queue.body.payload).find((r) => r.OrderNo === order.OrderNo)?.CustomsHeld).toEqual([refused]);
    const approve = await t.call(calls.orders.approveOrder, { OrderNo: order.OrderNo }, staff);
    expect([approve.status, approve.body.message]).toEqual([409, customsHoldMessages.approveRefused([refused])]);
    expect(approve.body.message).toBe(
      `Không duyệt được: container ${refused} chưa thanh lý hải quan. Lệnh chờ đến khi hải quan thông quan.`,
    );
    expect(await state(order.OrderNo)).toMatchObject({ order_status: 'P', tos_status: 'none' });
    expect((await tosHolds()).some((h) => JSON.stringify(h).includes(refused))).toBe(false);
  });

  it("the yard's foreign goods cannot be typed as local to escape the hold", async () => {
    const check = await t.call(
      calls.orders.checkContainers,
      heldDraft([{ ContainerNo: waiting, IsoSizetype: '', IsLocalForeign: 'L' }]),
      customer,
    );
    expect(present(check.body.payload)[0]?.problems).toEqual([
      `Dòng 1: Container ${waiting} trong bãi là hàng ngoại (F), không phải hàng nội (L)`,
    ]);
  });

  it("customs' release (a 367 answer) reaches the yard: the waiting order goes on by itself to C and the TOS; a container still held keeps its order waiting", async () => {
    const released = await createOrder(heldDraft([{ ContainerNo: unanswered, IsoSizetype: '' }]));
    const stillHeld = await createOrder(heldDraft([{ ContainerNo: waiting, IsoSizetype: '' }]));
    for (const o of [released.order, stillHeld.order]) expect((await payByCard(o.OrderNo)).status).toBe(200);
    expect(await state(released.order.OrderNo)).toMatchObject({ order_status: 'P', customs_wait: true });

    // 107261120100 / 03EE: TQ for 261201 and 261202; 107261120200 / 03EE: NA for 261203.
    expect((await scan367('107261120100')).status).toBe(200);
    expect((await scan367('107261120200')).status).toBe(200);
    const yard = await t.sql<{ container_no: string; customs_status: string; customs_declare_no: string }>(
      'select container_no, customs_status, customs_declare_no from port_containers where container_no = any($1) order by 1',
      [[unanswered, refused, waiting]],
    );
    expect(yard).toEqual([
      { container_no: unanswered, customs_status: 'TQ', customs_declare_no: '107261120100' },
      { container_no: refused, customs_status: 'TQ', customs_declare_no: '107261120100' },
      { container_no: waiting, customs_status: 'NA', customs_declare_no: '107261120200' },
    ]);
    const after = await until(
      () => state(released.order.OrderNo),
      (s) => s.order_status === 'C' && s.tos_status !== 'pending',
    );
    expect(after).toMatchObject({ order_status: 'C', customs_wait: false, approved_by: null, tos_status: 'sent' });
    expect(await state(stillHeld.order.OrderNo)).toMatchObject({ order_status: 'P', customs_wait: true });
    const approve = await t.call(calls.orders.approveOrder, { OrderNo: stillHeld.order.OrderNo }, staff);
    expect([approve.status, approve.body.message]).toEqual([409, customsHoldMessages.approveRefused([waiting])]);
  });

  it('a credit order confirmed to be paid later waits for customs too (P, customs_wait), whatever the approval config says', async () => {
    const box = MSCU(261299);
    await t.sql(
      `insert into port_containers (terminal_code, container_no, class_code, iso_sizetype, operation_code, fe, cargo_type_code, date_in,
         vessel_key, bl_no, container_status_code, is_local_foreign, customs_status)
       values ('NDP', $1, '1', '22G1', 'MSC', 'F', 'GP', now() - interval '3 days', $2, $3, 'S', 'F', 'KHH')`,
      [box, yardVessel, demoYard.heldBill],
    );
    // MSC releases it to the credit customer by eDO.
    const [credit] = await t.sql<{ tax_code: string }>("select tax_code from customers where customer_code = 'C0000005'");
    const edo = await t.call(
      calls.edo.issueEdo,
      {
        TerminalCode: 'NDP',
        BLNo: demoYard.heldBill,
        ConsigneeTaxCode: present(credit).tax_code,
        ValidUntil: tomorrow().slice(0, 10),
        ContainerNos: [box],
      },
      shippingLine,
    );
    expect(edo.status, edo.raw).toBe(200);
    const { order } = await createOrder({ ...heldDraft([{ ContainerNo: box, IsoSizetype: '' }]), CustomerCode: 'C0000005' }, staff);
    const res = await t.call(calls.orders.confirmPayLater, { OrderNo: order.OrderNo }, staff);
    expect(res.body).toMatchObject({ success: true, message: orderMessages.waitingApproval, data: { OrderStatus: 'P' } });
    expect(await state(order.OrderNo)).toMatchObject({ order_status: 'P', customs_wait: true, tos_status: 'none' });
  });

  it('a container customs released is not held any more: a new order of it carries no note', async () => {
    const check = await t.call(calls.orders.checkContainers, heldDraft([{ ContainerNo: refused, IsoSizetype: '' }]), customer);
    expect(present(check.body.payload)[0]).toMatchObject({ CusHold: false, notes: [] });
  });
});

describe('each order type: checked, priced by the tariff, saved (A), paid by card (C)', () => {
  const cases: { type: OrderType; containers: Draft['containers']; total: number }[] = [
    {
      type: 'fcl_pre_advice',
      containers: [
        { ContainerNo: TGHU(263001), IsoSizetype: '22G1', MCWeight: 12_000 },
        { ContainerNo: TGHU(263002), IsoSizetype: '45G1' },
      ],
      total: job(20) + job(40),
    },
    { type: 'pre_advice', containers: [{ ContainerNo: TGHU(263003), IsoSizetype: '22G1' }], total: job(20) },
    {
      type: 'icd_pre_advice',
      containers: [
        { ContainerNo: TGHU(263004), IsoSizetype: '22G1', FE: 'F' },
        { ContainerNo: TGHU(263005), IsoSizetype: '45G1', FE: 'E' },
      ],
      total: job(20) + job(40),
    },
    {
      type: 'import_pickup',
      containers: [
        { ContainerNo: MSCU(261001), IsoSizetype: '22G1' },
        { ContainerNo: MSCU(261002), IsoSizetype: '' },
      ],
      total: job(20) + job(40) + 2 * storage(demoYard.imports.days),
    },
    {
      type: 'empty_pickup',
      containers: [{ ContainerNo: MSCU(262001), IsoSizetype: '22G1' }],
      total: job(20) + storage(demoYard.empties.days),
    },
    { type: 'stuffing', containers: [{ ContainerNo: MSCU(262002), IsoSizetype: '22G1' }], total: job(20) },
    { type: 'unstuffing', containers: [{ ContainerNo: MSCU(261003), IsoSizetype: '22G1' }], total: job(20) },
    { type: 'service', containers: [{ ContainerNo: MSCU(261004), IsoSizetype: '45G1' }], total: job(40) },
  ];

  for (const c of cases) {
    it(`${c.type} (${orderTypes[c.type].title})`, async () => {
      const { charges, order } = await createOrder(draft(c.type, c.containers));
      expect(charges.TotalAmount).toBe(c.total);
      expect(charges.Amount + charges.VatAmount).toBe(charges.TotalAmount);
      expect(charges.lines.reduce((s, l) => s + l.Total, 0)).toBe(c.total);
      // Order number and PIN in the demo's format.
      expect(order.OrderNo).toMatch(/^NDP\d{6}\d{7}$/);
      expect(order.PinCode).toMatch(/^\d{11}-\d{2}$/);
      expect(order).toMatchObject({ TotalAmount: c.total, MoneyCredit: 'M', OrderStatus: 'A' });
      expect(await orderRow(order.OrderNo)).toEqual({
        order_status: 'A',
        order_type: c.type,
        money_credit: 'M',
        amount: charges.Amount,
        vat_amount: charges.VatAmount,
        total_amount: c.total,
      });
      // The saved containers carry their own lines' total; the charges are kept line by line.
      const saved = await t.sql<{ container_no: string; amount: number; teu: number; date_in: Date | null }>(
        'select container_no, amount::float8 amount, teu, date_in from order_containers where order_no = $1 order by container_no',
        [order.OrderNo],
      );
      expect(saved).toHaveLength(c.containers.length);
      for (const s of saved)
        expect(s.amount).toBe(charges.lines.filter((l) => l.ContainerNo === s.container_no).reduce((n, l) => n + l.Total, 0));
      if (orderTypes[c.type].direction !== 'in') for (const s of saved) expect(s.date_in).not.toBeNull();
      const lines = await t.sql<{ n: number }>('select count(*)::int n from order_charges where order_no = $1', [order.OrderNo]);
      expect(lines[0]?.n).toBe(charges.lines.length);

      // The home page's pending list shows it; the payment flow takes it (demo approval config: no approval → C).
      const pending = await t.call(calls.home.dashboardTracking, {}, customer);
      expect(present(pending.body.payload).some((r) => r.OrderNo === order.OrderNo)).toBe(true);
      const paid = await payByCard(order.OrderNo);
      expect(paid.status, paid.raw).toBe(200);
      expect(paid.body.message).toBe(paymentMessages.paid);

      const detail = await t.call(calls.orders.getOrder, { OrderNo: order.OrderNo }, customer);
      expect(detail.status, detail.raw).toBe(200);
      const d = present(detail.body.data);
      expect(d).toMatchObject({ OrderNo: order.OrderNo, OrderType: c.type, OrderStatus: 'C', TotalAmount: c.total });
      // Approved: the TOS simulator holds the order with the TOS's job and tariff codes.
      await expect
        .poll(async () => present((await t.call(calls.orders.getOrder, { OrderNo: order.OrderNo }, customer)).body.data).TosStatus)
        .toBe('sent');
      const held = (await tosHolds()).find((h) => h.orderNo === order.OrderNo);
      expect(held?.containers.map((x) => x.containerNo).sort()).toEqual(c.containers.map((x) => x.ContainerNo).sort());
      expect(held?.charges.every((ch) => ch.tariffCode.startsWith('TOS-T-'))).toBe(true);
      expect(d.ord_url).toMatch(/^\/order\//);
      expect(d.charges.map((l) => l.Total)).toEqual(charges.lines.map((l) => l.Total));
      expect(d.containers.map((x) => x.ContainerNo).sort()).toEqual(c.containers.map((x) => x.ContainerNo).sort());
    });
  }

  it('the statistics rollups count the new orders (stats_order_delta fed by the same triggers)', async () => {
    const [facts] = await t.sql<{ n: number; teus: number }>(
      'select count(*)::int n, sum(total_teus)::int teus from stats_order_facts where order_no in (select order_no from orders where order_type is not null)',
    );
    const [raw] = await t.sql<{ n: number; teus: number }>(
      `select count(distinct o.order_no)::int n, sum(c.teu)::int teus from orders o join order_containers c on c.order_no = o.order_no
        where o.order_type is not null`,
    );
    expect(facts).toEqual(raw);
    const [delta] = await t.sql<{ n: number }>('select count(*)::int n from stats_order_delta');
    expect(delta?.n).toBe(0);
  });
});

describe('containers refused with a message naming the row', () => {
  it('checkContainers answers 200 with the problems; calculate refuses (400) naming the first one', async () => {
    const bad = TGHU(263020);
    const wrong = `${bad.slice(0, 10)}${(Number(bad[10]) + 1) % 10}`;
    const d = draft('fcl_pre_advice', [
      { ContainerNo: TGHU(263021), IsoSizetype: '22G1' },
      { ContainerNo: wrong, IsoSizetype: '22G1' },
      { ContainerNo: MSCU(261010), IsoSizetype: '22G1' },
    ]);
    const check = await t.call(calls.orders.checkContainers, d, customer);
    expect(check.status, check.raw).toBe(200);
    const rows = present(check.body.payload);
    expect(rows[0]?.problems).toEqual([]);
    expect(rows[1]?.problems[0]).toMatch(/^Dòng 2: .*sai số kiểm tra/);
    expect(rows[2]?.problems[0]).toBe(`Dòng 3: Container ${MSCU(261010)} đang có trong bãi cảng NDP`);
    const priced = await t.call(calls.orders.calculateCharges, d, customer);
    expect(priced.status).toBe(400);
    expect(priced.body.message).toContain(orderMessages.containersInvalid);
    expect(priced.body.message).toContain('Dòng 2:');
  });

  it('a container already in a live order is refused naming that PIN; pickups only from the yard, on the bill', async () => {
    const pin = present(
      (
        await t.sql<{ p: string }>(
          "select split_part(o.pin_code, '-', 1) p from orders o join order_containers c using (order_no) where c.container_no = $1",
          [MSCU(261001)],
        )
      )[0],
    ).p;
    const d = draft('import_pickup', [
      { ContainerNo: MSCU(261001), IsoSizetype: '22G1' },
      { ContainerNo: MSCU(261101), IsoSizetype: '22R1', Temperature: -18 },
      { ContainerNo: TGHU(263030), IsoSizetype: '22G1' },
    ]);
    const rows = present((await t.call(calls.orders.checkContainers, d, customer)).body.payload);
    expect(rows[0]?.problems).toEqual([`Dòng 1: Container ${MSCU(261001)} đã có trong lệnh PIN ${pin} còn hiệu lực`]);
    expect(rows[1]?.problems).toEqual([`Dòng 2: Container ${MSCU(261101)} không thuộc vận đơn ${demoYard.importBill}`]);
    expect(rows[2]?.problems).toEqual([`Dòng 3: Container ${TGHU(263030)} không có trong bãi cảng NDP`]);
  });

  it("the operator's own size code (size-type config), and the terminal's dangerous-goods list for drop-offs", async () => {
    await t.sql("insert into size_types (operation_code, local_sizetype, iso_sizetype) values ('MSC', '20DC', '22G1')");
    await t.sql("insert into imo_alerts (terminal_code, class, unno, alert_msg) values ('NDP', '3', '1263', 'Xếp khu hàng nguy hiểm C')");
    const d = draft('fcl_pre_advice', [
      { ContainerNo: TGHU(263070), IsoSizetype: '20DC' },
      { ContainerNo: TGHU(263071), IsoSizetype: '22G1', CargoTypeCode: 'DG', Class: '3', Unno: '1263' },
      { ContainerNo: TGHU(263072), IsoSizetype: '22G1', CargoTypeCode: 'DG', Class: '3', Unno: '1993' },
    ]);
    const rows = present((await t.call(calls.orders.checkContainers, d, customer)).body.payload);
    expect(rows[0]).toMatchObject({ IsoSizetype: '22G1', LocalSizetype: '20DC', Teu: 1, problems: [] });
    expect(rows[1]).toMatchObject({ problems: [], notes: ['Dòng 2: Xếp khu hàng nguy hiểm C'] });
    expect(rows[2]?.problems).toEqual(['Dòng 3: Hàng nguy hiểm lớp 3, UN 1993 không có trong danh mục được phép hạ tại cảng NDP']);
  });

  it('terminal flag ImportPickupAllCont: an import pickup lists every container of the bill still in the yard', async () => {
    await t.sql(
      `insert into system_settings (key, value) values ('form:terminal_config:NDP', '{"ImportPickupAllCont": 1}'::jsonb)
       on conflict (key) do update set value = system_settings.value || '{"ImportPickupAllCont": 1}'::jsonb`,
    );
    try {
      const d = draft('import_pickup', [{ ContainerNo: MSCU(261005), IsoSizetype: '22G1' }]);
      const rows = present((await t.call(calls.orders.checkContainers, d, customer)).body.payload);
      expect(rows[0]?.problems[0]).toMatch(
        new RegExp(
          `^Dòng 1: Cảng yêu cầu lấy tất cả container của vận đơn còn trong bãi; còn thiếu ${demoYard.imports.count - 1} container: ${MSCU(261001)}, `,
        ),
      );
    } finally {
      await t.sql(`update system_settings set value = value || '{"ImportPickupAllCont": 0}'::jsonb where key = 'form:terminal_config:NDP'`);
    }
  });

  it('a bad header is a 400 in the screen order: vessel, document, expiry', async () => {
    const rows = [{ ContainerNo: TGHU(263031), IsoSizetype: '22G1' }];
    const cases: [Partial<Draft>, string][] = [
      [{ VesselKey: null }, orderMessages.noVessel],
      [{ BookingNo: null }, orderMessages.noBooking],
      [{ ExpDate: '2020-01-01 10:00' }, orderMessages.expPast],
      [{ ExpDate: '2099-01-01 10:00' }, orderMessages.expTooFar],
      [{ JobModeCode: 'CAPR' }, 'Phương án CAPR không dùng cho loại lệnh "Hạ container hàng"'],
    ];
    for (const [over, message] of cases) {
      const res = await t.call(calls.orders.checkContainers, draft('fcl_pre_advice', rows, over), customer);
      expect(res.status, JSON.stringify(over)).toBe(400);
      expect(res.body.message).toBe(message);
    }
  });
});

describe('who may create which order', () => {
  const rows = [{ ContainerNo: TGHU(263040), IsoSizetype: '22G1' }];

  it('a group without any task menu: 403 at the call; a type the group lacks: 403 naming it', async () => {
    const none = await t.call(calls.orders.checkContainers, draft('fcl_pre_advice', rows), officer);
    expect(none.status).toBe(403);
    // A group holding one order type's entry only (the pre-advice).
    await t.addUser({ UserID: 'kt_hara', UserGroupCode: 'KT_HARA', password: 'Kiem@Tra1', grants: ['HOME', 'TASK_PRE_ADVICE'] });
    const lacks = await t.call(
      calls.orders.checkContainers,
      draft('import_pickup', [{ ContainerNo: MSCU(261020), IsoSizetype: '22G1' }]),
      await t.login('kt_hara', 'Kiem@Tra1'),
    );
    expect(lacks.status).toBe(403);
    expect(lacks.body.message).toBe('Bạn không có quyền tạo lệnh "Lấy nguyên container".');
    expect(lacks.body.message).toMatch(vietnamese);
  });

  it('a shipping line acts on nobody’s orders: no order entry in its menu, every order call and the payer look-up 403', async () => {
    const menu = await t.call(calls.shell.getMenu, {}, shippingLine);
    expect(JSON.stringify(menu.body)).not.toMatch(/TASK_/);
    const d = draft('pre_advice', rows);
    for (const call of [calls.orders.checkContainers, calls.orders.calculateCharges, calls.orders.saveOrder])
      expect((await t.call(call, d, shippingLine)).status).toBe(403);
    // A payer's name, address and e-mail are not for a caller who orders for nobody.
    const tax = present((await t.sql<{ tax_code: string }>("select tax_code from customers where customer_code = 'C0000001'"))[0]);
    const lookup = await t.call(calls.orders.loadPayer, { TaxCode: tax.tax_code }, shippingLine);
    expect(lookup.status).toBe(403);
    expect(lookup.raw).not.toContain(tax.tax_code);
  });

  it('a customer pays for itself only; the payer is found by tax code', async () => {
    const other = await t.call(calls.orders.calculateCharges, draft('pre_advice', rows, { CustomerCode: 'C0000002' }), customer);
    expect(other.status).toBe(403);
    const [own] = await t.sql<{ tax_code: string }>("select tax_code from customers where customer_code = 'C0000001'");
    const found = await t.call(calls.orders.loadPayer, { TaxCode: present(own).tax_code }, customer);
    expect(found.status, found.raw).toBe(200);
    expect(present(found.body.payload).map((p) => p.CustomerCode)).toEqual(['C0000001']);
    const [theirs] = await t.sql<{ tax_code: string }>("select tax_code from customers where customer_code = 'C0000002'");
    const hidden = await t.call(calls.orders.loadPayer, { TaxCode: present(theirs).tax_code }, customer);
    expect(hidden.status).toBe(404);
    expect(hidden.body).toMatchObject({ success: false, message: orderMessages.payerNotFound });
    const staffSees = await t.call(calls.orders.loadPayer, { TaxCode: present(theirs).tax_code }, staff);
    expect(present(staffSees.body.payload).map((p) => p.CustomerCode)).toContain('C0000002');
  });

  it("another customer's order is not found (404), for the detail and for pay later", async () => {
    const [row] = await t.sql<{ order_no: string }>(
      "select order_no from orders where terminal_code = 'NDP' and customer_code <> 'C0000001' limit 1",
    );
    const orderNo = present(row).order_no;
    expect((await t.call(calls.orders.getOrder, { OrderNo: orderNo }, customer)).status).toBe(404);
    expect((await t.call(calls.orders.confirmPayLater, { OrderNo: orderNo }, customer)).status).toBe(404);
    expect((await t.call(calls.orders.getOrder, { OrderNo: orderNo }, staff)).status).toBe(200);
  });
});

describe('saving', () => {
  it('refuses (409) a total other than the new price: the tariff changed after the charges were shown', async () => {
    const d = draft('pre_advice', [{ ContainerNo: TGHU(263050), IsoSizetype: '22G1' }]);
    const priced = present((await t.call(calls.orders.calculateCharges, d, customer)).body.data);
    await t.sql("update standard_tariffs set unit_price = unit_price + 1000 where tariff_code = 'T-TRAR-20'");
    try {
      const res = await t.call(calls.orders.saveOrder, { ...d, TotalAmount: priced.TotalAmount }, customer);
      expect(res.status).toBe(409);
      expect(res.body.message).toBe(orderMessages.priceChanged);
      const again = present((await t.call(calls.orders.calculateCharges, d, customer)).body.data);
      expect(again.TotalAmount).toBe(priced.TotalAmount + withVat(1000));
    } finally {
      await t.sql("update standard_tariffs set unit_price = unit_price - 1000 where tariff_code = 'T-TRAR-20'");
    }
  });

  it('two parallel saves of one draft (same ClientKey) make one order', async () => {
    const d = draft('pre_advice', [{ ContainerNo: TGHU(263051), IsoSizetype: '22G1' }]);
    const priced = present((await t.call(calls.orders.calculateCharges, d, customer)).body.data);
    const body = { ...d, TotalAmount: priced.TotalAmount, ClientKey: randomUUID() };
    const [a, b] = await Promise.all([t.call(calls.orders.saveOrder, body, customer), t.call(calls.orders.saveOrder, body, customer)]);
    expect([a.status, b.status]).toEqual([200, 200]);
    expect(present(a.body.data).OrderNo).toBe(present(b.body.data).OrderNo);
    const n = await t.sql<{ n: number }>('select count(*)::int n from orders where client_key = $1', [body.ClientKey]);
    expect(n[0]?.n).toBe(1);
    // A later replay answers the same order too.
    const replay = await t.call(calls.orders.saveOrder, body, customer);
    expect(present(replay.body.data).OrderNo).toBe(present(a.body.data).OrderNo);
  });

  it('two parallel saves without a ClientKey: the containers go to one order, the other save is refused naming its PIN', async () => {
    const no = TGHU(263054);
    const d = draft('pre_advice', [{ ContainerNo: no, IsoSizetype: '22G1' }]);
    const priced = present((await t.call(calls.orders.calculateCharges, d, customer)).body.data);
    const body = { ...d, TotalAmount: priced.TotalAmount };
    const results = await Promise.all([t.call(calls.orders.saveOrder, body, customer), t.call(calls.orders.saveOrder, body, customer)]);
    // The later one is refused by the check (400) when the first one had committed, else by the save's own guard (409).
    const won = present(results.find((r) => r.status === 200)?.body.data);
    const lost = present(results.find((r) => r.status !== 200));
    expect([400, 409]).toContain(lost.status);
    expect(lost.body.message).toContain(`Dòng 1: Container ${no} đã có trong lệnh PIN ${won.PinCode.split('-')[0]} còn hiệu lực`);
    const n = await t.sql<{ n: number }>('select count(*)::int n from order_containers where container_no = $1', [no]);
    expect(n[0]?.n).toBe(1);
  });

  it('order numbers of one terminal and day follow each other', async () => {
    const a = (await createOrder(draft('pre_advice', [{ ContainerNo: TGHU(263052), IsoSizetype: '22G1' }]))).order.OrderNo;
    const b = (await createOrder(draft('pre_advice', [{ ContainerNo: TGHU(263053), IsoSizetype: '22G1' }]))).order.OrderNo;
    expect(b.slice(0, 9)).toBe(a.slice(0, 9));
    expect(Number(b.slice(9))).toBe(Number(a.slice(9)) + 1);
  });
});

describe('pay later (credit customer C0000005): the approval config decides P or C', () => {
  const credit = 'C0000005';

  it('approved at once (C) where no approval is needed; a replay changes nothing', async () => {
    const { order } = await createOrder(
      draft('fcl_pre_advice', [{ ContainerNo: TGHU(263060), IsoSizetype: '22G1' }], { CustomerCode: credit }),
      staff,
    );
    expect(order.MoneyCredit).toBe('C');
    const res = await t.call(calls.orders.confirmPayLater, { OrderNo: order.OrderNo }, staff);
    expect(res.status, res.raw).toBe(200);
    expect(res.body).toMatchObject({ success: true, message: orderMessages.confirmed, data: { OrderStatus: 'C' } });
    expect((await orderRow(order.OrderNo)).order_status).toBe('C');
    const again = await t.call(calls.orders.confirmPayLater, { OrderNo: order.OrderNo }, staff);
    expect(again.body).toMatchObject({ success: true, data: { OrderStatus: 'C' } });
  });

  it('waits for staff (P) where the config says approval is needed', async () => {
    await t.sql(
      `insert into approval_configs (terminal_code, job_mode_code, operation_code, customer_code, money_credit, from_date, to_date, is_approval, is_un_approval)
       values ('NDP', 'TRAR', '*', $1, '*', now() - interval '1 day', now() + interval '30 days', true, false)`,
      [credit],
    );
    const { order } = await createOrder(
      draft('pre_advice', [{ ContainerNo: TGHU(263061), IsoSizetype: '22G1' }], { CustomerCode: credit }),
      staff,
    );
    const res = await t.call(calls.orders.confirmPayLater, { OrderNo: order.OrderNo }, staff);
    expect(res.body).toMatchObject({ success: true, message: orderMessages.waitingApproval, data: { OrderStatus: 'P' } });
    expect((await orderRow(order.OrderNo)).order_status).toBe('P');
  });

  it('a customer who pays now cannot confirm pay later', async () => {
    const { order } = await createOrder(draft('pre_advice', [{ ContainerNo: TGHU(263062), IsoSizetype: '22G1' }]));
    const res = await t.call(calls.orders.confirmPayLater, { OrderNo: order.OrderNo }, customer);
    expect(res.status).toBe(400);
    expect(res.body.message).toBe(orderMessages.notCredit);
  });
});

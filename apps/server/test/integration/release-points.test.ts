import { calls } from '@smartport/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { pickReleasePoint } from '../../src/modules/admin/release-points';
import { createTestApp, present, type TestApp } from '../helpers/test-app';

/**
 * Release points by block ('Cấu hình điểm thu phí theo block') act: the yard block of each container of an order picks
 * the enabled release point whose block prefixes include it; the order detail, the public order page (the gate pass)
 * and the draft invoice say where the truck's papers are released; a disabled point is skipped at once.
 */
let t: TestApp;
let admin: string;
let customer: string;
const orderNo = 'NDP1001019900777';
// Far from the demo yard's numbers: A01 block, B02 block, and one the yard has no block for.
const boxes = { a: 'RPTU1000001', b: 'RPTU1000002', none: 'RPTU1000003' };

beforeAll(async () => {
  t = await createTestApp({ jobs: { start: false } });
  admin = await t.login('admin');
  customer = await t.login('khachhang');
  await t.sql(
    `insert into orders (order_no, pin_code, terminal_code, customer_code, job_mode_code, money_credit, order_status, total_amount,
        bl_no, created_by, created_time)
     values ($1, '7770001', 'NDP', 'C0000001', 'LAYN', 'M', 'A', 3000000, 'RPBL0001', 'khachhang', now())`,
    [orderNo],
  );
  for (const [c, block] of [
    [boxes.a, 'A01-03'],
    [boxes.b, 'B02'],
    [boxes.none, null],
  ] as const) {
    await t.sql(
      `insert into order_containers (order_no, container_no, iso_sizetype, fe, teu, amount) values ($1, $2, '22G1', 'F', 1, 1000000)`,
      [orderNo, c],
    );
    await t.sql(
      `insert into port_containers (terminal_code, container_no, class_code, iso_sizetype, operation_code, fe, date_in, container_status_code, block)
       values ('NDP', $1, '1', '22G1', 'MSC', 'F', now() - interval '3 days', 'S', $2)`,
      [c, block],
    );
  }
}, 120_000);
afterAll(async () => {
  await t?.close();
});

const detail = async () => present((await t.call(calls.orderHistory.orderHistoryOrder, { OrderNo: orderNo }, customer)).body.data);
const gatePass = async () => {
  const res = await t.call(calls.orders.viewPublicOrder, { token: t.portal.services.publicOrders.linkToken(orderNo) });
  return present(res.body.payload);
};
const draft = async () => String((await t.call(calls.invoices.draftInvoice, { fkeys: [orderNo] }, customer)).body.data);

async function points() {
  const res = await t.call(calls.admin.getReleasePoints, {}, admin);
  return (res.body.payload ?? []).filter((r) => r.TerminalCode === 'NDP') as Record<string, unknown>[];
}
async function edit(rows: Record<string, unknown>[]) {
  const res = await t.call(calls.admin.editReleasePoints, { data: rows }, admin);
  expect(res.status, res.raw).toBe(200);
}

describe('pickReleasePoint', () => {
  const rows = [
    { DIEMPH: 'TP02', NAME: 'Cổng 2', BLOCK_PREFIX: 'B01,B02', ENABLE: true },
    { DIEMPH: 'TP09', NAME: 'Cổng phụ', BLOCK_PREFIX: 'A01', ENABLE: true },
    { DIEMPH: 'TP01', NAME: 'Cổng 1', BLOCK_PREFIX: 'A01,A02', ENABLE: true },
  ];
  it('takes the first 3 characters of the block, the smallest code of the enabled points serving it', () => {
    expect(pickReleasePoint(rows, 'a01-05')?.Label).toBe('TP01 – Cổng 1');
    expect(pickReleasePoint(rows, 'B02C')?.DIEMPH).toBe('TP02');
    expect(pickReleasePoint(rows, 'C01')).toBeNull();
    expect(pickReleasePoint(rows, null)).toBeNull();
    expect(pickReleasePoint(rows, 'A')).toBeNull();
  });
  it('skips a disabled point', () => {
    expect(pickReleasePoint([{ ...(rows[2] as (typeof rows)[0]), ENABLE: false }, ...rows.slice(0, 2)], 'A01')?.DIEMPH).toBe('TP09');
    expect(pickReleasePoint([{ ...(rows[2] as (typeof rows)[0]), ENABLE: false }], 'A01')).toBeNull();
  });
});

describe('the release point of an order', () => {
  it('is named per container and for the order on the detail, the gate pass and the draft invoice', async () => {
    const d = await detail();
    expect(d.containers.map((c) => [c.ContainerNo, c.Block, c.ReleasePoint])).toEqual([
      [boxes.a, 'A01-03', 'TP01 – Cổng 1 – bãi A'],
      [boxes.b, 'B02', 'TP02 – Cổng 2 – bãi B'],
      [boxes.none, null, null],
    ]);
    expect(d.ReleasePoints).toEqual(['TP01 – Cổng 1 – bãi A', 'TP02 – Cổng 2 – bãi B']);
    const pass = await gatePass();
    expect(pass.ReleasePoints).toEqual(d.ReleasePoints);
    expect(pass.containers.map((c) => c.ReleasePoint)).toEqual(['TP01 – Cổng 1 – bãi A', 'TP02 – Cổng 2 – bãi B', null]);
    expect(await draft()).toContain('Nơi nhận chứng từ (điểm thu phí): TP01 – Cổng 1 – bãi A; TP02 – Cổng 2 – bãi B');
  });

  it('follows the screen: a disabled point is skipped for the next point serving the block, or none', async () => {
    const tp01 = present((await points()).find((p) => p.DIEMPH === 'TP01'));
    await edit([{ TerminalCode: 'NDP', DIEMPH: 'TP05', NAME: 'Văn phòng thương vụ', BLOCK_PREFIX: 'A01', ENABLE: 1 }]);
    // Two enabled points serve A01: the smaller code.
    expect((await detail()).containers[0]?.ReleasePoint).toBe('TP01 – Cổng 1 – bãi A');
    await edit([{ ...tp01, ENABLE: 0 }]);
    expect((await detail()).containers[0]?.ReleasePoint).toBe('TP05 – Văn phòng thương vụ');
    // In the containers' order.
    expect((await gatePass()).ReleasePoints).toEqual(['TP05 – Văn phòng thương vụ', 'TP02 – Cổng 2 – bãi B']);
    const tp05 = present((await points()).find((p) => p.DIEMPH === 'TP05'));
    await edit([{ ...tp05, ENABLE: 0 }]);
    expect((await detail()).containers[0]?.ReleasePoint).toBeNull();
    expect(await draft()).toContain('Nơi nhận chứng từ (điểm thu phí): TP02 – Cổng 2 – bãi B');
    await edit([{ ...tp01, ENABLE: 1 }]);
  });
});

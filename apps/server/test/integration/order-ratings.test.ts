import { calls, ratingMessages, ratingPinLimits, shownPin, tosMappingMessages } from '@smartport/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, present, type TestApp } from '../helpers/test-app';

// Customers rate their completed orders (and drivers through the public order page with the PIN); the rating report
// reads what they gave. The mapping grids refuse codes outside the catalogues, and 'Kiểm tra' lists what has no mapping.
let t: TestApp;
let admin: string;
let customer: string;
let otherCustomer: string;

/** An order of `customer` at NDP, completed (every container out) unless `completed` is false. */
async function orderOf(customerCode: string, completed = true) {
  const [row] = await t.sql<{ order_no: string; pin_code: string }>(
    `select order_no, pin_code from orders where customer_code = $1 and terminal_code = 'NDP' and order_status = 'C'
       and order_no not in (select order_no from order_ratings)
     order by order_no limit 1`,
    [customerCode],
  );
  const order = present(row, `an approved order of ${customerCode}`);
  await t.sql(`update orders set completed_at = ${completed ? 'now()' : 'null'} where order_no = $1`, [order.order_no]);
  return { OrderNo: order.order_no, PinCode: order.pin_code };
}

async function criteria() {
  const res = await t.call(calls.ratings.getQuestionList, {}, admin);
  return present(res.body.payload).filter((q) => q.IsActive);
}
const starsFor = async (n: number) => (await criteria()).map((q, i) => ({ QuestionCode: codeOf(q), Rating: ((i + n) % 5) + 1 }));
let codes = new Map<string, number>();
const codeOf = (q: { QuestionName: string }) => present(codes.get(q.QuestionName), `code of ${q.QuestionName}`);

beforeAll(async () => {
  t = await createTestApp({ jobs: { start: false } });
  admin = await t.login('admin');
  customer = await t.login('khachhang'); // C0000001
  await t.addUser({ UserID: 'khach2', UserGroupCode: 'CUSTOMER', password: 'Khach2@2026', terminals: ['NDP'] });
  await t.sql(`update users set customer_code = 'C0000002' where user_id = 'khach2'`);
  otherCustomer = await t.login('khach2', 'Khach2@2026');
  const rows = await t.sql<{ question_code: number; question_name: string }>('select question_code, question_name from questions');
  codes = new Map(rows.map((r) => [r.question_name, r.question_code]));
}, 120_000);
afterAll(async () => {
  await t?.close();
});

const report = async () => {
  const year = new Date().getUTCFullYear();
  const res = await t.call(calls.stats.totalRating, { fromdate: `${year}-01-01`, todate: `${year}-12-31`, TerminalList: ['NDP'] }, admin);
  return present(res.body.payload);
};

describe('a customer rates a completed order', () => {
  it('rates on a criterion added on its screen, once, and the rating report counts it', async () => {
    const name = `Thái độ nhân viên cổng ${Date.now()}`;
    const saved = await t.call(calls.ratings.updateQuestionList, { data: [{ QuestionName: name, IsActive: true }] }, admin);
    expect(saved.status).toBe(200);
    codes = new Map(
      (await t.sql<{ question_code: number; question_name: string }>('select question_code, question_name from questions')).map((r) => [
        r.question_name,
        r.question_code,
      ]),
    );
    const order = await orderOf('C0000001');

    const form = await t.call(calls.ratings.orderRatingForm, { OrderNo: order.OrderNo }, customer);
    expect(form.status).toBe(200);
    const data = present(form.body.data);
    expect(data).toMatchObject({ OrderNo: order.OrderNo, Completed: true, Rated: false });
    expect(data.Criteria.map((c) => c.QuestionName)).toContain(name);

    const before = (await report()).find((r) => r.QuestionName === name);
    const stars = (await starsFor(0)).map((s) => (s.QuestionCode === codes.get(name) ? { ...s, Rating: 4 } : s));
    const rated = await t.call(calls.ratings.rateOrder, { OrderNo: order.OrderNo, Ratings: stars, RatingNote: 'Cổng làm nhanh' }, customer);
    expect(rated.status, rated.raw).toBe(200);
    expect(rated.body.message).toBe(ratingMessages.thanks);

    const after = present((await report()).find((r) => r.QuestionName === name));
    expect(after.CountRating).toBe((before?.CountRating ?? 0) + 1);
    expect(after.Count4Rating).toBe((before?.Count4Rating ?? 0) + 1);
    const year = new Date().getUTCFullYear();
    const notes = await t.call(
      calls.stats.dataRatingNote,
      { fromdate: `${year}-01-01`, todate: `${year}-12-31`, TerminalList: ['NDP'] },
      admin,
    );
    expect(present(notes.body.payload).some((n) => n.RatingNote === 'Cổng làm nhanh' && n.PinCode === shownPin(order.PinCode))).toBe(true);

    const again = await t.call(calls.ratings.rateOrder, { OrderNo: order.OrderNo, Ratings: stars }, customer);
    expect(again.status).toBe(409);
    expect(again.body.message).toBe(ratingMessages.already);
    expect(present((await t.call(calls.ratings.orderRatingForm, { OrderNo: order.OrderNo }, customer)).body.data).Rated).toBe(true);
  });

  it('refuses an order not completed, another customer’s order, a missing criterion and stars outside 1–5', async () => {
    const open = await orderOf('C0000001', false);
    const stars = await starsFor(1);
    const notDone = await t.call(calls.ratings.rateOrder, { OrderNo: open.OrderNo, Ratings: stars }, customer);
    expect(notDone.status).toBe(400);
    expect(notDone.body.message).toBe(ratingMessages.notCompleted);

    const theirs = await orderOf('C0000002');
    const foreign = await t.call(calls.ratings.rateOrder, { OrderNo: theirs.OrderNo, Ratings: stars }, customer);
    expect(foreign.status).toBe(404);
    expect(foreign.body.message).toBe(ratingMessages.notFound);
    expect((await t.call(calls.ratings.orderRatingForm, { OrderNo: theirs.OrderNo }, customer)).status).toBe(404);
    // Staff are no customers: they do not rate on a customer's behalf.
    expect((await t.call(calls.ratings.rateOrder, { OrderNo: theirs.OrderNo, Ratings: stars }, admin)).status).toBe(403);

    const missing = await t.call(calls.ratings.rateOrder, { OrderNo: theirs.OrderNo, Ratings: stars.slice(1) }, otherCustomer);
    expect(missing.status).toBe(400);
    expect(missing.body.message).toMatch(/^Vui lòng chấm điểm tiêu chí "/);
    const six = await t.call(
      calls.ratings.rateOrder,
      { OrderNo: theirs.OrderNo, Ratings: stars.map((s) => ({ ...s, Rating: 6 })) },
      otherCustomer,
    );
    expect(six.status).toBe(400);
    expect(six.body.message).toContain(ratingMessages.stars);
    expect((await t.call(calls.ratings.rateOrder, { OrderNo: theirs.OrderNo, Ratings: stars }, otherCustomer)).status).toBe(200);
  });
});

describe('the driver rates through the public order page with the PIN', () => {
  it('rates once with the right PIN; wrong PINs are throttled', async () => {
    const order = await orderOf('C0000001');
    const token = t.portal.services.publicOrders.linkToken(order.OrderNo);
    const form = await t.call(calls.ratings.publicRatingForm, { token });
    expect(present(form.body.data)).toMatchObject({ Completed: true, Rated: false });
    const stars = await starsFor(2);

    const wrong = await t.call(calls.ratings.ratePublicOrder, { token, PinCode: '000000', Ratings: stars });
    expect(wrong.status).toBe(400);
    expect(wrong.body.message).toBe(ratingMessages.wrongPin);
    const ok = await t.call(calls.ratings.ratePublicOrder, { token, PinCode: shownPin(order.PinCode), Ratings: stars });
    expect(ok.status, ok.raw).toBe(200);
    const twice = await t.call(calls.ratings.ratePublicOrder, { token, PinCode: shownPin(order.PinCode), Ratings: stars });
    expect(twice.status).toBe(409);
    // The customer's own rating is another rater's: still open.
    expect(present((await t.call(calls.ratings.orderRatingForm, { OrderNo: order.OrderNo }, customer)).body.data).Rated).toBe(false);

    const other = await orderOf('C0000001');
    const otherToken = t.portal.services.publicOrders.linkToken(other.OrderNo);
    for (let i = 0; i < ratingPinLimits.failures; i++) {
      expect((await t.call(calls.ratings.ratePublicOrder, { token: otherToken, PinCode: `99999${i}`, Ratings: stars })).status).toBe(400);
    }
    const locked = await t.call(calls.ratings.ratePublicOrder, { token: otherToken, PinCode: shownPin(other.PinCode), Ratings: stars });
    expect(locked.status).toBe(429);
    expect(locked.body.message).toBe(ratingMessages.pinLocked);
    expect((await t.call(calls.ratings.ratePublicOrder, { token: 'gia-mao', PinCode: '1', Ratings: stars })).status).toBe(400);
  });
});

describe('the mapping grids are checked', () => {
  const mapping = (over: Record<string, unknown>) => ({
    JobModeCode: 'LAYN',
    ContSize: '20',
    CargoTypeCode: 'GP',
    TosCode: 'LN-20',
    TosUsed: true,
    ...over,
  });

  it('refuses a job mode or cargo type outside the catalogues, a bad TOS code and a duplicate, naming the row', async () => {
    const bad = await t.call(
      calls.tosMappings.updateMappingJobModeList,
      { data: [mapping({}), mapping({ JobModeCode: 'ZZZZ', ContSize: '40' })] },
      admin,
    );
    expect(bad.status).toBe(400);
    expect(bad.body.message).toBe(tosMappingMessages.unknownJobMode(2, 'ZZZZ'));
    const cargo = await t.call(calls.tosMappings.updateMappingJobModeList, { data: [mapping({ CargoTypeCode: 'XYZ' })] }, admin);
    expect(cargo.body.message).toBe(tosMappingMessages.unknownCargoType(1, 'XYZ'));
    const size = await t.call(calls.tosMappings.updateMappingJobModeList, { data: [mapping({ ContSize: '99' })] }, admin);
    expect(size.status).toBe(400);
    expect(size.body.message).toContain(tosMappingMessages.size);
    const code = await t.call(calls.tosMappings.updateMappingJobModeList, { data: [mapping({ TosCode: 'lấy nguyên' })] }, admin);
    expect(code.status).toBe(400);
    expect(code.body.message).toContain(tosMappingMessages.tosCode('Mã TOS'));

    expect((await t.call(calls.tosMappings.updateMappingJobModeList, { data: [mapping({})] }, admin)).status).toBe(200);
    const dup = await t.call(calls.tosMappings.updateMappingJobModeList, { data: [mapping({ TosCode: 'LN-X' })] }, admin);
    expect(dup.status).toBe(400);
    expect(dup.body.message).toMatch(/^Dòng 1: .*đã tồn tại/);

    const tariff = await t.call(calls.admin.updateMappingTrfList, { data: [{ TariffCode: 'KHONGCO', TosTariffCode: 'X-1' }] }, admin);
    expect(tariff.status).toBe(400);
    expect(tariff.body.message).toBe(tosMappingMessages.unknownTariff(1, 'KHONGCO'));
  });

  it("'Kiểm tra' lists an unmapped job mode and tariff code until their mappings are added", async () => {
    await t.call(calls.catalogs.updateJobModeList, { data: [{ JobModeCode: 'KTRA', JobModeName: 'Kiểm tra mapping' }] }, admin);
    // A tariff in force under a code the tariff mapping does not know yet.
    await t.sql(
      `insert into standard_tariffs (terminal_code, tariff_code, tariff_name, charge_kind, job_mode_code, cont_size, cargo_type_code, fe,
         is_local_foreign, currency_code, unit_price, vat_rate, apply_date, expire_date)
       select terminal_code, 'KTRA20', 'Kiểm tra mapping 20', charge_kind, 'KTRA', cont_size, cargo_type_code, fe, is_local_foreign,
              currency_code, unit_price, vat_rate, now() - interval '1 day', now() + interval '30 days'
         from standard_tariffs limit 1`,
    );
    const tariff = { tariff_code: 'KTRA20' };
    const gaps = async () => present((await t.call(calls.tosMappings.checkTosMappings, {}, admin)).body.data);
    const first = await gaps();
    expect(first.JobModes.map((j) => j.JobModeCode)).toContain('KTRA');
    expect(first.TariffCodes.map((c) => c.TariffCode)).toContain(tariff.tariff_code);

    expect(
      (
        await t.call(
          calls.tosMappings.updateMappingJobModeList,
          { data: [mapping({ JobModeCode: 'KTRA', ContSize: '*', CargoTypeCode: '*', TosCode: 'KT' })] },
          admin,
        )
      ).status,
    ).toBe(200);

    expect(
      (await t.call(calls.admin.updateMappingTrfList, { data: [{ TariffCode: tariff.tariff_code, TosTariffCode: 'KT-1' }] }, admin)).status,
    ).toBe(200);
    const second = await gaps();
    expect(second.JobModes.map((j) => j.JobModeCode)).not.toContain('KTRA');
    expect(second.TariffCodes.map((c) => c.TariffCode)).not.toContain(tariff.tariff_code);
    // A customer holds neither mapping screen.
    expect((await t.call(calls.tosMappings.checkTosMappings, {}, customer)).status).toBe(403);
  });
});

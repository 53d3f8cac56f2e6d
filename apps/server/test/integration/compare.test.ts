import { calls } from '@smartport/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { demoYard, portContainerPlan } from '../../src/db/seed/port-containers.data';
import { containerCheckDigit } from '../../src/db/seed/random';
import { createTestApp, type TestApp, vietnamese } from '../helpers/test-app';

let t: TestApp;
let admin: string;

beforeAll(async () => {
  t = await createTestApp();
  admin = await t.login('admin');
});
afterAll(async () => {
  await t?.close();
});

/** Any rows at all (junk included), answered with the contract's reply. */
const check = (data: unknown, token: string | null = admin, extra: Record<string, unknown> = {}) =>
  t.send(calls.compare.checkContaierData, { data, ...extra }, token);

/** The port's current record of a container, read straight from the tables (names from the catalogues). */
async function portRecord(where: string, params: unknown[] = []) {
  const [row] = await t.sql<Record<string, unknown>>(
    `select p.terminal_code, p.container_no, c.class_name, p.iso_sizetype, p.operation_code, p.fe, p.date_in, p.date_out,
            p.vessel_name, p.vessel_im_voy, p.vessel_ex_voy, p.bl_no, p.booking_no, s.container_status_name
     from port_containers p join classes c on c.class_code = p.class_code
     join container_statuses s on s.container_status_code = p.container_status_code
     where ${where} order by p.container_no limit 1`,
    params,
  );
  if (!row) throw new Error(`Không có bản ghi container: ${where}`);
  const iso = (v: unknown) => (v ? new Date(v as string).toISOString() : null);
  return {
    TerminalCode: row.terminal_code as string,
    ContainerNo: row.container_no as string,
    ClassName: row.class_name as string,
    IsoSizetype: row.iso_sizetype as string,
    OperationCode: row.operation_code as string,
    FE: row.fe as string,
    DateIn: iso(row.date_in),
    DateOut: iso(row.date_out),
    VesselName: row.vessel_name as string | null,
    VesselImVoy: row.vessel_im_voy as string | null,
    VesselExVoy: row.vessel_ex_voy as string | null,
    BLNo: row.bl_no as string | null,
    BookingNo: row.booking_no as string | null,
    ContainerStatusName: row.container_status_name as string,
  };
}

/** A spreadsheet row that says what the port says. */
const rowFrom = (r: Awaited<ReturnType<typeof portRecord>>) => {
  const { TerminalCode: _t, ...row } = r;
  return row;
};

describe('the port records the comparison reads', () => {
  it('are seeded from the deterministic plan: every planned visit is there, with valid ISO 6346 numbers', async () => {
    const plan = portContainerPlan();
    // The plan, and the demo yard of the order screens (MSC at NDP).
    const yard = demoYard.imports.count + demoYard.empties.count + demoYard.reefers.count + demoYard.held.statuses.length;
    const [count] = await t.sql<{ n: number }>('select count(*)::int as n from port_containers');
    expect(count?.n).toBe(plan.length + yard);
    expect(plan.length).toBeGreaterThan(5000);
    for (const v of plan.slice(0, 200)) expect(Number(v.ContainerNo[10])).toBe(containerCheckDigit(v.ContainerNo.slice(0, 10)));
    expect(portContainerPlan().map((v) => v.ContainerNo)).toEqual(plan.map((v) => v.ContainerNo));
    const [onVessel] = await t.sql<{ n: number }>('select count(*)::int as n from port_containers where vessel_name is not null');
    expect(onVessel?.n).toBe(plan.length + yard);
  });
});

describe('common/checkContaierData: the three statuses', () => {
  it("answers 'OK' when every compared field equals the port's record, with the record as `loaded`", async () => {
    const rec = await portRecord("p.terminal_code = 'NDP' and p.date_out is null and p.class_code = '1'");
    const res = await check([rowFrom(rec)]);
    expect(res.status).toBe(200);
    expect(res.body.success).toBe(true);
    const [row] = res.body.data ?? [];
    expect(row).toMatchObject({ ContainerNo: rec.ContainerNo, CompareStatus: 'OK', DiffFields: [] });
    expect(row?.loaded).toMatchObject(rec);
    expect(row?.loaded?.VesselCode).toBeTruthy();
    expect(row?.loaded?.CallYear).toMatch(/^\d{4}$/);
  });

  it('reads text without regard to case and spaces, the container number without spaces, times to the minute', async () => {
    const rec = await portRecord("p.terminal_code = 'NDP' and p.date_out is not null");
    const dateIn = new Date(rec.DateIn as string);
    dateIn.setUTCSeconds(dateIn.getUTCSeconds() === 59 ? 0 : 59);
    const row = {
      ...rowFrom(rec),
      ContainerNo: ` ${rec.ContainerNo.slice(0, 4).toLowerCase()} ${rec.ContainerNo.slice(4)} `,
      VesselName: `  ${rec.VesselName?.toLowerCase().replace(' ', '   ')} `,
      ClassName: rec.ClassName.toUpperCase(),
      DateIn: dateIn.toISOString(),
    };
    const res = await check([row]);
    expect(res.body.data?.[0]).toMatchObject({ ContainerNo: rec.ContainerNo, CompareStatus: 'OK', DiffFields: [] });
  });

  it("answers 'ERROR' naming each differing field, and gives the port's values", async () => {
    const rec = await portRecord("p.terminal_code = 'NDP' and p.date_out is null and p.bl_no is not null");
    const res = await check([
      {
        ...rowFrom(rec),
        VesselName: 'TÀU KHÁC',
        DateOut: '2026-01-02T03:04:00.000Z',
        BLNo: null,
        FE: rec.FE === 'F' ? 'E' : 'F',
        DateIn: new Date(new Date(rec.DateIn as string).getTime() + 60_000).toISOString(),
      },
    ]);
    const [row] = res.body.data ?? [];
    expect(row?.CompareStatus).toBe('ERROR');
    expect(row?.DiffFields).toEqual(['FE', 'DateIn', 'DateOut', 'VesselName', 'BLNo']);
    expect(row?.loaded).toMatchObject({ VesselName: rec.VesselName, DateOut: null, BLNo: rec.BLNo, FE: rec.FE, DateIn: rec.DateIn });
    expect(row).toMatchObject({ VesselName: 'TÀU KHÁC', DateOut: '2026-01-02T03:04:00.000Z', BLNo: null });
  });

  it("answers 'NONE' with no record for a container the port does not know", async () => {
    const res = await check([{ ContainerNo: 'ZZZU1234567', VesselName: 'MSC ANNA' }]);
    expect(res.body.data?.[0]).toMatchObject({ ContainerNo: 'ZZZU1234567', loaded: null, CompareStatus: 'NONE', DiffFields: [] });
  });

  it('answers a mixed batch of 70 in the order sent, repeated containers included', async () => {
    const recs = await t.sql<{ container_no: string }>(
      "select container_no from port_containers where terminal_code = 'NHP' order by container_no limit 60",
    );
    const rows = [
      ...recs.map((r) => ({ ContainerNo: r.container_no })),
      ...Array.from({ length: 8 }, (_, i) => ({ ContainerNo: `NONU00000${i}0` })),
      { ContainerNo: recs[0]?.container_no },
      { ContainerNo: recs[1]?.container_no },
    ];
    expect(rows).toHaveLength(70);
    const res = await check(rows);
    expect(res.status).toBe(200);
    const data = res.body.data ?? [];
    expect(data.map((r) => r.ContainerNo)).toEqual(rows.map((r) => r.ContainerNo));
    expect(data.slice(0, 60).every((r) => r.CompareStatus === 'ERROR' && r.loaded)).toBe(true);
    expect(data.slice(60, 68).every((r) => r.CompareStatus === 'NONE')).toBe(true);
    expect(data[68]?.loaded).toEqual(data[0]?.loaded);
  });
});

describe('common/checkContaierData: input limits', () => {
  it('refuses more than 70 rows in one batch with a Vietnamese 400', async () => {
    const rows = Array.from({ length: 71 }, (_, i) => ({ ContainerNo: `ABCU${String(i).padStart(7, '0')}` }));
    const res = await check(rows);
    expect(res.status).toBe(400);
    expect(res.body).toMatchObject({ success: false });
    expect(res.body.message).toContain('Mỗi lần đối chiếu tối đa 70 container');
  });

  it.each([
    ['an empty batch', [], 'Chưa có container nào để đối chiếu'],
    ['a row without container number', [{ VesselName: 'MSC ANNA' }], 'data.0.ContainerNo'],
    ['a blank container number', [{ ContainerNo: '   ' }], 'Vui lòng nhập số container'],
    ['a container number too long', [{ ContainerNo: 'X'.repeat(21) }], 'Số container tối đa 20 ký tự'],
    ['a date that is not a date', [{ ContainerNo: 'MSCU1234565', DateIn: '31/02/2026 10:00:00' }], 'Ngày vào bãi không hợp lệ'],
    ['a number where text belongs', [{ ContainerNo: 'MSCU1234565', VesselName: 12 }], 'Tên tàu phải là chuỗi ký tự'],
    ['rows that are not a list', 'MSCU1234565', 'Danh sách container phải là một mảng'],
  ])('refuses %s with a 400 naming the problem', async (_what, data, expected) => {
    const res = await check(data);
    expect(res.status).toBe(400);
    expect(res.body.success).toBe(false);
    expect(res.body.message).toContain(expected);
    expect(res.body.message).toMatch(vietnamese);
  });
});

describe('common/checkContaierData: terminal scope and access', () => {
  /** A container with its latest visit at one terminal and an earlier one at another. */
  async function twoVisits() {
    const [row] = await t.sql<{ container_no: string; latest: string; earlier: string }>(
      `select container_no,
              (array_agg(terminal_code order by date_in desc))[1] as latest,
              (array_agg(terminal_code order by date_in desc))[2] as earlier
       from port_containers group by container_no having count(*) = 2 order by container_no limit 1`,
    );
    if (!row) throw new Error('Không có container hai lượt');
    return row;
  }

  it("reads the latest visit among the caller's terminals only", async () => {
    const v = await twoVisits();
    const all = await check([{ ContainerNo: v.container_no }]);
    expect(all.body.data?.[0]?.loaded?.TerminalCode).toBe(v.latest);

    await t.addUser({
      UserID: 'doichieu1',
      UserGroupCode: 'CMP_ONE',
      password: 'Doi@Chieu1',
      terminals: [v.earlier],
      grants: ['CAT_COMPARE'],
    });
    const earlierOnly = await check([{ ContainerNo: v.container_no }], await t.login('doichieu1', 'Doi@Chieu1'));
    expect(earlierOnly.status).toBe(200);
    expect(earlierOnly.body.data?.[0]?.loaded?.TerminalCode).toBe(v.earlier);

    const other = ['NDP', 'GML', 'PIP'].find((c) => c !== v.latest && c !== v.earlier) as string;
    await t.addUser({ UserID: 'doichieu2', UserGroupCode: 'CMP_ONE', password: 'Doi@Chieu2', terminals: [other] });
    const none = await check([{ ContainerNo: v.container_no }], await t.login('doichieu2', 'Doi@Chieu2'));
    expect(none.body.data?.[0]).toMatchObject({ CompareStatus: 'NONE', loaded: null });
  });

  it('says when a container missing where it was compared is at another terminal, naming only the caller’s', async () => {
    const v = await twoVisits();
    const other = ['NDP', 'GML', 'PIP'].find((c) => c !== v.latest && c !== v.earlier) as string;
    // The administrator (every terminal) compares at a third terminal: the two that have it are named.
    const third = await check([{ ContainerNo: v.container_no }], admin, { TerminalCode: other });
    expect(third.body.data?.[0]).toMatchObject({
      CompareStatus: 'NONE',
      loaded: null,
      elsewhere: { terminals: [v.latest, v.earlier].sort(), outside: false },
    });
    // A user of another terminal only learns that some other terminal has it: no code, no data of that visit.
    await t.addUser({ UserID: 'doichieu3', UserGroupCode: 'CMP_ONE', password: 'Doi@Chieu3', terminals: [other] });
    const outsider = await check([{ ContainerNo: v.container_no }], await t.login('doichieu3', 'Doi@Chieu3'));
    expect(outsider.body.data?.[0]).toMatchObject({ CompareStatus: 'NONE', loaded: null, elsewhere: { terminals: [], outside: true } });
    const text = JSON.stringify(outsider.body);
    for (const code of [v.latest, v.earlier]) expect(text).not.toContain(`"${code}"`);
    // A user of one of them, comparing at its other terminal, is told which of its own has it.
    await t.addUser({ UserID: 'doichieu4', UserGroupCode: 'CMP_ONE', password: 'Doi@Chieu4', terminals: [other, v.earlier] });
    const mine = await check([{ ContainerNo: v.container_no }], await t.login('doichieu4', 'Doi@Chieu4'), { TerminalCode: other });
    expect(mine.body.data?.[0]?.elsewhere).toEqual({ terminals: [v.earlier], outside: true });
    // Found, or nowhere at all: nothing to say.
    const found = await check([{ ContainerNo: v.container_no }]);
    expect(found.body.data?.[0]?.elsewhere).toBeNull();
    const nowhere = await check([{ ContainerNo: 'ZZZU9999999' }]);
    expect(nowhere.body.data?.[0]).toMatchObject({ CompareStatus: 'NONE', elsewhere: null });
  });

  it('refuses a container number with other than letters and digits, naming what is wrong', async () => {
    const res = await check([{ ContainerNo: 'MSCU-123/45' }]);
    expect(res.status).toBe(400);
    expect(res.body.message).toContain('Số container chỉ gồm chữ cái và chữ số');
  });

  it("limits to one of the caller's terminals when TerminalCode is given, and refuses another's", async () => {
    const v = await twoVisits();
    const one = await check([{ ContainerNo: v.container_no }], admin, { TerminalCode: v.earlier.toLowerCase() });
    expect(one.body.data?.[0]?.loaded?.TerminalCode).toBe(v.earlier);

    const staff = await t.login('nhanvien');
    const refused = await check([{ ContainerNo: v.container_no }], staff, { TerminalCode: 'PIP' });
    expect(refused.status).toBe(403);
    expect(refused.body.message).toContain('PIP');
  });

  it('needs the comparison menu grant: 401 without a session, 403 for a customer', async () => {
    const rows = [{ ContainerNo: 'MSCU1234565' }];
    expect((await check(rows, null)).status).toBe(401);
    const res = await check(rows, await t.login('khachhang'));
    expect(res.status).toBe(403);
    expect(res.body.message).toMatch(vietnamese);
    expect((await check(rows, await t.login('nhanvien'))).status).toBe(200);
  });
});

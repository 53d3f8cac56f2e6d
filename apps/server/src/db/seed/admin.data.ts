import { portInstant } from '@smartport/contract';
import { sql } from 'drizzle-orm';
import type { PgTable } from 'drizzle-orm/pg-core';
import type { Database } from '../client';
import { dataShares, holidayPeriods, imoAlerts, mbCharges, mbFeeSchedules, releasePoints, tariffMappings } from '../schema';

/** A port calendar day at 00:00:00 or 23:59:59. */
const vnDay = (ymd: string, end = false) => {
  const [y, m, d] = ymd.split('-').map(Number) as [number, number, number];
  return end ? portInstant(y, m, d, 23, 59, 59) : portInstant(y, m, d);
};

/** Demo rows of the administration screens (spec 03 §2.5), so each shows something. */
export const adminSeed = {
  releasePoints: [
    {
      TerminalCode: 'NDP',
      DIEMPH: 'TP01',
      NAME: 'Cổng 1 – bãi A',
      BLOCK_PREFIX: 'A01,A02,A03',
      MADVI: 'NDP01',
      SERVER: '10.0.1.11',
      ENABLE: true,
    },
    {
      TerminalCode: 'NDP',
      DIEMPH: 'TP02',
      NAME: 'Cổng 2 – bãi B',
      BLOCK_PREFIX: 'B01,B02',
      MADVI: 'NDP01',
      SERVER: '10.0.1.12',
      ENABLE: true,
    },
    {
      TerminalCode: 'NDV',
      DIEMPH: 'TP01',
      NAME: 'Cổng chính',
      BLOCK_PREFIX: 'C01,C02,R01',
      MADVI: 'NDV01',
      SERVER: '10.0.2.11',
      ENABLE: false,
    },
  ],
  // Tiers: from 0, 10 and 50 billion VND a month.
  mbCharges: [
    { TotalSum: 0, Charge: 0.11 },
    { TotalSum: 10, Charge: 0.09 },
    { TotalSum: 50, Charge: 0.07 },
  ],
  mbFees: [{ FeeSchedule: 1100 }],
  imoAlerts: [
    { TerminalCode: 'NDP', Class: '3', Unno: '1203', AlertMsg: 'Xăng (UN 1203): hạ khu hàng nguy hiểm, cách ly nguồn nhiệt' },
    { TerminalCode: 'NDP', Class: '8', Unno: '1830', AlertMsg: 'Axit sunfuric (UN 1830): kiểm tra niêm phong trước khi hạ' },
    { TerminalCode: 'NDP', Class: '2.1', Unno: '1075', AlertMsg: 'Khí dầu mỏ hóa lỏng (UN 1075): chỉ hạ bãi D' },
    { TerminalCode: 'NDV', Class: '9', Unno: '3480', AlertMsg: 'Pin lithium-ion (UN 3480)' },
  ],
  tariffMappings: [
    { TariffCode: 'NH20F', TosTariffCode: 'LOLO-20-F', TosDescription: 'Nâng hạ container 20 hàng' },
    { TariffCode: 'NH40F', TosTariffCode: 'LOLO-40-F', TosDescription: 'Nâng hạ container 40 hàng' },
    { TariffCode: 'LB20', TosTariffCode: 'STOR-20', TosDescription: 'Lưu bãi container 20' },
  ],
  dataShares: [{ TerminalCode: 'NDP', TerminalTarget: 'NDV,NHP', IsActive: true, DataTable: 'DELIVERY_ORDER' }],
  holidays: [
    {
      TerminalCode: 'NDP',
      ConfigName: 'Tết Nguyên đán 2027',
      Descriptions: 'Nghỉ Tết Nguyên đán',
      StartTime: vnDay('2027-02-05'),
      EndTime: vnDay('2027-02-11', true),
    },
    {
      TerminalCode: 'NDP',
      ConfigName: 'Tết Nguyên đán 2027',
      Descriptions: 'Giỗ Tổ Hùng Vương',
      StartTime: vnDay('2027-04-16'),
      EndTime: vnDay('2027-04-16', true),
    },
    {
      TerminalCode: 'NDP',
      ConfigName: 'Lễ 30/4 – 1/5 hãng MSC',
      OperationCode: 'MSC',
      Descriptions: 'Giải phóng miền Nam, Quốc tế lao động',
      StartTime: vnDay('2027-04-30'),
      EndTime: vnDay('2027-05-03', true),
    },
  ],
} as const;

/** Seeds each administration table once, when it is empty (an administrator's later edits are kept). */
export async function seedAdmin(database: Database) {
  const { db } = database;
  const empty = async (table: PgTable) => {
    const [row] = await db.select({ n: sql<number>`count(*)::int` }).from(table);
    return !row?.n;
  };
  if (await empty(releasePoints)) await db.insert(releasePoints).values([...adminSeed.releasePoints]);
  if (await empty(mbCharges)) await db.insert(mbCharges).values([...adminSeed.mbCharges]);
  if (await empty(mbFeeSchedules)) await db.insert(mbFeeSchedules).values([...adminSeed.mbFees]);
  if (await empty(imoAlerts)) await db.insert(imoAlerts).values([...adminSeed.imoAlerts]);
  if (await empty(tariffMappings)) await db.insert(tariffMappings).values([...adminSeed.tariffMappings]);
  if (await empty(dataShares)) await db.insert(dataShares).values([...adminSeed.dataShares]);
  if (await empty(holidayPeriods)) await db.insert(holidayPeriods).values([...adminSeed.holidays]);
}

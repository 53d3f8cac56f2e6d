import { and, eq, inArray } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { cargoTypes, customers, exchangeRates, jobModes, shippingLines, tariffSurcharges } from '../../db/schema';

/** The catalogue codes a tariff row names (job modes, cargo types, customers, operators, currencies with a rate). */
export function createTariffsRepository(db: Db) {
  const present = async (codes: readonly string[], read: (codes: string[]) => Promise<{ c: string }[]>) =>
    codes.length ? new Set((await read([...codes])).map((r) => r.c.toUpperCase())) : new Set<string>();
  return {
    jobModes: (codes: readonly string[]) =>
      present(codes, (c) => db.select({ c: jobModes.JobModeCode }).from(jobModes).where(inArray(jobModes.JobModeCode, c))),
    cargoTypes: (codes: readonly string[]) =>
      present(codes, (c) => db.select({ c: cargoTypes.CargoTypeCode }).from(cargoTypes).where(inArray(cargoTypes.CargoTypeCode, c))),
    customers: (codes: readonly string[]) =>
      present(codes, (c) => db.select({ c: customers.CustomerCode }).from(customers).where(inArray(customers.CustomerCode, c))),
    operators: (codes: readonly string[]) =>
      present(codes, (c) =>
        db.select({ c: shippingLines.OperationCode }).from(shippingLines).where(inArray(shippingLines.OperationCode, c)),
      ),
    currencies: (codes: readonly string[]) =>
      present(codes, (c) =>
        db.selectDistinct({ c: exchangeRates.CurrencyCode }).from(exchangeRates).where(inArray(exchangeRates.CurrencyCode, c)),
      ),
    /** The stored steps of one terminal's ExtraMode. */
    async steps(terminal: string, extraMode: number) {
      const t = tariffSurcharges;
      const rows = await db
        .select({ Rowguid: t.Rowguid, FromValue: t.FromValue, ToValue: t.ToValue })
        .from(t)
        .where(and(eq(t.TerminalCode, terminal), eq(t.ExtraMode, extraMode)));
      return rows.map((r) => ({
        Rowguid: r.Rowguid,
        FromValue: Number(r.FromValue),
        ToValue: r.ToValue == null ? null : Number(r.ToValue),
      }));
    },
  };
}
export type TariffsRepository = ReturnType<typeof createTariffsRepository>;

import { and, desc, eq, gte, lte, or } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { contractTariffs, exchangeRates, jobModes, standardTariffs, tariffSurcharges, vesselVoyages } from '../../db/schema';
import type { SurchargeStep, TariffRow } from './tariff-engine';

/** What the pricing service reads itself: tariffs, surcharge steps, job modes, exchange rates, a vessel's berthing. */
export function createPricingRepository(db: Db) {
  return {
    /** The terminal's standard tariffs valid at `at` and the contract tariffs of the customer or the operator valid then. */
    async tariffs(terminal: string, at: Date, customerCode: string, operationCode: string): Promise<TariffRow[]> {
      const s = standardTariffs;
      const c = contractTariffs;
      const [std, con] = await Promise.all([
        db
          .select()
          .from(s)
          .where(and(eq(s.TerminalCode, terminal), lte(s.ApplyDate, at), gte(s.ExpireDate, at))),
        db
          .select()
          .from(c)
          .where(
            and(
              eq(c.TerminalCode, terminal),
              lte(c.ApplyDate, at),
              gte(c.ExpireDate, at),
              or(eq(c.CustomerCode, customerCode), eq(c.OperationCode, operationCode)),
            ),
          ),
      ]);
      return [
        ...std.map((r) => ({ ...r, Source: 'standard' as const, UnitPrice: Number(r.UnitPrice) })),
        ...con.map((r) => ({ ...r, Source: 'contract' as const, UnitPrice: Number(r.UnitPrice) })),
      ];
    },

    async surchargeSteps(terminal: string): Promise<SurchargeStep[]> {
      const t = tariffSurcharges;
      const rows = await db
        .select({ ExtraMode: t.ExtraMode, FromValue: t.FromValue, ToValue: t.ToValue, Percent: t.Percent, Note: t.Note })
        .from(t)
        .where(eq(t.TerminalCode, terminal));
      return rows.map((r) => ({
        ExtraMode: Number(r.ExtraMode),
        FromValue: Number(r.FromValue),
        ToValue: r.ToValue == null ? null : Number(r.ToValue),
        Percent: Number(r.Percent),
        Note: r.Note,
      }));
    },

    async jobModes(): Promise<Map<string, { JobModeName: string; ExtraMode: number }>> {
      const rows = await db
        .select({ JobModeCode: jobModes.JobModeCode, JobModeName: jobModes.JobModeName, ExtraMode: jobModes.ExtraMode })
        .from(jobModes);
      return new Map(rows.map((r) => [r.JobModeCode, { JobModeName: r.JobModeName, ExtraMode: Number(r.ExtraMode) }]));
    },

    /** Per currency, the latest active rate dated on or before `at`. */
    async rates(at: Date): Promise<Map<string, number>> {
      const rows = await db
        .select({ CurrencyCode: exchangeRates.CurrencyCode, Rate: exchangeRates.Rate })
        .from(exchangeRates)
        .where(and(eq(exchangeRates.IsActive, true), lte(exchangeRates.DateOfRate, at)))
        .orderBy(desc(exchangeRates.DateOfRate));
      const out = new Map<string, number>();
      for (const r of rows) if (!out.has(r.CurrencyCode.toUpperCase())) out.set(r.CurrencyCode.toUpperCase(), Number(r.Rate));
      return out;
    },

    /** The vessel call's berthing time (ETB, the portal's ATB), or null. */
    async berthing(vesselKey: string): Promise<Date | null> {
      const [row] = await db.select({ ETB: vesselVoyages.ETB }).from(vesselVoyages).where(eq(vesselVoyages.VesselKey, vesselKey)).limit(1);
      return row?.ETB ?? null;
    },
  };
}
export type PricingRepository = ReturnType<typeof createPricingRepository>;

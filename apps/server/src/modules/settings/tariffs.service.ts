import { type AnyGrid, contractTariffGrid, standardTariffGrid, tariffMessages } from '@smartport/contract';
import type { GridCaller, GridService } from '../../grid/grid.service';
import { badRequest } from '../../http/errors';
import type { TariffsRepository } from './tariffs.repository';

type Row = Record<string, unknown>;

const named = (rows: readonly Row[], field: string) => [
  ...new Set(rows.map((r) => String(r[field] ?? '*').toUpperCase()).filter((v) => v !== '*' && v !== '')),
];

/**
 * 'Biểu cước chuẩn' and 'Biểu cước hợp đồng' (issue 14): the row schema already checked prices, VAT, periods and the
 * contract's party; the save also checks that every code a row names exists (job mode, cargo type, customer,
 * operator, a currency with an exchange rate), then hands the rows to the grid service (terminal scope, unique key).
 */
export function createTariffsService(deps: { repo: TariffsRepository; grid: GridService }) {
  const { repo, grid } = deps;

  async function checkCodes(rows: readonly Row[]) {
    const checks: [string, (codes: readonly string[]) => Promise<Set<string>>, (code: string) => string][] = [
      ['JobModeCode', repo.jobModes, tariffMessages.unknownJobMode],
      ['CargoTypeCode', repo.cargoTypes, tariffMessages.unknownCargoType],
      ['CustomerCode', repo.customers, tariffMessages.unknownCustomer],
      ['OperationCode', repo.operators, tariffMessages.unknownOperator],
    ];
    for (const [field, read, message] of checks) {
      const codes = named(rows, field);
      if (!codes.length) continue;
      const known = await read(codes);
      const missing = codes.find((c) => !known.has(c));
      if (missing) throw badRequest(message(missing));
    }
    const currencies = named(rows, 'CurrencyCode').filter((c) => c !== 'VND');
    if (currencies.length) {
      const known = await repo.currencies(currencies);
      const missing = currencies.find((c) => !known.has(c));
      if (missing) throw badRequest(tariffMessages.unknownCurrency(missing));
    }
  }

  const save = (entry: AnyGrid) => async (rows: Row[], caller: GridCaller) => {
    await checkCodes(rows);
    return grid.save(entry, rows, caller);
  };
  return {
    saveStandard: save(standardTariffGrid),
    saveContract: save(contractTariffGrid),
  };
}
export type TariffsService = ReturnType<typeof createTariffsService>;

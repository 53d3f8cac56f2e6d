import {
  type contractTariffGrid,
  extraModeNames,
  type standardTariffGrid,
  tariffMessages,
  type tariffSurchargeGrid,
} from '@smartport/contract';
import type { GridSaveHooks } from '../../grid/grid-hooks';
import { badRequest } from '../../http/errors';
import { assertTerminal } from '../../security/terminal-scope';
import type { TariffsRepository } from './tariffs.repository';

type Row = Record<string, unknown>;

const named = (rows: readonly Row[], field: string) => [
  ...new Set(rows.map((r) => String(r[field] ?? '*').toUpperCase()).filter((v) => v !== '*' && v !== '')),
];

/**
 * 'Biểu cước chuẩn' and 'Biểu cước hợp đồng': the row schema already checked prices, VAT, periods and the
 * contract's party; the save also checks that every code a row names exists (job mode, cargo type, customer,
 * operator, a currency with an exchange rate), before the grid service saves them (terminal scope, unique key): the
 * checks are the grids' save hooks (tariffs.routes.ts).
 */
export function createTariffsService(deps: { repo: TariffsRepository }) {
  const { repo } = deps;

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

  const stepText = (s: { FromValue: number; ToValue: number | null }) =>
    `từ ${s.FromValue.toLocaleString('vi-VN')}${s.ToValue == null ? ' trở lên' : ` đến dưới ${s.ToValue.toLocaleString('vi-VN')}`}`;

  /** The steps of one terminal's ExtraMode after the save (stored ones not being edited, then the given ones) must not overlap. */
  async function checkSteps(rows: readonly Row[]) {
    const groups = new Map<string, Row[]>();
    for (const r of rows) {
      const k = `${String(r.TerminalCode)}|${Number(r.ExtraMode)}`;
      groups.set(k, [...(groups.get(k) ?? []), r]);
    }
    for (const [k, given] of groups) {
      const [terminal, mode] = [k.split('|')[0] as string, Number(k.split('|')[1])];
      const edited = new Set(given.map((r) => String(r.Rowguid ?? '')).filter(Boolean));
      const stored = (await repo.steps(terminal, mode)).filter((s) => !edited.has(s.Rowguid));
      const steps = [
        ...stored,
        ...given.map((r) => ({ FromValue: Number(r.FromValue), ToValue: r.ToValue == null ? null : Number(r.ToValue) })),
      ].sort((a, b) => a.FromValue - b.FromValue);
      for (let i = 1; i < steps.length; i++) {
        const [a, b] = [steps[i - 1] as (typeof steps)[number], steps[i] as (typeof steps)[number]];
        // Equal FromValue is the unique key's duplicate, which the grid service names.
        if (a.FromValue !== b.FromValue && (a.ToValue == null || a.ToValue > b.FromValue))
          throw badRequest(tariffMessages.stepsOverlap(`"${extraModeNames[mode] ?? mode}" tại cảng ${terminal}`, stepText(a), stepText(b)));
      }
    }
  }

  const standard: GridSaveHooks<typeof standardTariffGrid> = { validate: (rows) => checkCodes(rows) };
  const contract: GridSaveHooks<typeof contractTariffGrid> = { validate: (rows) => checkCodes(rows) };
  const surcharges: GridSaveHooks<typeof tariffSurchargeGrid> = {
    async validate(rows, ctx) {
      // The caller's terminals first: the overlap check reads the stored steps of the rows' terminals.
      for (const r of rows) assertTerminal(ctx.user, r.TerminalCode);
      await checkSteps(rows);
    },
  };
  /** The save hooks of the three tariff grids. */
  return { standard, contract, surcharges };
}
export type TariffsService = ReturnType<typeof createTariffsService>;

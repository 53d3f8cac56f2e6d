import { formatPortTime, type OrderCharges, type OrderType, orderTypes, portFormats, reeferRoundingNames } from '@smartport/contract';
import type { HolidayService } from '../admin/holiday.service';
import type { AttachConfigService } from '../attach-config/attach-config.service';
import type { StorageRulesService } from '../storage-rules/storage-rules.service';
import type { PricingRepository } from './pricing.repository';
import {
  type EngineContainer,
  type EngineDepot,
  isReeferContainer,
  type Period,
  priceOrder,
  reeferPeriod,
  type StorageFacts,
  vn,
  wholeHoursUp,
} from './tariff-engine';

export interface PricingContainer {
  ContainerNo: string;
  IsoSizetype: string;
  FE: 'F' | 'E';
  CargoTypeCode: string;
  IsLocalForeign: 'L' | 'F';
  MCWeight: number | null;
  Class: string | null;
  Unno: string | null;
  Temperature: number | null;
  OogTop: number | null;
  OogLeft: number | null;
  OogRight: number | null;
  OogBack: number | null;
  OogFront: number | null;
  /** Reefer plug hours the customer expects (services, stay), else null. */
  PlugHours: number | null;
  /** When the container entered the yard (pickups), else null. */
  DateIn: Date | null;
}

export interface PricingInput {
  TerminalCode: string;
  OrderType: OrderType;
  JobModeCode: string;
  OperationCode: string;
  VesselKey: string | null;
  /** The payer. */
  CustomerCode: string;
  /** Payer's M / C (free-day and reefer rules are per payment type). */
  MoneyCredit: string;
  /** Optional attached services the customer ticked (defaults are added by the engine). */
  AttachServices: string[];
  /** The depot chosen (empty pickup / return, DepotSelect on): its lift charge is a line per container. */
  depot?: EngineDepot | null;
  /** Pricing moment (tariff validity, exchange rate). */
  at: Date;
  /** Order expiry: storage and plug hours of pickups run to it. */
  ExpDate: Date;
  containers: PricingContainer[];
}

export type PricingOutcome = { ok: true; charges: OrderCharges } | { ok: false; message: string };
export interface PricingService {
  price(input: PricingInput): Promise<PricingOutcome>;
}

export interface PricingDeps {
  repo: PricingRepository;
  storageRules: Pick<StorageRulesService, 'freeDaysFor' | 'reeferRuleFor' | 'reeferHours'>;
  holidays: Pick<HolidayService, 'holidayPeriodsFor'>;
  attachConfig: Pick<AttachConfigService, 'attachedServicesFor'>;
}

/**
 * The free-day rules' class (Hướng) of an order type: containers picked up full are imports (1), empties issued for
 * export (2); other orders have no class and match the rules written with * only (docs/decisions.md "Tariff engine").
 */
export const freeDayClassOf = (t: OrderType): string => (t === 'import_pickup' ? '1' : t === 'empty_pickup' ? '2' : '*');

const up = (s: string | null | undefined) => (s ?? '').trim().toUpperCase();
/** 'DD/MM/YYYY HH:mm' in port time. */
const portTime = (d: Date) => formatPortTime(d, portFormats.dateTimeMinutes);

/**
 * Prices an order: gathers the tariffs, surcharge steps, job modes and exchange rates (its repository),
 * free days and reefer rules (storage rules), holiday exemptions (admin holidays) and attached services (attach
 * config), then lets the pure engine (`tariff-engine.ts`) compute the lines.
 */
export function createPricingService(deps: PricingDeps): PricingService {
  const { repo, storageRules, holidays, attachConfig } = deps;
  return {
    async price(input: PricingInput): Promise<PricingOutcome> {
      const terminal = up(input.TerminalCode);
      const jobMode = up(input.JobModeCode);
      const operation = up(input.OperationCode) || '*';
      const customer = up(input.CustomerCode);
      const moneyCredit: 'M' | 'C' = up(input.MoneyCredit) === 'C' ? 'C' : 'M';
      const direction = orderTypes[input.OrderType]?.direction ?? 'stay';
      const { at, ExpDate } = input;

      const [tariffs, steps, modes, rates, atb] = await Promise.all([
        repo.tariffs(terminal, at, customer, operation),
        repo.surchargeSteps(terminal),
        repo.jobModes(),
        repo.rates(at),
        input.VesselKey ? repo.berthing(input.VesselKey) : Promise.resolve(null),
      ]);

      // Attached services per local/foreign (the attach config's scope includes it): defaults plus the ticked attachable ones.
      const ticked = [...new Set(input.AttachServices.map(up).filter(Boolean))];
      const attachByLf = new Map<string, string[]>();
      // What the configuration offers the order over all its containers: the screen's tick boxes.
      const options = new Map<string, { IsFixed: boolean; Charged: boolean }>();
      for (const lf of new Set(input.containers.map((c) => c.IsLocalForeign))) {
        const list = await attachConfig.attachedServicesFor({
          terminal,
          jobModeCode: jobMode,
          operationCode: operation,
          vesselKey: input.VesselKey,
          customerCode: customer,
          isLocalForeign: lf,
        });
        // A ticked service the config does not offer for these containers is not charged (the screen offers only these).
        const offered = new Set(list.map((s) => up(s.AttachServiceCode)));
        const fixed = list.filter((s) => s.IsFixed).map((s) => up(s.AttachServiceCode));
        attachByLf.set(lf, [...new Set([...fixed, ...ticked.filter((s) => offered.has(s))])]);
        for (const s of list) {
          const code = up(s.AttachServiceCode);
          const was = options.get(code);
          const IsFixed = (was?.IsFixed ?? false) || s.IsFixed;
          options.set(code, { IsFixed, Charged: IsFixed || ticked.includes(code) });
        }
      }

      // Holiday exemptions of the stays (pickups only).
      const stays = direction === 'out' ? input.containers.filter((c) => c.DateIn) : [];
      let periods: Period[] = [];
      if (stays.length) {
        const from = new Date(Math.min(...stays.map((c) => (c.DateIn as Date).getTime())));
        periods = await holidays.holidayPeriodsFor({ terminal, operationCode: operation, customerCode: customer, from, to: ExpDate });
      }

      const freeCache = new Map<string, Promise<Awaited<ReturnType<typeof storageRules.freeDaysFor>>>>();
      const freeDays = (c: PricingContainer, isReefer: boolean) => {
        const q = {
          terminal,
          operationCode: operation,
          customerCode: customer,
          isLocalForeign: c.IsLocalForeign,
          moneyCredit,
          isReefer,
          classCode: freeDayClassOf(input.OrderType),
          fe: c.FE,
          cargoTypeCode: up(c.CargoTypeCode),
          at,
        };
        const key = JSON.stringify([q.isLocalForeign, q.isReefer, q.fe, q.cargoTypeCode]);
        let hit = freeCache.get(key);
        if (!hit) {
          hit = storageRules.freeDaysFor(q);
          freeCache.set(key, hit);
        }
        return hit;
      };

      const containers: EngineContainer[] = [];
      for (const c of input.containers) {
        const reeferBox = isReeferContainer(c);
        let storage: StorageFacts | null = null;
        if (direction === 'out' && c.DateIn) {
          const rule = await freeDays(c, reeferBox);
          storage = {
            dateIn: c.DateIn,
            until: ExpDate,
            freeDays: rule?.freeDays ?? 0,
            freeStart: rule?.startTime ?? 'DateIn',
            atb,
            holidays: periods,
          };
        }
        let reefer: EngineContainer['reefer'] = null;
        // A full reefer is plugged in the yard; an empty one only while it is worked there on the customer's hours
        // (stuffing cold cargo: the box is cooled first), never while it merely waits to be picked up.
        const plugged = reeferBox && (c.FE === 'F' || (direction === 'stay' && c.PlugHours != null && c.PlugHours > 0));
        const period = plugged ? reeferPeriod(direction, c, at, ExpDate) : null;
        if (period) {
          const q = { terminal, operationCode: operation, moneyCredit };
          const rule = await storageRules.reeferRuleFor({ ...q, at: period.plugIn });
          const counted = rule ? await storageRules.reeferHours({ ...q, ...period }) : null;
          const hours = counted ? counted.hours : wholeHoursUp(period);
          const how = rule
            ? `${reeferRoundingNames[rule.Rounding]}${rule.HourAdding ? `, cộng ${vn(rule.HourAdding)} giờ` : ''}`
            : 'làm tròn lên giờ, chưa có cấu hình điện lạnh';
          reefer = { hours, how: `${vn(hours)} giờ (cắm từ ${portTime(period.plugIn)} đến ${portTime(period.plugOut)}, ${how})` };
        }
        containers.push({
          ...c,
          CargoTypeCode: up(c.CargoTypeCode),
          storage,
          reefer,
          attach: attachByLf.get(c.IsLocalForeign) ?? [],
        });
      }

      const outcome = priceOrder({
        TerminalCode: terminal,
        JobModeCode: jobMode,
        OperationCode: operation,
        CustomerCode: customer,
        at,
        jobModes: modes,
        tariffs,
        steps,
        rates,
        containers,
        depot: input.depot ?? null,
      });
      if (!outcome.ok) return outcome;
      const AttachOptions = [...options]
        .sort(([a], [b]) => a.localeCompare(b))
        .map(([code, o]) => ({ AttachServiceCode: code, JobModeName: modes.get(code)?.JobModeName ?? code, ...o }));
      return { ok: true, charges: { ...outcome.charges, AttachOptions } };
    },
  };
}

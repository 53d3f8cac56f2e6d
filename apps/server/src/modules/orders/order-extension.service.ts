import {
  type CallRequest,
  type CheckedContainer,
  type calls,
  type ExtensionDue,
  extensionMessages,
  formatPortTime,
  lastSecondOfDayText,
  type OrderCharges,
  type OrderType,
  orderLimits,
  orderTypes,
  portDayLastSecond,
  portDayNumber,
  portFormats,
} from '@smartport/contract';
import type { Publisher } from '../../events/event-bus';
import type { AuthUser } from '../../http/context';
import { AppError, badRequest, notFound } from '../../http/errors';
import { assertOrderActor, orderReach } from '../../security/order-access';
import type { OrderApprovalRepository } from './order-approval.repository';
import type { OrderApprovalService } from './order-approval.service';
import type { OrderCreateRepository } from './order-create.repository';
import type { ExtensionContainer, ExtensionSource, OrderExtensionRepository, UnpaidExtension } from './order-extension.repository';
import type { PricingService } from './pricing.service';
import { extensionLines } from './tariff-engine';

type O = typeof calls.orders;

/** The repositories an extension is saved with, in one transaction (the yard event's when the gate refused). */
export interface ExtensionTx {
  extension: OrderExtensionRepository;
  create: Pick<OrderCreateRepository, 'insert'>;
  approval: Pick<OrderApprovalRepository, 'markApproved' | 'byNo'>;
}

/** An extension priced and ready to save: the order, the containers still in the yard, the new expiry and the lines. */
export interface ExtensionPlan {
  source: ExtensionSource;
  containers: ExtensionContainer[];
  coveredUntil: Date | null;
  expDate: Date;
  charges: OrderCharges;
  by: string;
}

export type ExtensionOutcome =
  | { kind: 'created'; due: ExtensionDue; free: boolean }
  | { kind: 'existing'; due: ExtensionDue }
  | { kind: 'taken'; ContainerNo: string }
  | { kind: 'changed' };

const portTime = (d: Date) => formatPortTime(d, portFormats.dateTimeMinutes);
const dueOf = (u: UnpaidExtension): ExtensionDue => ({
  OrderNo: u.OrderNo,
  PinCode: u.PinCode,
  ExtendsOrderNo: u.ExtendsOrderNo,
  ExpDate: u.ExpDate.toISOString(),
  TotalAmount: u.TotalAmount,
  OrderStatus: u.OrderStatus,
});

/**
 * Extensions (gia hạn): an order whose expiry passed before its trucks came gets an extension order for the extra
 * storage days and reefer hours of its containers still in the yard, priced by the tariff engine with the order's own
 * facts and rules (its pricing moment, free days, holidays) up to the new expiry, less what the order and its paid
 * extensions already billed. The extension is an order of its own (A, linked by ExtendsOrderNo) paid and approved like
 * any order, then delivered to the TOS, whose gate accepts the containers until the new expiry. One unpaid extension
 * per order: asking again answers it.
 */
export function createOrderExtensionService(deps: {
  repo: OrderExtensionRepository;
  transaction<T>(fn: (r: ExtensionTx, events: Publisher) => Promise<T>): Promise<T>;
  pricing: Pick<PricingService, 'price'>;
  approved: OrderApprovalService['approved'];
  now?: () => Date;
}) {
  const now = () => deps.now?.() ?? new Date();

  /** Refusals of nonsense, in the order a person would meet them. */
  function refusal(source: ExtensionSource | null, orderNo: string): AppError | null {
    if (source?.Source !== 'SMP') return notFound(extensionMessages.notFound(orderNo));
    if (source.ExtendsOrderNo) return badRequest(extensionMessages.isExtension(source.ExtendsOrderNo));
    if (source.OrderStatus === 'D') return new AppError(409, extensionMessages.cancelled);
    if (source.OrderStatus !== 'C') return new AppError(409, extensionMessages.notApproved);
    return null;
  }

  /**
   * The extension priced (reads only; the save re-reads what it depends on under the order's lock). `day` is the new
   * expiry's port day; none: the end of the port day of `from` (now, or the gate's refusal when later).
   */
  async function plan(source: ExtensionSource, opts: { day?: string | null; from: Date; gate: boolean; by: string }) {
    const all = await deps.repo.containers(source.OrderNo);
    const containers = all.filter((c) => !c.GateOutTime);
    if (!containers.length) throw new AppError(409, extensionMessages.allOut);
    const coveredUntil = (await deps.repo.coveredUntil(source.OrderNo)) ?? source.ExpDate;
    const at = now();
    // The gate's refusal is the TOS's word that the order expired; a person asking is checked against the portal's clock.
    if (!opts.gate && coveredUntil && coveredUntil.getTime() > at.getTime())
      throw new AppError(409, extensionMessages.notExpired(portTime(coveredUntil)));
    const expDate = opts.day ? lastSecondOfDayText(opts.day) : portDayLastSecond(opts.from);
    if (!expDate) throw badRequest(extensionMessages.dayPast);
    if (portDayNumber(expDate) < portDayNumber(at)) throw badRequest(extensionMessages.dayPast);
    if (portDayNumber(expDate) - portDayNumber(at) > orderLimits.maxExpiryDays)
      throw badRequest(extensionMessages.tooFar(orderLimits.maxExpiryDays));
    if (coveredUntil && expDate.getTime() <= coveredUntil.getTime()) throw badRequest(extensionMessages.notAfter(portTime(coveredUntil)));

    const type = (source.OrderType ?? 'import_pickup') as OrderType;
    const priceTo = async (until: Date) => {
      const r = await deps.pricing.price({
        TerminalCode: source.TerminalCode,
        OrderType: orderTypes[type] ? type : 'import_pickup',
        JobModeCode: source.JobModeCode,
        OperationCode: source.OperationCode ?? '',
        VesselKey: source.VesselKey,
        CustomerCode: source.CustomerCode,
        MoneyCredit: source.MoneyCredit,
        AttachServices: [],
        // The order's own pricing moment: the tariffs, free days and rules it was priced with.
        at: source.PricedAt,
        ExpDate: until,
        containers: containers.map((c) => ({
          ContainerNo: c.ContainerNo,
          IsoSizetype: c.IsoSizetype,
          FE: c.FE,
          CargoTypeCode: c.CargoTypeCode,
          IsLocalForeign: c.IsLocalForeign,
          MCWeight: c.MCWeight,
          Class: c.Class,
          Unno: c.Unno,
          Temperature: c.Temperature,
          OogTop: c.OogTop,
          OogLeft: c.OogLeft,
          OogRight: c.OogRight,
          OogBack: c.OogBack,
          OogFront: c.OogFront,
          PlugHours: c.PlugHours,
          DateIn: c.DateIn,
        })),
      });
      if (!r.ok) throw badRequest(`${extensionMessages.noTariff}: ${r.message}`);
      return r.charges;
    };
    const to = await priceTo(expDate);
    const covered = coveredUntil ? await priceTo(coveredUntil) : { ...to, lines: [] };
    const until = portTime(expDate);
    const charges = extensionLines(to, covered, at, (l) =>
      l.ChargeKind === 'storage' ? `Gia hạn lưu bãi đến ${until}` : `Gia hạn điện lạnh đến ${until}`,
    );
    return { source, containers, coveredUntil, expDate, charges, by: opts.by } satisfies ExtensionPlan;
  }

  /**
   * Saves a planned extension in the caller's transaction, under the order's lock: the unpaid one it already has is
   * answered instead; a paid extension since the plan (`changed`) asks for a new plan; an extension with nothing to
   * charge is approved at once (then delivered like any approved order).
   */
  async function save(r: ExtensionTx, events: Publisher, p: ExtensionPlan): Promise<ExtensionOutcome> {
    const orderNo = p.source.OrderNo;
    await r.extension.lock(orderNo);
    await r.extension.dropLapsed(orderNo);
    const open = await r.extension.unpaid(orderNo);
    if (open) return { kind: 'existing', due: dueOf(open) };
    const covered = (await r.extension.coveredUntil(orderNo)) ?? p.source.ExpDate;
    if ((covered?.getTime() ?? 0) !== (p.coveredUntil?.getTime() ?? 0)) return { kind: 'changed' };
    const c = p.charges;
    const containers: CheckedContainer[] = p.containers.map((x, i) => ({
      Row: i + 1,
      ContainerNo: x.ContainerNo,
      IsoSizetype: x.IsoSizetype,
      LocalSizetype: x.LocalSizetype,
      Teu: x.Teu,
      FE: x.FE,
      CargoTypeCode: x.CargoTypeCode,
      CargoTypeName: null,
      IsLocalForeign: x.IsLocalForeign,
      Commodity: x.Commodity,
      MCWeight: x.MCWeight,
      SealNo: x.SealNo,
      POL: x.POL,
      POD: x.POD,
      FPOD: x.FPOD,
      Temperature: x.Temperature,
      Vent: x.Vent,
      VentUnit: x.VentUnit,
      Class: x.Class,
      Unno: x.Unno,
      OogTop: x.OogTop,
      OogLeft: x.OogLeft,
      OogRight: x.OogRight,
      OogBack: x.OogBack,
      OogFront: x.OogFront,
      PlugHours: x.PlugHours,
      DateIn: x.DateIn?.toISOString() ?? null,
      FromYard: x.DateIn != null,
      // The order was approved: customs released these containers then; its eDO was used by it.
      CusHold: null,
      EdoNo: null,
      problems: [],
      notes: [],
    }));
    const saved = await r.create.insert(
      {
        OrderType: (p.source.OrderType ?? 'import_pickup') as OrderType,
        TerminalCode: p.source.TerminalCode,
        CustomerCode: p.source.CustomerCode,
        JobModeCode: p.source.JobModeCode,
        MoneyCredit: p.source.MoneyCredit,
        OperationCode: p.source.OperationCode ?? '',
        VesselKey: p.source.VesselKey,
        BookingNo: p.source.BookingNo,
        BLNo: p.source.BLNo,
        ShipperName: null,
        Note: `Gia hạn lệnh ${orderNo}`,
        ExpDate: p.expDate,
        CreatedBy: p.by,
        ClientKey: null,
        DraftHash: null,
        Amount: c.Amount,
        VatAmount: c.VatAmount,
        TotalAmount: c.TotalAmount,
        PricedAt: new Date(c.PricedAt),
        ClassCode: p.containers.find((x) => x.ClassCode != null)?.ClassCode ?? null,
        PaperDo: false,
        booking: null,
        containers,
        lines: c.lines,
        ExtendsOrderNo: orderNo,
      },
      now(),
    );
    if (saved.kind === 'taken') return { kind: 'taken', ContainerNo: saved.ContainerNo };
    if (saved.kind !== 'saved') return { kind: 'changed' };
    const no = saved.order.OrderNo;
    const due: ExtensionDue = {
      OrderNo: no,
      PinCode: saved.order.PinCode,
      ExtendsOrderNo: orderNo,
      ExpDate: p.expDate.toISOString(),
      TotalAmount: c.TotalAmount,
      OrderStatus: 'A',
    };
    if (c.TotalAmount === 0 && (await r.extension.approveFree(no))) {
      await deps.approved(r.approval, events, no, null);
      return { kind: 'created', due: { ...due, OrderStatus: 'C' }, free: true };
    }
    await events.publish('order.extensionDue', {
      orderNo,
      extensionOrderNo: no,
      containerNos: p.containers.map((x) => x.ContainerNo),
      amount: c.TotalAmount,
    });
    return { kind: 'created', due, free: false };
  }

  /** Plans and saves, planning again once when a paid extension moved the covered expiry meanwhile. */
  async function planAndSave(source: ExtensionSource, opts: Parameters<typeof plan>[1]): Promise<ExtensionOutcome> {
    for (let attempt = 0; ; attempt++) {
      const open = await deps.repo.unpaid(source.OrderNo);
      if (open) return { kind: 'existing', due: dueOf(open) };
      const p = await plan(source, opts);
      const out = await deps.transaction((r, events) => save(r, events, p));
      if (out.kind !== 'changed' || attempt >= 1) return out;
    }
  }

  return {
    plan,
    save,

    /** task/order/extend: the caller's extension of its expired order (or the unpaid one it has). */
    async extend(user: AuthUser, input: CallRequest<O['extendOrder']>) {
      assertOrderActor(user);
      const source = await deps.repo.source(orderReach(user), input.OrderNo);
      const refused = refusal(source, input.OrderNo);
      if (refused || !source) throw refused;
      const out = await planAndSave(source, { day: input.ExpDate ?? null, from: now(), gate: false, by: user.UserID });
      if (out.kind === 'taken') throw new AppError(409, extensionMessages.taken(out.ContainerNo));
      if (out.kind === 'changed') throw new AppError(409, extensionMessages.changed);
      const message =
        out.kind === 'existing'
          ? extensionMessages.unpaid(out.due.OrderNo)
          : out.free
            ? extensionMessages.createdFree(out.due.OrderNo)
            : extensionMessages.created(out.due.OrderNo);
      return { success: true as const, message, data: out.due };
    },

    /** The extensions waiting for payment of these orders (the order screens). */
    async dueFor(orderNos: string[]): Promise<Map<string, ExtensionDue>> {
      return new Map((await deps.repo.unpaidOf(orderNos)).map((u) => [u.ExtendsOrderNo, dueOf(u)]));
    },

    /** The yard's own reading of an order named by a gate refusal: null when it is not one to extend. */
    async sourceForGate(orderNo: string): Promise<ExtensionSource | null> {
      const source = await deps.repo.source(null, orderNo);
      return refusal(source, orderNo) ? null : source;
    },
  };
}
export type OrderExtensionService = ReturnType<typeof createOrderExtensionService>;

import { createHash } from 'node:crypto';
import {
  bookingMessages,
  type CallRequest,
  type CheckedContainer,
  type calls,
  depotMessages,
  depotOrderTypes,
  type ExtensionDue,
  edoMessages,
  type InvoiceState,
  invoiceStateNames,
  normalizeContainerNo,
  type OrderCharges,
  type OrderDetail,
  type OrderHeaderInput,
  type OrderStatus,
  type OrderType,
  type OrderTypeDef,
  orderFileLimits,
  orderFileMessages,
  orderMessages,
  orderTypes,
  type PayerRow,
  type TosStatus,
  tosStatus,
  tosStatusNames,
  type YardState,
  yardStateNames,
} from '@smartport/contract';
import type { DomainEventBus, Publisher } from '../../events/event-bus';
import type { AuthUser } from '../../http/context';
import { AppError, badRequest, forbidden, notFound } from '../../http/errors';
import { assertOrderActor, orderReach } from '../../security/order-access';
import { assertTerminal } from '../../security/terminal-scope';
import { checkUpload } from '../../storage/upload-checks';
import type { ApprovalFacts } from '../approval/approval.service';
import {
  applyBookingLimits,
  applyEdoReleases,
  type BookingFactLite,
  bookingProblem,
  checkRows,
  documentProblem,
  type EdoCoverFact,
  expDateProblem,
  firstProblem,
  missingFromBill,
  orderCheckMessages,
  parseExpDate,
  type RowFacts,
  voyageLabel,
} from './order-checks';
import type { BookingLimit, DepotFact, KeyedOrderRow, OrderCreateRepository, SavedOrderRow } from './order-create.repository';
import type { PricingService } from './pricing.service';
import { orderStatusNames } from './public-order.service';

type O = typeof calls.orders;

export interface OrderCreateDeps {
  repo: OrderCreateRepository;
  pricing: Pick<PricingService, 'price'>;
  /** Settings approval service: whether an order confirmed now waits for staff (P) or is approved at once (C). */
  approvalNeeded(f: ApprovalFacts): Promise<boolean>;
  /**
   * One transaction with the repository in it and its events published with it (the domain event bus): a pay-later
   * confirmation publishes `order.payLaterConfirmed`, whose handler (order approval) records the approver in it.
   */
  transaction<T>(fn: (repo: Pick<OrderCreateRepository, 'confirmPayLater'>, events: Publisher) => Promise<T>): Promise<T>;
  /** Publishes a fact in a transaction of its own (`order.saved`). */
  publish: DomainEventBus['publish'];
  /** The terminal's dangerous-goods list (admin rules): alert texts, none = not allowed. */
  imoAlertFor(q: { terminal: string; classCode: string; unno: string }): Promise<string[]>;
  /** The terminal config's switches (ImportPickupAllCont, DepotSelect). */
  flags(terminal: string): Promise<{ ImportPickupAllCont: boolean; DepotSelect: boolean }>;
  /** The public order link's token (ord_url). */
  linkToken(orderNo: string): string;
  /** What the line's eDOs release (edo module): whether the line is on eDO, and the eDOs on the bill naming the containers. */
  edoReleases(q: {
    terminal: string;
    line: string;
    blNo: string | null;
    containerNos: string[];
  }): Promise<{ isEdoLine: boolean; covers: EdoCoverFact[] }>;
  /** The order's extension (gia hạn) waiting for payment, if any (the extension service). */
  extensionDue(orderNo: string): Promise<ExtensionDue | null>;
  /** The line's booking (bookings module), null when it has none of that number. */
  bookingFor(q: { line: string; bookingNo: string }): Promise<BookingFactLite | null>;
  now?: () => Date;
}

interface Header {
  type: OrderTypeDef;
  input: OrderHeaderInput;
  ExpDate: Date;
  localForeign: 'L' | 'F';
  /** The chosen vessel call at the order's terminal, named for the refusals. */
  vessel: { VesselKey: string; label: string } | null;
  /** The depot chosen (DepotSelect on, an empty pickup or return), else null. */
  depot: DepotFact | null;
}

/**
 * The fingerprint of a draft as saved under a ClientKey: the parsed request without the key itself. A double click or a
 * resend sends the same draft (same fingerprint); another draft under the same key is a different order.
 */
export function draftFingerprint(draft: Record<string, unknown>): string {
  const { ClientKey: _key, ...rest } = draft;
  return createHash('sha256').update(JSON.stringify(rest)).digest('hex');
}

/** Import (1) or export (2) class of the containers an order type moves (classes catalogue), else null. */
const classOf: Record<OrderType, number | null> = {
  fcl_pre_advice: 2,
  pre_advice: null,
  icd_pre_advice: null,
  import_pickup: 1,
  empty_pickup: 2,
  stuffing: 2,
  unstuffing: 1,
  service: null,
};

/**
 * Order creation (spec 02 §2.1): the header and container checks, the payer, the charges (pricing service),
 * the one-transaction save, pay later for credit customers and the order's detail. Customers act for themselves;
 * staff holding the staff order grant act for any customer of their terminals.
 */
export function createOrderCreateService(deps: OrderCreateDeps) {
  const { repo } = deps;
  const now = () => deps.now?.() ?? new Date();

  /** Whether the order screen offers a depot: an empty pickup or return at a terminal with 'Hiển thị chọn depot' on. */
  async function depotOffered(type: OrderTypeDef, terminal: string): Promise<boolean> {
    return (depotOrderTypes as readonly string[]).includes(type.type) && (await deps.flags(terminal)).DepotSelect;
  }

  /**
   * The depot of the draft, from the terminal's own active depots: required where offered, refused where not (switch
   * off, or an order type without depots), and one of another terminal refused naming the code and the terminal.
   */
  async function depotOf(type: OrderTypeDef, input: OrderHeaderInput): Promise<DepotFact | null> {
    const offered = await depotOffered(type, input.TerminalCode);
    if (!input.DepotCode) {
      if (offered) throw badRequest(depotMessages.required);
      return null;
    }
    if (!(depotOrderTypes as readonly string[]).includes(type.type)) throw badRequest(depotMessages.wrongType(type.title));
    if (!offered) throw badRequest(depotMessages.notOffered(input.TerminalCode));
    const depot = (await repo.depots(input.TerminalCode)).find((d) => d.DepotCode === input.DepotCode);
    if (!depot) throw badRequest(depotMessages.unknown(input.DepotCode, input.TerminalCode));
    return depot;
  }

  /** Header checks in the screen's order; a bad header is a 400 (403 for a type or terminal the caller lacks). */
  async function header(user: AuthUser, input: OrderHeaderInput): Promise<Header> {
    const type = orderTypes[input.OrderType];
    if (!user.grants.has(type.menu)) throw forbidden(orderCheckMessages.noMenu(type.title));
    assertTerminal(user, input.TerminalCode);
    if (!type.jobModes.includes(input.JobModeCode)) throw badRequest(orderCheckMessages.jobMode(input.JobModeCode, type.title));
    const operator = await repo.operator(input.OperationCode);
    if (!operator) throw badRequest(orderCheckMessages.operator(input.OperationCode));
    if (type.vesselRequired && !input.VesselKey) throw badRequest(orderMessages.noVessel);
    const call = input.VesselKey ? await repo.vesselAt(input.VesselKey, input.TerminalCode) : null;
    if (input.VesselKey && !call) throw badRequest(orderCheckMessages.vessel(input.VesselKey, input.TerminalCode));
    const doc = documentProblem(type, input);
    if (doc) throw badRequest(doc);
    const exp = expDateProblem(input.ExpDate, now());
    if (exp) throw badRequest(exp);
    const depot = await depotOf(type, input);
    return {
      depot,
      type,
      input,
      ExpDate: parseExpDate(input.ExpDate) as Date,
      localForeign: operator.IsLF === 'L' ? 'L' : 'F',
      vessel: input.VesselKey && call ? { VesselKey: input.VesselKey, label: voyageLabel(call, input.VesselKey) } : null,
    };
  }

  /**
   * Every row checked against the catalogues, the yard, the other live orders, the terminal's rules and, for an import
   * pickup of a line on eDO, the line's eDOs for the payer (`payer`; null before the payer is known: its tax code for the
   * eDOs, its code for whose PIN a refusal may name). `paperDo`: the line is not on eDO, its paper D/O is checked by staff.
   */
  async function rowsOf(
    h: Header,
    containers: CallRequest<O['checkContainers']>['containers'],
    payer: Pick<PayerRow, 'TaxCode' | 'CustomerCode'> | null,
  ): Promise<{ rows: CheckedContainer[]; paperDo: boolean; booking: BookingLimit | null }> {
    const payerTax = payer?.TaxCode ?? null;
    const { input, type } = h;
    const nos = [...new Set(containers.map((c) => normalizeContainerNo(c.ContainerNo)).filter(Boolean))];
    const [sizes, cargo, yard, live] = await Promise.all([
      repo.localSizes(input.OperationCode),
      repo.cargoTypes(),
      repo.yardVisits(input.TerminalCode, nos),
      repo.liveOrders(input.TerminalCode, nos),
    ]);
    // The IMO list is asked once per (class, UN no) of the drop-offs.
    const imo = new Map<string, string[] | null>();
    if (type.direction === 'in') {
      for (const c of containers) {
        const cls = c.Class?.trim();
        const unno = c.Unno?.trim();
        if (!cls || !unno || imo.has(`${cls}|${unno}`)) continue;
        const alerts = await deps.imoAlertFor({ terminal: input.TerminalCode, classCode: cls, unno });
        imo.set(`${cls}|${unno}`, alerts.length ? alerts : null);
      }
    }
    const facts: RowFacts = {
      localSizes: new Map(sizes.map((s) => [s.LocalSizetype, s])),
      cargoTypes: new Map(cargo.map((c) => [c.CargoTypeCode, c.CargoTypeName])),
      yard: new Map(yard.map((v) => [v.ContainerNo, v])),
      liveOrders: live,
      imo: (cls, unno) => imo.get(`${cls}|${unno}`) ?? null,
      defaultLocalForeign: h.localForeign,
      customerCode: payer?.CustomerCode ?? null,
    };
    const rows = checkRows(
      containers,
      { type, TerminalCode: input.TerminalCode, OperationCode: input.OperationCode, BLNo: input.BLNo, vessel: h.vessel },
      facts,
    );
    if (type.type === 'import_pickup' && input.BLNo && (await deps.flags(input.TerminalCode)).ImportPickupAllCont) {
      missingFromBill(rows, await repo.billInYard(input.TerminalCode, input.BLNo));
    }
    // Empty pickups and export drop-offs: the line's booking at the terminal, and what it has left per size.
    let booking: BookingLimit | null = null;
    if ((type.type === 'empty_pickup' || type.type === 'fcl_pre_advice') && input.BookingNo) {
      const b = await deps.bookingFor({ line: input.OperationCode, bookingNo: input.BookingNo });
      const problem = bookingProblem(b, {
        bookingNo: input.BookingNo,
        line: input.OperationCode,
        terminal: input.TerminalCode,
        expDate: h.ExpDate,
        now: now(),
      });
      if (problem || !b) throw badRequest(problem ?? orderMessages.noBooking);
      applyBookingLimits(rows, b, type.type);
      booking = {
        BookingNo: b.BookingNo,
        OperationCode: input.OperationCode,
        kind: type.type,
        quantities: Object.fromEntries(b.lines.map((l) => [l.IsoSizetype, l.Quantity])),
      };
    }
    let paperDo = false;
    if (type.type === 'import_pickup') {
      const releases = await deps.edoReleases({
        terminal: input.TerminalCode,
        line: input.OperationCode,
        blNo: input.BLNo,
        containerNos: rows.map((r) => r.ContainerNo),
      });
      if (releases.isEdoLine)
        applyEdoReleases(rows, {
          line: input.OperationCode,
          terminal: input.TerminalCode,
          payerTax,
          expDate: h.ExpDate,
          now: now(),
          covers: releases.covers,
        });
      else {
        paperDo = true;
        rows[0]?.notes.push(`Dòng 1: ${edoMessages.paperDo(input.OperationCode)}`);
      }
    }
    return { rows, paperDo, booking };
  }

  /** Customers pay for themselves; staff choose any active customer. */
  async function payerFor(user: AuthUser, code: string): Promise<PayerRow> {
    if (user.CustomerCode != null && user.CustomerCode !== code) throw forbidden(orderCheckMessages.payerOther);
    const payer = await repo.payer(code);
    if (!payer) throw badRequest(orderCheckMessages.payerMissing(code));
    return payer;
  }

  /** A whole draft checked: header, rows without a problem, payer; then priced. */
  async function priced(user: AuthUser, draft: CallRequest<O['calculateCharges']>) {
    assertOrderActor(user);
    const h = await header(user, draft);
    const payer = await payerFor(user, draft.CustomerCode);
    const { rows, paperDo, booking } = await rowsOf(h, draft.containers, payer);
    const problem = firstProblem(rows);
    if (problem) throw badRequest(`${orderMessages.containersInvalid}. ${problem}`);
    const at = now();
    const outcome = await deps.pricing.price({
      TerminalCode: draft.TerminalCode,
      OrderType: draft.OrderType,
      JobModeCode: draft.JobModeCode,
      OperationCode: draft.OperationCode,
      VesselKey: draft.VesselKey,
      CustomerCode: payer.CustomerCode,
      MoneyCredit: payer.MoneyCredit,
      AttachServices: draft.AttachServices,
      depot: h.depot,
      at,
      ExpDate: h.ExpDate,
      containers: rows.map((r) => ({
        ContainerNo: r.ContainerNo,
        IsoSizetype: r.IsoSizetype,
        FE: r.FE,
        CargoTypeCode: r.CargoTypeCode,
        IsLocalForeign: r.IsLocalForeign,
        MCWeight: r.MCWeight,
        Class: r.Class,
        Unno: r.Unno,
        Temperature: r.Temperature,
        OogTop: r.OogTop,
        OogLeft: r.OogLeft,
        OogRight: r.OogRight,
        OogBack: r.OogBack,
        OogFront: r.OogFront,
        PlugHours: r.PlugHours,
        DateIn: r.DateIn ? new Date(r.DateIn) : null,
      })),
    });
    if (!outcome.ok) throw badRequest(outcome.message || orderMessages.noTariff);
    return { h, rows, payer, paperDo, booking, charges: outcome.charges };
  }

  const saved = (o: SavedOrderRow) => ({
    success: true as const,
    message: orderMessages.saved,
    data: {
      OrderNo: o.OrderNo,
      PinCode: o.PinCode,
      TotalAmount: o.TotalAmount,
      MoneyCredit: o.MoneyCredit,
      OrderStatus: o.OrderStatus,
      TrarCount: o.TrarCount,
    },
  });
  /** The order saved before under the key: answered again for the same draft, refused (409) for another one. */
  const again = (o: KeyedOrderRow, hash: string) => {
    if (o.DraftHash && o.DraftHash !== hash) throw new AppError(409, orderMessages.clientKeyReused(o.OrderNo));
    return saved(o);
  };

  return {
    /** task/order/checkContainers: a bad header is a 400; row problems are answered (200) per row. */
    async checkContainers(user: AuthUser, input: CallRequest<O['checkContainers']>) {
      const h = await header(user, input);
      // A customer pays for itself: its eDOs are checked now; staff choose the payer later (checked at pricing).
      const payer = user.CustomerCode ? await repo.payer(user.CustomerCode) : null;
      const { rows } = await rowsOf(h, input.containers, payer);
      const problem = firstProblem(rows);
      return { success: true as const, payload: rows, ...(problem ? { message: orderMessages.containersInvalid } : {}) };
    },

    /** task/order/depots: the depots the order screen offers (none when the switch is off or the type takes none). */
    async depots(user: AuthUser, input: CallRequest<O['orderDepots']>) {
      const type = orderTypes[input.OrderType];
      if (!user.grants.has(type.menu)) throw forbidden(orderCheckMessages.noMenu(type.title));
      assertTerminal(user, input.TerminalCode);
      const offered = await depotOffered(type, input.TerminalCode);
      const list = offered ? await repo.depots(input.TerminalCode) : [];
      return {
        success: true as const,
        DepotSelect: offered,
        payload: list.map((d) => ({ DepotCode: d.DepotCode, DepotName: d.DepotName, Address: d.Address })),
      };
    },

    /** task/import_pickup/load_payer: active customers with that tax code (a customer account: its own only). */
    async loadPayer(user: AuthUser, taxCode: string) {
      // Names, addresses and e-mails of payers are for those who order for them, not for any holder of the menu.
      assertOrderActor(user);
      const list = await repo.payersByTax(taxCode, user.CustomerCode);
      // Not found is an answer like any refusal: 404 with its message (a 2xx reply always means success).
      if (!list.length) throw notFound(orderMessages.payerNotFound);
      return { success: true as const, payload: list };
    },

    /** task/order/calculate: the draft invoice. */
    async calculate(user: AuthUser, draft: CallRequest<O['calculateCharges']>): Promise<OrderCharges> {
      return (await priced(user, draft)).charges;
    },

    /**
     * task/order/save: checked and priced again; a total other than the one shown is refused (409). A ClientKey seen
     * before (same user) answers the order it saved.
     */
    async save(user: AuthUser, draft: CallRequest<O['saveOrder']>) {
      assertOrderActor(user);
      const key = draft.ClientKey ?? null;
      const hash = draftFingerprint(draft);
      if (key) {
        const before = await repo.savedByClientKey(user.UserID, key);
        if (before) return again(before, hash);
      }
      const { h, rows, payer, paperDo, booking, charges } = await priced(user, draft);
      if (charges.TotalAmount !== draft.TotalAmount) throw new AppError(409, orderMessages.priceChanged);
      const order = await repo.insert(
        {
          OrderType: draft.OrderType,
          TerminalCode: draft.TerminalCode,
          CustomerCode: payer.CustomerCode,
          JobModeCode: draft.JobModeCode,
          MoneyCredit: payer.MoneyCredit,
          OperationCode: draft.OperationCode,
          VesselKey: draft.VesselKey,
          BookingNo: draft.BookingNo,
          BLNo: draft.BLNo,
          DepotCode: h.depot?.DepotCode ?? null,
          ShipperName: draft.ShipperName ?? payer.CustomerName,
          Note: draft.Note,
          ExpDate: h.ExpDate,
          CreatedBy: user.UserID,
          ClientKey: key,
          DraftHash: key ? hash : null,
          Amount: charges.Amount,
          VatAmount: charges.VatAmount,
          TotalAmount: charges.TotalAmount,
          PricedAt: new Date(charges.PricedAt),
          ClassCode: classOf[draft.OrderType],
          PaperDo: paperDo,
          booking,
          containers: rows,
          lines: charges.lines,
        },
        now(),
      );
      if (order.kind === 'saved') {
        await deps.publish('order.saved', { orderNo: order.order.OrderNo, terminal: draft.TerminalCode, by: user.UserID });
        return saved(order.order);
      }
      if (order.kind === 'taken') {
        const row = rows.find((r) => r.ContainerNo === order.ContainerNo)?.Row ?? 1;
        const pin = order.CustomerCode === payer.CustomerCode ? order.pin : null;
        throw new AppError(409, `Dòng ${row}: ${orderMessages.containerTaken(order.ContainerNo, pin)}`);
      }
      if (order.kind === 'bookingFull') throw new AppError(409, bookingMessages.full(order.BookingNo, order.IsoSizetype));
      if (order.kind === 'edoGone') throw new AppError(409, edoMessages.saveGone(order.EdoNo));
      const first = key ? await repo.savedByClientKey(user.UserID, key) : null;
      if (!first) throw new AppError(409, orderMessages.priceChanged);
      return again(first, hash);
    },

    /**
     * task/order/attachFile: a file (the paper D/O) on the caller's order not yet approved: PDF, JPG or PNG by content,
     * at most 5 MB, 5 files an order.
     */
    async attachFile(user: AuthUser, input: CallRequest<O['attachOrderFile']>) {
      assertOrderActor(user);
      const order = await repo.order(orderReach(user), input.OrderNo);
      if (!order) throw notFound(orderCheckMessages.notFound(input.OrderNo));
      const part = input.files?.[0];
      if (!part) throw badRequest(orderFileMessages.noFile);
      const { name, mime } = await checkUpload(part.filename, part.data, {
        accepted: orderFileLimits.extensions,
        maxFileBytes: orderFileLimits.maxBytes,
        tooLarge: orderFileMessages.tooLarge,
      });
      const done = await repo.addFile(
        order.OrderNo,
        { FileName: name, ContentType: mime, Content: part.data, CreatedBy: user.UserID },
        orderFileLimits.maxFiles,
      );
      if (done.kind === 'closed') throw new AppError(409, orderFileMessages.closed);
      if (done.kind === 'full') throw badRequest(orderFileMessages.tooMany(orderFileLimits.maxFiles));
      return { success: true as const, message: orderFileMessages.attached(name, order.OrderNo), FileCount: done.count };
    },

    /**
     * task/order/confirmPayLater: a credit customer's unpaid order goes to P (approval needed) or C (approved at once,
     * then `order.payLaterConfirmed` approves it). A replay answers the state the order is in.
     */
    async confirmPayLater(user: AuthUser, orderNo: string) {
      assertOrderActor(user);
      const scope = orderReach(user);
      const order = await repo.order(scope, orderNo);
      if (!order) throw notFound(orderCheckMessages.notFound(orderNo));
      if (order.MoneyCredit !== 'C') throw badRequest(orderMessages.notCredit);
      const answer = (status: string) => ({
        success: true as const,
        message: status === 'P' ? orderMessages.waitingApproval : orderMessages.confirmed,
        data: { OrderStatus: status },
      });
      if (order.OrderStatus === 'P' || order.OrderStatus === 'C') return answer(order.OrderStatus);
      if (order.OrderStatus !== 'A' || order.TransactionId) throw badRequest(orderCheckMessages.notPayLater);
      const needed = await deps.approvalNeeded({
        terminal: order.TerminalCode,
        jobModeCode: order.JobModeCode,
        operationCode: order.OperationCode,
        customerCode: order.CustomerCode,
        moneyCredit: order.MoneyCredit,
        at: now(),
      });
      const changed = await deps.transaction(async (r, events) => {
        const done = await r.confirmPayLater(order.OrderNo, needed);
        if (done)
          await events.publish('order.payLaterConfirmed', { orderNo: order.OrderNo, by: user.UserID, skipApproval: done.SkipApproval });
        return done;
      });
      if (!changed) {
        const again = await repo.order(scope, orderNo);
        if (again && (again.OrderStatus === 'P' || again.OrderStatus === 'C')) return answer(again.OrderStatus);
        throw badRequest(orderCheckMessages.notPayLater);
      }
      return answer(changed.OrderStatus);
    },

    /** task/order/getOrder: the order as its owner or staff see it (404 outside the caller's reach). */
    async getOrder(user: AuthUser, orderNo: string): Promise<OrderDetail> {
      const o = await repo.order(orderReach(user), orderNo);
      if (!o) throw notFound(orderCheckMessages.notFound(orderNo));
      const [containers, charges, extension] = await Promise.all([
        repo.containers(o.OrderNo),
        repo.charges(o.OrderNo),
        deps.extensionDue(o.OrderNo),
      ]);
      const time = (v: unknown) => (v == null ? null : new Date(v as string).toISOString());
      // Derived from the yard's times: the status stays C (statistics and approval read it).
      const yard: YardState = o.CompletedAt ? 'completed' : containers.some((c) => c.AllocatedAt != null) ? 'allocated' : 'none';
      const tos: TosStatus = tosStatus.safeParse(o.TosStatus).success ? (o.TosStatus as TosStatus) : 'none';
      const vessel = o.VesselName ? `${o.VesselName} ${o.VesselImVoy ?? ''}/${o.VesselExVoy ?? ''}`.trim() : null;
      // An approved order with an amount to bill gets its e-invoice from the server (paid, or on credit).
      const invoice: InvoiceState = o.InvoiceNo
        ? 'issued'
        : o.OrderStatus !== 'C' || o.TotalAmount <= 0
          ? 'none'
          : o.InvoiceFailed
            ? 'failed'
            : 'pending';
      return {
        OrderNo: o.OrderNo,
        PinCode: o.PinCode,
        OrderType: o.OrderType,
        TerminalCode: o.TerminalCode,
        JobModeCode: o.JobModeCode,
        JobModeName: o.JobModeName ?? o.JobModeCode,
        OperationCode: o.OperationCode,
        VesselKey: o.VesselKey,
        VesselName: vessel,
        BLNo: o.BLNo,
        BookingNo: o.BookingNo,
        DepotCode: o.DepotCode,
        DepotName: o.DepotName,
        ExpDate: o.ExpDate?.toISOString() ?? null,
        CustomerCode: o.CustomerCode,
        CustomerName: o.CustomerName,
        TaxCode: o.TaxCode,
        MoneyCredit: o.MoneyCredit,
        OrderStatus: o.OrderStatus,
        OrderStatusName: orderStatusNames[o.OrderStatus as OrderStatus] ?? o.OrderStatus,
        TransactionId: o.TransactionId,
        TotalAmount: o.TotalAmount,
        RejectReason: o.RejectReason,
        ApprovedBy: o.ApprovedBy,
        ApprovedTime: o.ApprovedTime?.toISOString() ?? null,
        TosStatus: tos,
        TosStatusName: tosStatusNames[tos],
        TosMessage: o.TosMessage,
        InvoiceNo: o.InvoiceNo,
        InvoiceState: invoice,
        InvoiceStateName: invoiceStateNames[invoice],
        TosRetrying: o.TosRetrying,
        ord_url: o.OrderStatus === 'C' ? `/order/${deps.linkToken(o.OrderNo)}` : null,
        CreatedTime: o.CreatedTime.toISOString(),
        YardState: yard,
        YardStateName: yardStateNames[yard],
        CompletedAt: o.CompletedAt?.toISOString() ?? null,
        ExtendsOrderNo: o.ExtendsOrderNo,
        ExtensionDue: extension,
        containers: containers.map((c, i) => ({
          Row: i + 1,
          ContainerNo: String(c.ContainerNo),
          IsoSizetype: String(c.IsoSizetype),
          LocalSizetype: (c.LocalSizetype as string | null) ?? null,
          Teu: Number(c.Teu),
          FE: c.FE === 'E' ? 'E' : 'F',
          CargoTypeCode: String(c.CargoTypeCode ?? ''),
          CargoTypeName: (c.CargoTypeName as string | null) ?? null,
          IsLocalForeign: c.IsLocalForeign === 'L' ? 'L' : 'F',
          Commodity: (c.Commodity as string | null) ?? null,
          MCWeight: c.MCWeight == null ? null : Number(c.MCWeight),
          SealNo: (c.SealNo as string | null) ?? null,
          POL: (c.POL as string | null) ?? null,
          POD: (c.POD as string | null) ?? null,
          FPOD: (c.FPOD as string | null) ?? null,
          Temperature: c.Temperature == null ? null : Number(c.Temperature),
          Vent: (c.Vent as string | null) ?? null,
          VentUnit: (c.VentUnit as string | null) ?? null,
          Class: (c.Class as string | null) ?? null,
          Unno: (c.Unno as string | null) ?? null,
          OogTop: c.OogTop == null ? null : Number(c.OogTop),
          OogLeft: c.OogLeft == null ? null : Number(c.OogLeft),
          OogRight: c.OogRight == null ? null : Number(c.OogRight),
          OogBack: c.OogBack == null ? null : Number(c.OogBack),
          OogFront: c.OogFront == null ? null : Number(c.OogFront),
          PlugHours: c.PlugHours == null ? null : Number(c.PlugHours),
          DateIn: c.DateIn == null ? null : new Date(c.DateIn as string).toISOString(),
          // Saved from the yard's record: only a container the yard held has its DateIn.
          FromYard: c.DateIn != null,
          CusHold: c.CusHold == null ? null : Boolean(c.CusHold),
          EdoNo: (c.EdoNo as string | null) ?? null,
          AllocatedAt: time(c.AllocatedAt),
          GateInTime: time(c.GateInTime),
          GateOutTime: time(c.GateOutTime),
        })),
        charges,
      };
    },
  };
}
export type OrderCreateService = ReturnType<typeof createOrderCreateService>;

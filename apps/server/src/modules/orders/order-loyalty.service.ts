import { type CallReply, type CallRequest, type calls, type LoyaltyConfig, loyaltyPointMessages } from '@smartport/contract';
import type { Db } from '../../db/client';
import type { Publisher } from '../../events/event-bus';
import type { AuthUser } from '../../http/context';
import { AppError, badRequest, notFound } from '../../http/errors';
import { assertOrderActor, orderReach } from '../../security/order-access';
import { UNPRICED_VAT_RATE } from '../invoices/invoices.service';
import type { DiscountLine, OrderLoyaltyRepository, RedeemCharge } from './order-loyalty.repository';

type L = typeof calls.loyalty;

/**
 * The lines a discount is taken from: the stored ones, or for an order without priced lines (demo data, orders priced
 * before the engine) its amount as one line at the rate its invoice will use.
 */
const baseLines = (charges: readonly RedeemCharge[], total: number, jobModeCode: string): RedeemCharge[] =>
  charges.length ? [...charges] : [{ LineNo: 0, ChargeKind: 'job', JobModeCode: jobModeCode, VatRate: UNPRICED_VAT_RATE, Total: total }];

/**
 * The discount of `points` at `pointValue` VND each on an order's charge lines: taken at the VAT rate of the lines that
 * weigh most (VAT included, split so that before tax + VAT is the discount), at most what those lines cost less one
 * đồng (the order still goes through a payment partner). Points beyond that are not spent. Null: nothing to take.
 */
export function discountPlan(
  charges: readonly RedeemCharge[],
  points: number,
  pointValue: number,
): Omit<DiscountLine, 'LineNo' | 'JobModeCode'> | null {
  if (pointValue <= 0 || points <= 0) return null;
  const byRate = new Map<number, number>();
  for (const c of charges) if (c.ChargeKind !== 'discount') byRate.set(c.VatRate, (byRate.get(c.VatRate) ?? 0) + Number(c.Total));
  const [vatRate, cap] = [...byRate.entries()].sort((a, b) => b[1] - a[1] || b[0] - a[0])[0] ?? [0, 0];
  const usable = Math.min(points, Math.floor((cap - 1) / pointValue));
  if (usable <= 0) return null;
  const total = usable * pointValue;
  const vat = vatRate > 0 ? Math.round((total * vatRate) / (100 + vatRate)) : 0;
  return { Points: usable, PointValue: pointValue, Amount: -(total - vat), VatRate: vatRate, VatAmount: -vat, Total: -total };
}

interface OrderLoyaltyDeps {
  repo: OrderLoyaltyRepository;
  /** The repository inside the event bus's transaction (the redemption's). */
  transaction: <T>(fn: (repo: OrderLoyaltyRepository, tx: Db, events: Publisher) => Promise<T>) => Promise<T>;
  loyalty: {
    config(): Promise<LoyaltyConfig | null>;
    totals(customerCode: string, tx?: Db): Promise<{ Balance: number; Earned: number }>;
    tierOf(earned: number): Promise<'GOLD' | 'SILVER' | 'COPPER' | null>;
    redeemedOn(tx: Db, orderNo: string): Promise<{ Points: number; Amount: number }>;
    spend(
      tx: Db,
      s: { CustomerCode: string; OrderNo: string; TerminalCode: string; Points: number; Rate: number; Amount: number; by: string },
    ): Promise<void>;
  };
  db: Db;
}

/**
 * Loyalty points spent at payment (docs/decisions.md 'Loyalty points'): the orders own the order's money, so the
 * discount line and the lowered total are written here, with the ledger's redeem row (loyalty) in the same transaction.
 */
export function createOrderLoyaltyService(deps: OrderLoyaltyDeps) {
  const pointValueOf = (c: LoyaltyConfig | null) => (c && c.PoinToVND > 0 ? c.PoinToVND : null);

  return {
    /** Before paying: the order's customer's points and the most this order can take. */
    async forOrder(user: AuthUser, orderNo: string): Promise<CallReply<L['loyaltyForOrder']>> {
      assertOrderActor(user);
      const o = await deps.repo.order(orderReach(user), orderNo);
      if (!o) throw notFound(`Không tìm thấy lệnh ${orderNo}.`);
      const [config, totals, redeemed, charges] = await Promise.all([
        deps.loyalty.config(),
        deps.loyalty.totals(o.CustomerCode),
        deps.loyalty.redeemedOn(deps.db, o.OrderNo),
        deps.repo.charges(o.OrderNo),
      ]);
      const value = pointValueOf(config);
      const payable = o.OrderStatus === 'A' && !o.TransactionId && !redeemed.Points;
      const lines = baseLines(charges, Number(o.TotalAmount), o.JobModeCode);
      const plan = value && payable && totals.Balance > 0 ? discountPlan(lines, totals.Balance, value) : null;
      return {
        success: true,
        data: {
          Balance: totals.Balance,
          Tier: await deps.loyalty.tierOf(totals.Earned),
          PointValue: value,
          MaxPoints: plan?.Points ?? 0,
          Redeemed: redeemed.Points,
          RedeemedAmount: redeemed.Amount,
        },
      };
    },

    /** Spends points on an unpaid order: one discount line, once per order; the server decides the amount. */
    async redeem(user: AuthUser, input: CallRequest<L['redeemLoyalty']>): Promise<CallReply<L['redeemLoyalty']>> {
      assertOrderActor(user);
      const value = pointValueOf(await deps.loyalty.config());
      if (!value) throw badRequest(loyaltyPointMessages.notConfigured);
      const done = await deps.transaction(async (repo, tx) => {
        const o = await repo.order(orderReach(user), input.OrderNo, true);
        if (!o) throw notFound(`Không tìm thấy lệnh ${input.OrderNo}.`);
        if (o.OrderStatus !== 'A' || o.TransactionId) throw new AppError(409, loyaltyPointMessages.notPayable);
        if (await repo.livePayment(o.OrderNo)) throw new AppError(409, loyaltyPointMessages.paying);
        const charges = await repo.charges(o.OrderNo);
        if (charges.some((c) => c.ChargeKind === 'discount')) throw new AppError(409, loyaltyPointMessages.alreadyRedeemed);
        const lines = baseLines(charges, Number(o.TotalAmount), o.JobModeCode);
        const plan = discountPlan(lines, input.Points, value);
        if (!plan) throw badRequest(loyaltyPointMessages.tooSmall(value));
        await deps.loyalty.spend(tx, {
          CustomerCode: o.CustomerCode,
          OrderNo: o.OrderNo,
          TerminalCode: o.TerminalCode,
          Points: plan.Points,
          Rate: value,
          Amount: -plan.Total,
          by: user.UserID,
        });
        const last = charges.reduce((m, c) => Math.max(m, c.LineNo), 0);
        await repo.addDiscount(o.OrderNo, { ...plan, LineNo: last + 1, JobModeCode: o.JobModeCode });
        return { OrderNo: o.OrderNo, Points: plan.Points, Amount: -plan.Total, TotalAmount: Number(o.TotalAmount) + plan.Total };
      });
      return {
        success: true,
        message: `Đã dùng ${done.Points} điểm, giảm ${new Intl.NumberFormat('vi-VN').format(done.Amount)} VNĐ.`,
        data: done,
      };
    },
  };
}

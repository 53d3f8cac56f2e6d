import {
  type CallReply,
  type calls,
  type LoyaltyConfig,
  type LoyaltyStatement,
  type LoyaltyTier,
  loyaltyEarningJobModes,
  loyaltyPointMessages,
  loyaltyPoints,
  loyaltyTier,
} from '@smartport/contract';
import type { Db } from '../../db/client';
import type { AuthUser } from '../../http/context';
import { AppError, badRequest, notFound } from '../../http/errors';
import type { LoyaltyRepository, Totals } from './loyalty.repository';

type L = typeof calls.loyalty;

/** The next tier above `tier` and how far it is (null at Gold, or without a config). */
function nextTier(earned: number, config: LoyaltyConfig | null): LoyaltyStatement['NextTier'] {
  if (!config) return null;
  const lines: [Exclude<LoyaltyTier, null>, number][] = [
    ['COPPER', config.CopperLine],
    ['SILVER', config.SilverLine],
    ['GOLD', config.GoldLine],
  ];
  const next = lines.find(([, line]) => earned < line);
  return next ? { Tier: next[0], Line: next[1], Missing: next[1] - earned } : null;
}

interface SpendInput {
  CustomerCode: string;
  OrderNo: string;
  TerminalCode: string;
  Points: number;
  /** PoinToVND of the moment. */
  Rate: number;
  Amount: number;
  by: string;
}

/**
 * Loyalty points (docs/decisions.md 'Loyalty points'): the ledger's reactions to the orders' facts (earn on payment,
 * give back on cancellation), spending at payment, and what customers and staff see. The rates come from 'Cấu hình
 * Loyalty' (admin) at the moment of each row and are kept in it.
 */
export function createLoyaltyPointsService(deps: {
  repo: LoyaltyRepository;
  config: () => Promise<LoyaltyConfig | null>;
  transaction: <T>(fn: (tx: Db) => Promise<T>) => Promise<T>;
}) {
  const { repo } = deps;

  async function tierOf(earned: number, config: LoyaltyConfig | null): Promise<LoyaltyTier> {
    return config ? loyaltyTier(earned, config) : null;
  }

  async function statement(customerCode: string, terminals: readonly string[] | null): Promise<LoyaltyStatement> {
    const [config, totals, name, entries] = await Promise.all([
      deps.config(),
      repo.totals(customerCode),
      repo.customerName(customerCode),
      repo.entries(customerCode, terminals),
    ]);
    return {
      CustomerCode: customerCode,
      CustomerName: name?.CustomerName ?? null,
      Balance: totals.Balance,
      Earned: totals.Earned,
      Tier: await tierOf(totals.Earned, config),
      PointValue: config ? config.PoinToVND : null,
      NextTier: nextTier(totals.Earned, config),
      entries: entries.map((e) => ({
        Kind: e.Kind,
        OrderNo: e.OrderNo,
        TerminalCode: e.TerminalCode,
        Points: Number(e.Points),
        Teu: e.Teu == null ? null : Number(e.Teu),
        Rate: Number(e.Rate),
        Amount: e.Amount == null ? null : Number(e.Amount),
        CreatedTime: new Date(e.CreatedTime).toISOString(),
      })),
    };
  }

  return {
    /**
     * A paid order earns PoinForTeu per TEU of its containers when its job mode is a lift on/off or a stuffing or
     * unstuffing (extension orders earn nothing: their containers earned with the order they extend). Once per order,
     * at the rate read now; an order cancelled meanwhile earns nothing (its row is locked, the cancellation's giving
     * back sees this row or this sees the cancellation).
     */
    async earn(orderNo: string, by: string | null): Promise<void> {
      const config = await deps.config();
      if (!config || config.PoinForTeu <= 0) return;
      await deps.transaction(async (tx) => {
        const o = await repo.earnFacts(tx, orderNo);
        if (!o || o.OrderStatus === 'D' || o.ExtendsOrderNo || !loyaltyEarningJobModes.includes(o.JobModeCode)) return;
        const { points } = loyaltyPoints(Number(o.Teu), config);
        if (points <= 0) return;
        await repo.insert(tx, {
          CustomerCode: o.CustomerCode,
          OrderNo: o.OrderNo,
          TerminalCode: o.TerminalCode,
          Kind: 'earn',
          Points: points,
          Teu: Number(o.Teu),
          Rate: config.PoinForTeu,
          Amount: null,
          CreatedBy: by,
        });
      });
    },

    /** A cancelled (or rejected) order: the points it earned are taken back, the points spent on it given back. Once each. */
    async giveBack(tx: Db, orderNo: string, by: string | null): Promise<void> {
      const earned = await repo.entry(tx, orderNo, 'earn');
      if (earned) await repo.insert(tx, { ...earned, Kind: 'reverse', Points: -Number(earned.Points), Amount: null, CreatedBy: by });
      const spent = await repo.entry(tx, orderNo, 'redeem');
      if (spent) await repo.insert(tx, { ...spent, Kind: 'restore', Points: -Number(spent.Points), CreatedBy: by });
    },

    /** Points held now and the tier, read inside `tx` when given. */
    totals: (customerCode: string, tx?: Db): Promise<Totals> => repo.totals(customerCode, tx),
    tierOf: async (earned: number) => tierOf(earned, await deps.config()),
    config: () => deps.config(),
    /** Points spent on an order (0: none). */
    async redeemedOn(tx: Db, orderNo: string): Promise<{ Points: number; Amount: number }> {
      const r = await repo.entry(tx, orderNo, 'redeem');
      return r ? { Points: -Number(r.Points), Amount: Number(r.Amount ?? 0) } : { Points: 0, Amount: 0 };
    },

    /**
     * Spends points on an order inside the caller's transaction (the orders' redemption, which writes the discount
     * line in the same transaction): the customer's spending is serialised, the balance checked, one redeem row per
     * order.
     */
    async spend(tx: Db, s: SpendInput): Promise<void> {
      await repo.lockCustomer(tx, s.CustomerCode);
      const { Balance } = await repo.totals(s.CustomerCode, tx);
      if (Balance < s.Points) throw badRequest(loyaltyPointMessages.notEnough(Balance));
      const inserted = await repo.insert(tx, {
        CustomerCode: s.CustomerCode,
        OrderNo: s.OrderNo,
        TerminalCode: s.TerminalCode,
        Kind: 'redeem',
        Points: -s.Points,
        Teu: null,
        Rate: s.Rate,
        Amount: s.Amount,
        CreatedBy: s.by,
      });
      if (!inserted) throw new AppError(409, loyaltyPointMessages.alreadyRedeemed);
    },

    /** 'Điểm tích lũy': the caller's own customer, every terminal. */
    async mine(user: AuthUser): Promise<CallReply<L['myLoyalty']>> {
      if (!user.CustomerCode) throw badRequest(loyaltyPointMessages.noCustomerAccount);
      return { success: true, data: await statement(user.CustomerCode, null) };
    },

    /** 'Điểm tích lũy khách hàng': customers with points in the caller's terminals. */
    async customers(user: AuthUser): Promise<CallReply<L['loyaltyCustomers']>> {
      const [rows, config] = await Promise.all([repo.customers(user.terminals), deps.config()]);
      return {
        success: true,
        data: await Promise.all(
          rows.map(async (r) => ({
            CustomerCode: r.CustomerCode,
            CustomerName: r.CustomerName,
            Balance: Number(r.Balance),
            Earned: Number(r.Earned),
            Tier: await tierOf(Number(r.Earned), config),
          })),
        ),
      };
    },

    /**
     * One customer for staff: a customer with an order in the caller's terminals; the statement lists the rows of
     * those terminals, the balance and tier are the customer's (one balance for the portal).
     */
    async customer(user: AuthUser, customerCode: string): Promise<CallReply<L['customerLoyalty']>> {
      const code = user.CustomerCode ?? customerCode;
      if (user.CustomerCode && user.CustomerCode !== customerCode) throw notFound(loyaltyPointMessages.noCustomer(customerCode));
      if (!(await repo.hasOrderIn(code, user.terminals))) throw notFound(loyaltyPointMessages.noCustomer(customerCode));
      return { success: true, data: await statement(code, user.terminals) };
    },
  };
}
export type LoyaltyPointsService = ReturnType<typeof createLoyaltyPointsService>;

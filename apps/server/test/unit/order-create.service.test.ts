import { orderMessages } from '@smartport/contract';
import { describe, expect, it, vi } from 'vitest';
import type { AuthUser } from '../../src/http/context';
import type { OrderCreateRepository, OrderRecord } from '../../src/modules/orders/order-create.repository';
import { createOrderCreateService, type OrderCreateDeps } from '../../src/modules/orders/order-create.service';

// Pay later (task/order/confirmPayLater): the approval config decides P or C; only C tells the approval hook, once.
const user: AuthUser = {
  UserID: 'khach.c',
  UserName: 'Khách thu sau',
  UserGroupCode: 'CUSTOMER',
  UserGroupName: 'Khách hàng',
  Rank: 10,
  terminals: ['NDP'],
  CustomerCode: 'C0000005',
  Email: null,
  grants: new Set(['HOME', 'TASK_PRE_ADVICE']),
  jti: 'j',
};

function setup(needed: boolean, order: Partial<OrderRecord> = {}) {
  const row = {
    OrderNo: 'NDP2611260000001',
    TerminalCode: 'NDP',
    JobModeCode: 'TRAR',
    OperationCode: 'MSC',
    CustomerCode: 'C0000005',
    MoneyCredit: 'C',
    OrderStatus: 'A',
    TransactionId: null,
    ...order,
  } as OrderRecord;
  const repo = {
    order: vi.fn(async () => ({ ...row })),
    confirmPayLater: vi.fn(async (_no: string, status: 'P' | 'C') => {
      if (row.OrderStatus !== 'A') return false;
      row.OrderStatus = status;
      return true;
    }),
  } as unknown as OrderCreateRepository;
  const onApproved = vi.fn(async () => {});
  const approvalNeeded = vi.fn(async () => needed);
  const deps: OrderCreateDeps = {
    repo,
    pricing: { price: async () => ({ ok: false, message: 'x' }) },
    approvalNeeded,
    onApproved,
    imoAlertFor: async () => [],
    flags: async () => ({ ImportPickupAllCont: false }),
    linkToken: () => 't',
  };
  return { service: createOrderCreateService(deps), onApproved, approvalNeeded, repo };
}

describe('confirmPayLater', () => {
  it('no approval needed: C, the approval hook hears it once, a replay answers C again', async () => {
    const { service, onApproved, approvalNeeded } = setup(false);
    expect(await service.confirmPayLater(user, 'NDP2611260000001')).toEqual({
      success: true,
      message: orderMessages.confirmed,
      data: { OrderStatus: 'C' },
    });
    expect(approvalNeeded).toHaveBeenCalledWith(
      expect.objectContaining({ terminal: 'NDP', jobModeCode: 'TRAR', customerCode: 'C0000005', moneyCredit: 'C' }),
    );
    expect(onApproved).toHaveBeenCalledWith('NDP2611260000001', 'khach.c');
    expect((await service.confirmPayLater(user, 'NDP2611260000001')).data).toEqual({ OrderStatus: 'C' });
    expect(onApproved).toHaveBeenCalledTimes(1);
  });

  it('approval needed: P with the waiting message, the hook is not told', async () => {
    const { service, onApproved } = setup(true);
    expect(await service.confirmPayLater(user, 'NDP2611260000001')).toMatchObject({
      message: orderMessages.waitingApproval,
      data: { OrderStatus: 'P' },
    });
    expect(onApproved).not.toHaveBeenCalled();
  });

  it('refuses a pay-now customer and an order no longer unpaid', async () => {
    await expect(setup(false, { MoneyCredit: 'M' }).service.confirmPayLater(user, 'X')).rejects.toMatchObject({
      statusCode: 400,
      message: orderMessages.notCredit,
    });
    await expect(setup(false, { OrderStatus: 'D' }).service.confirmPayLater(user, 'X')).rejects.toMatchObject({ statusCode: 400 });
  });
});

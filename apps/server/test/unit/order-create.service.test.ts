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

function setup(needed: boolean, order: Partial<OrderRecord> = {}, customsHeld = false) {
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
    // The repository's rule (one SQL update): P when approval is needed or customs holds a container, else C.
    confirmPayLater: vi.fn(async (_no: string, approvalNeeded: boolean) => {
      if (row.OrderStatus !== 'A') return null;
      row.OrderStatus = approvalNeeded || customsHeld ? 'P' : 'C';
      return { OrderStatus: row.OrderStatus, SkipApproval: !approvalNeeded && !customsHeld };
    }),
  } as unknown as OrderCreateRepository;
  // The facts published in the confirmation's transaction (the order approval hears `order.payLaterConfirmed`).
  const published = vi.fn(async () => {});
  const approvalNeeded = vi.fn(async () => needed);
  const deps: OrderCreateDeps = {
    repo,
    transaction: (fn) => fn(repo, { publish: published }),
    publish: async () => {},
    pricing: { price: async () => ({ ok: false, message: 'x' }) },
    approvalNeeded,
    imoAlertFor: async () => [],
    flags: async () => ({ ImportPickupAllCont: false, DepotSelect: false }),
    linkToken: () => 't',
    edoReleases: async () => ({ isEdoLine: false, covers: [] }),
    bookingFor: async () => null,
    extensionDue: async () => null,
  };
  return { service: createOrderCreateService(deps), published, approvalNeeded, repo };
}

describe('confirmPayLater', () => {
  it('no approval needed: C, order.payLaterConfirmed published once, a replay answers C again', async () => {
    const { service, published, approvalNeeded } = setup(false);
    expect(await service.confirmPayLater(user, 'NDP2611260000001')).toEqual({
      success: true,
      message: orderMessages.confirmed,
      data: { OrderStatus: 'C' },
    });
    expect(approvalNeeded).toHaveBeenCalledWith(
      expect.objectContaining({ terminal: 'NDP', jobModeCode: 'TRAR', customerCode: 'C0000005', moneyCredit: 'C' }),
    );
    expect(published).toHaveBeenCalledWith('order.payLaterConfirmed', { orderNo: 'NDP2611260000001', by: 'khach.c', skipApproval: true });
    expect((await service.confirmPayLater(user, 'NDP2611260000001')).data).toEqual({ OrderStatus: 'C' });
    expect(published).toHaveBeenCalledTimes(1);
  });

  it('approval needed: P with the waiting message, published as waiting for staff', async () => {
    const { service, published } = setup(true);
    expect(await service.confirmPayLater(user, 'NDP2611260000001')).toMatchObject({
      message: orderMessages.waitingApproval,
      data: { OrderStatus: 'P' },
    });
    expect(published).toHaveBeenCalledWith('order.payLaterConfirmed', { orderNo: 'NDP2611260000001', by: 'khach.c', skipApproval: false });
  });

  it('customs holds a container: P although approval is not needed, published as not skipping approval', async () => {
    const { service, published } = setup(false, {}, true);
    expect((await service.confirmPayLater(user, 'NDP2611260000001')).data).toEqual({ OrderStatus: 'P' });
    expect(published).toHaveBeenCalledWith('order.payLaterConfirmed', { orderNo: 'NDP2611260000001', by: 'khach.c', skipApproval: false });
  });

  it('refuses a pay-now customer and an order no longer unpaid', async () => {
    await expect(setup(false, { MoneyCredit: 'M' }).service.confirmPayLater(user, 'X')).rejects.toMatchObject({
      statusCode: 400,
      message: orderMessages.notCredit,
    });
    await expect(setup(false, { OrderStatus: 'D' }).service.confirmPayLater(user, 'X')).rejects.toMatchObject({ statusCode: 400 });
  });
});

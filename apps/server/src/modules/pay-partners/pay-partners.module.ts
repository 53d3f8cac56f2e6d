import { notFound } from '../../http/errors';
import type { Module, ModuleContext } from '../../kernel/module';
import { orderReach } from '../../security/order-access';
import { createPayPartnersRepository } from './pay-partners.repository';
import { payPartnersHandlers } from './pay-partners.routes';
import { createPayPartnersService } from './pay-partners.service';

/** The payment partners: the configuration grid, and the partners a payer is offered for an order (payments ask). */
export function payPartnersModule(ctx: ModuleContext) {
  const repo = createPayPartnersRepository(ctx.database.db);
  const payPartners = createPayPartnersService(ctx.grid, async (user, orderNo) => {
    const terminal = await repo.orderTerminal(orderReach(user), orderNo);
    if (!terminal) throw notFound(`Không tìm thấy lệnh ${orderNo}.`);
    return terminal;
  });
  return {
    services: { payPartners },
    handlers: { payPartners: payPartnersHandlers(ctx.grid, payPartners) },
  } satisfies Module<unknown>;
}

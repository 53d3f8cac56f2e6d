import { payPartnerGrid } from '@smartport/contract';
import { gridHandlers } from '../../grid/grid.routes';
import { notFound } from '../../http/errors';
import type { Module, ModuleContext } from '../../kernel/module';
import { orderReach } from '../../security/order-access';
import { createPayPartnersService } from '../settings/pay-partners.service';
import { createPayPartnersRepository } from './pay-partners.repository';

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
    handlers: {
      settings: gridHandlers([payPartnerGrid] as const, ctx.grid, {
        getPayPartners: (input, c) => payPartners.list(c.user, input),
      }),
    },
  } satisfies Module<unknown>;
}

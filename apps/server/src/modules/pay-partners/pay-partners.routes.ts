import { payPartnersGrids } from '@smartport/contract';
import { gridHandlers } from '../../grid/grid.routes';
import type { GridService } from '../../grid/grid.service';
import type { ModuleHandlers } from '../../http/call-registry';
import type { PayPartnersService } from './pay-partners.service';

/** The pay-partner grid's calls come from its entry; its list adds the payer's choice (pay-partners.service.ts). */
export function payPartnersHandlers(grid: GridService, payPartners: PayPartnersService): ModuleHandlers<'payPartners'> {
  return gridHandlers(payPartnersGrids, grid, {
    getPayPartners: (input, ctx) => payPartners.list(ctx.user, input),
  });
}

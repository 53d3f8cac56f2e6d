import type { ModuleHandlers } from '../../http/call-registry';
import type { LoyaltyPointsService } from './loyalty.service';

/** The loyalty screens' calls ('Điểm tích lũy', 'Điểm tích lũy khách hàng'); the payment's two are the orders'. */
export function loyaltyHandlers(
  points: LoyaltyPointsService,
): Pick<ModuleHandlers<'loyalty'>, 'myLoyalty' | 'loyaltyCustomers' | 'customerLoyalty'> {
  return {
    myLoyalty: (_input, c) => points.mine(c.user),
    loyaltyCustomers: (_input, c) => points.customers(c.user),
    customerLoyalty: (input, c) => points.customer(c.user, input.CustomerCode),
  };
}

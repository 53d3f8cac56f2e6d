import type { ModuleHandlers } from '../../http/call-registry';
import type { LoyaltyService } from './loyalty.service';

/** 'Cấu hình Loyalty' calls (spec 03 §7 config/getLoyaltyConfig, saveLoyaltyConfig). */
export function loyaltyHandlers(service: LoyaltyService): Pick<ModuleHandlers<'admin'>, 'getLoyaltyConfig' | 'saveLoyaltyConfig'> {
  return {
    getLoyaltyConfig: async () => (await service.get()) as never,
    saveLoyaltyConfig: (input) => service.save(input),
  };
}

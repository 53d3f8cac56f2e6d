import { type LoyaltyConfig, type LoyaltyTier, loyaltyForm, loyaltyTier } from '@smartport/contract';
import type { SettingsFormService } from '../../settings-form/settings-form.service';

/** 'Cấu hình Loyalty' (spec 03 §2.5): the five numbers on the settings-form mechanism, and the tier they give. */
export function createLoyaltyService(deps: { forms: SettingsFormService }) {
  return {
    get: () => deps.forms.get(loyaltyForm),
    save: (input: Record<string, unknown>) => deps.forms.save(loyaltyForm, input),
    /** The stored config, null until saved once. */
    async config(): Promise<LoyaltyConfig | null> {
      const v = await deps.forms.read(loyaltyForm);
      const keys = ['PoinForTeu', 'PoinToVND', 'GoldLine', 'SilverLine', 'CopperLine'] as const;
      if (keys.some((k) => v[k] == null)) return null;
      return Object.fromEntries(keys.map((k) => [k, Number(v[k])])) as unknown as LoyaltyConfig;
    },
    /** A customer's tier for the points held (null: below Bronze, or no config saved). */
    async tierOf(points: number): Promise<LoyaltyTier> {
      const config = await this.config();
      return config ? loyaltyTier(points, config) : null;
    },
  };
}

export type LoyaltyService = ReturnType<typeof createLoyaltyService>;

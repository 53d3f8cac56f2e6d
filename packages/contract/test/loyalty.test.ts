import { describe, expect, it } from 'vitest';
import { loyaltyForm, loyaltyMessages, loyaltyPoints, loyaltyTier } from '../src';
import { firstProblem } from '../src/settings-form/settings-form';

const config = { PoinForTeu: 10, PoinToVND: 1000, GoldLine: 5000, SilverLine: 2000, CopperLine: 500 };

describe('loyaltyTier: the highest threshold reached (spec 03 §3 GoldLine, SilverLine, CopperLine)', () => {
  it('gives Gold, Silver, Bronze from each line on, and none below Bronze', () => {
    expect(loyaltyTier(5000, config)).toBe('GOLD');
    expect(loyaltyTier(99_999, config)).toBe('GOLD');
    expect(loyaltyTier(4999, config)).toBe('SILVER');
    expect(loyaltyTier(2000, config)).toBe('SILVER');
    expect(loyaltyTier(1999, config)).toBe('COPPER');
    expect(loyaltyTier(500, config)).toBe('COPPER');
    expect(loyaltyTier(499, config)).toBeNull();
    expect(loyaltyTier(0, config)).toBeNull();
    expect(loyaltyTier(Number.NaN, config)).toBeNull();
  });

  it('follows the config: equal lines make the higher tier win; a 0 line is reached by everyone', () => {
    expect(loyaltyTier(2000, { GoldLine: 2000, SilverLine: 2000, CopperLine: 0 })).toBe('GOLD');
    expect(loyaltyTier(0, { GoldLine: 10, SilverLine: 5, CopperLine: 0 })).toBe('COPPER');
  });

  it('earns PoinForTeu a TEU, worth PoinToVND a point', () => {
    expect(loyaltyPoints(3, config)).toEqual({ points: 30, vnd: 30_000 });
    expect(loyaltyPoints(-2, config)).toEqual({ points: 0, vnd: 0 });
  });
});

describe('loyalty form rules (web and server share them)', () => {
  it('asks for each number in order, then Gold ≥ Silver ≥ Bronze', () => {
    expect(firstProblem(loyaltyForm, {})).toBe(loyaltyMessages.PoinForTeu);
    expect(firstProblem(loyaltyForm, { ...config, SilverLine: undefined })).toBe(loyaltyMessages.SilverLine);
    expect(firstProblem(loyaltyForm, { ...config, SilverLine: 6000 })).toBe(loyaltyMessages.order);
    expect(firstProblem(loyaltyForm, { ...config, CopperLine: 2001 })).toBe(loyaltyMessages.order);
    expect(firstProblem(loyaltyForm, config)).toBeNull();
  });
});

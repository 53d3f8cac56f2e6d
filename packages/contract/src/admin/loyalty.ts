import { z } from 'zod';
import { defineSettingsForm } from '../settings-form/settings-form';

/** Project wording (the spec names the fields, not their messages). */
export const loyaltyMessages = {
  PoinForTeu: 'Vui lòng nhập số điểm cho 1 TEU !',
  PoinToVND: 'Vui lòng nhập giá trị quy đổi 1 điểm !',
  GoldLine: 'Vui lòng nhập mức điểm hạng Vàng !',
  SilverLine: 'Vui lòng nhập mức điểm hạng Bạc !',
  CopperLine: 'Vui lòng nhập mức điểm hạng Đồng !',
  order: 'Mức điểm phải theo thứ tự Vàng ≥ Bạc ≥ Đồng !',
} as const;

const points = (label: string) =>
  z.coerce
    .number({ error: `${label} phải là số` })
    .int(`${label} phải là số nguyên không âm`)
    .min(0, `${label} phải là số nguyên không âm`)
    .max(2_000_000_000, `${label} quá lớn`);

export interface LoyaltyConfig {
  PoinForTeu: number;
  PoinToVND: number;
  GoldLine: number;
  SilverLine: number;
  CopperLine: number;
}

export type LoyaltyTier = 'GOLD' | 'SILVER' | 'COPPER' | null;

/** Tier names as shown (Vàng, Bạc, Đồng). */
export const loyaltyTierNames: Record<Exclude<LoyaltyTier, null>, string> = { GOLD: 'Vàng', SILVER: 'Bạc', COPPER: 'Đồng' };

/**
 * The tier a customer's points reach (spec 03 §3 Loyalty config: GoldLine, SilverLine, CopperLine
 * are the thresholds of Gold, Silver, Bronze): the highest line reached, a line counting from its
 * value; null below Bronze. A line of 0 is reached by everyone.
 */
export function loyaltyTier(pointsHeld: number, config: Pick<LoyaltyConfig, 'GoldLine' | 'SilverLine' | 'CopperLine'>): LoyaltyTier {
  if (!Number.isFinite(pointsHeld)) return null;
  if (pointsHeld >= config.GoldLine) return 'GOLD';
  if (pointsHeld >= config.SilverLine) return 'SILVER';
  if (pointsHeld >= config.CopperLine) return 'COPPER';
  return null;
}

/** Points earned for `teu` TEU of lift on/off or stuffing/unstuffing (PoinForTeu each), and their value in VND (PoinToVND each). */
export function loyaltyPoints(teu: number, config: Pick<LoyaltyConfig, 'PoinForTeu' | 'PoinToVND'>): { points: number; vnd: number } {
  const earned = Math.max(0, Math.floor(teu)) * config.PoinForTeu;
  return { points: earned, vnd: earned * config.PoinToVND };
}

/** 'Cấu hình Loyalty' (spec 03 §2.5, /SystemManager/loyalty): five numbers for the whole portal. */
export const loyaltyForm = defineSettingsForm({
  name: 'loyalty',
  title: 'Cấu hình Loyalty',
  menu: 'SYS_LOYALTY',
  module: 'admin',
  fields: {
    PoinForTeu: points('Số điểm cho 1 TEU'),
    PoinToVND: points('Giá trị 1 điểm'),
    GoldLine: points('Mức điểm hạng Vàng'),
    SilverLine: points('Mức điểm hạng Bạc'),
    CopperLine: points('Mức điểm hạng Đồng'),
  },
  defaults: {},
  secrets: [],
  required: [
    { field: 'PoinForTeu', message: loyaltyMessages.PoinForTeu },
    { field: 'PoinToVND', message: loyaltyMessages.PoinToVND },
    { field: 'GoldLine', message: loyaltyMessages.GoldLine },
    { field: 'SilverLine', message: loyaltyMessages.SilverLine },
    { field: 'CopperLine', message: loyaltyMessages.CopperLine },
  ],
  check: (v) => {
    const { GoldLine: g, SilverLine: s, CopperLine: c } = v;
    if (g == null || s == null || c == null) return null;
    return Number(g) >= Number(s) && Number(s) >= Number(c) ? null : loyaltyMessages.order;
  },
  form: [
    { name: 'PoinForTeu', label: 'Điểm mỗi TEU', kind: 'number' },
    { name: 'PoinToVND', label: 'Giá trị 1 điểm', kind: 'number' },
    { name: 'GoldLine', label: 'Mức hạng Vàng', kind: 'number' },
    { name: 'SilverLine', label: 'Mức hạng Bạc', kind: 'number' },
    { name: 'CopperLine', label: 'Mức hạng Đồng', kind: 'number' },
  ],
  confirmSave: true,
  get: {
    name: 'getLoyaltyConfig',
    path: 'config/getLoyaltyConfig',
    summary: 'Cấu hình Loyalty: PoinForTeu, PoinToVND, GoldLine, SilverLine, CopperLine',
  },
  save: {
    name: 'saveLoyaltyConfig',
    path: 'config/saveLoyaltyConfig',
    summary: 'Lưu cấu hình Loyalty {PoinForTeu, PoinToVND, GoldLine, SilverLine, CopperLine}: số nguyên không âm, Vàng ≥ Bạc ≥ Đồng',
  },
});

export const loyaltyCalls = { ...loyaltyForm.calls };

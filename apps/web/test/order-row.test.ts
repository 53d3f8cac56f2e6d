import { type PendingOrderRow, shownPin } from '@smartport/contract';
import { describe, expect, it } from 'vitest';
import { pinsFromHash } from '../src/features/home/api';
import { permittedGuideTypes } from '../src/features/home/guide-data';
import { canDelete, cargoExtras, customsHold, payKind, rowAmount } from '../src/features/home/order-row';

const hold = (CusHold: boolean | null, FE = 'F', IsLocalForeign = 'F', ClassCode: number | null = 1) =>
  customsHold({ CusHold, FE, IsLocalForeign, ClassCode });

describe('pending order row rules (spec 02 §3, §4)', () => {
  it("'Thành tiền': each container's own amount, else the order total once", () => {
    expect(rowAmount({ Amount: 650_000, TotalAmount: 1_300_000, sort_code: 2 })).toBe(650_000);
    expect(rowAmount({ Amount: null, TotalAmount: 1_300_000, sort_code: 1 })).toBe(1_300_000);
    expect(rowAmount({ Amount: null, TotalAmount: 1_300_000, sort_code: 2 })).toBeNull();
  });

  it('shows the PIN up to the dash (the contract helper every screen uses)', () => {
    expect(shownPin('26112100123-07')).toBe('26112100123');
    expect(shownPin('26112100123')).toBe('26112100123');
    expect(shownPin(null)).toBe('');
  });

  it("customs hold column: 'Chưa thanh lý' only for held full foreign containers of class 1, 3 or 4; blank when null", () => {
    expect(hold(true)).toBe('held');
    expect(hold(false, 'F', 'F', 3)).toBe('released');
    expect(hold(true, 'F', 'F', 4)).toBe('held');
    expect(hold(null)).toBeNull();
    expect(hold(true, 'E')).toBeNull();
    expect(hold(true, 'F', 'L')).toBeNull();
    expect(hold(true, 'F', 'F', 2)).toBeNull();
  });

  it('pays now when MoneyCredit is M, later otherwise; deletes only unpaid orders in status A', () => {
    expect(payKind({ MoneyCredit: 'M' })).toBe('pay');
    expect(payKind({ MoneyCredit: 'C' })).toBe('payLater');
    expect(canDelete({ OrderStatus: 'A', TransactionId: null })).toBe(true);
    expect(canDelete({ OrderStatus: 'A', TransactionId: 'FT1' })).toBe(false);
    for (const s of ['P', 'C', 'D'] as const) expect(canDelete({ OrderStatus: s, TransactionId: null })).toBe(false);
  });

  it('lists the reefer, dangerous and out-of-gauge extras for the cargo tooltip', () => {
    const base = {
      CargoTypeName: null,
      Temperature: null,
      Vent: null,
      VentUnit: null,
      Class: null,
      Unno: null,
    } as unknown as PendingOrderRow;
    expect(cargoExtras({ ...base, CargoTypeCode: 'GP' })).toEqual([]);
    expect(cargoExtras({ ...base, CargoTypeCode: 'RF', Temperature: -18, Vent: '25', VentUnit: 'CBM' })).toEqual([
      { kind: 'reefer', temp: '-18', vent: '25 CBM' },
    ]);
    expect(cargoExtras({ ...base, CargoTypeCode: 'DG', Class: '3', Unno: '1263' })).toEqual([
      { kind: 'dangerous', cls: '3', unno: '1263' },
    ]);
    expect(cargoExtras({ ...base, CargoTypeCode: 'OG', OogTop: 30 })[0]).toMatchObject({ kind: 'oog', top: '30', left: '–' });
  });
});

describe('home page helpers', () => {
  it('reads comma separated PIN codes from the URL hash', () => {
    expect(pinsFromHash('#26112100123,26112100124-02, 26112100123')).toEqual(['26112100123', '26112100124-02']);
    expect(pinsFromHash('')).toEqual([]);
    expect(pinsFromHash('#<script>')).toEqual([]);
  });

  it('offers in the guide only the order types the menu grants, each with 6 steps', () => {
    const types = permittedGuideTypes(new Set(['HOME', 'TASK_EMPTY_PICKUP', 'TASK_PRE_ADVICE']));
    expect(types.map((g) => g.title)).toEqual(['Hạ container rỗng', 'Cấp container rỗng']);
    for (const g of permittedGuideTypes(new Set(types.map((x) => x.menuId)))) expect(g.steps).toHaveLength(6);
    expect(permittedGuideTypes(new Set())).toEqual([]);
  });
});

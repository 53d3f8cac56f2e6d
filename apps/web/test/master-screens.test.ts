import { describe, expect, it } from 'vitest';
import { fromServer } from '../src/components/data-grid/grid-rows';
import { linkedCodes, linksToSave, toggleLink } from '../src/features/catalogs/commodity-links';
import { customerListRequest, initialCustomerFilter } from '../src/features/catalogs/customer-filter';
import {
  lookupDone,
  openingFilter,
  readVesselFilter,
  requestVesselLookup,
  saveVesselFilter,
  VESSEL_FILTER_KEY,
} from '../src/features/catalogs/vessel-schedule-filter';

class MemoryStorage {
  items = new Map<string, string>();
  getItem(k: string) {
    return this.items.get(k) ?? null;
  }
  setItem(k: string, v: string) {
    this.items.set(k, v);
  }
}

describe('customer filter panel (spec 03 §2.1)', () => {
  it('omits every filter left at All or blank', () => {
    expect(customerListRequest(initialCustomerFilter)).toEqual({});
    expect(customerListRequest({ ...initialCustomerFilter, TaxCode: '   ', CustomerName: '' })).toEqual({});
  });

  it('sends the chosen filters with the wire types: level and active as numbers, texts trimmed', () => {
    expect(
      customerListRequest({
        CustomerTypeCode: 'FWD',
        CustomerLevelCode: 2,
        TaxCode: ' 0201 ',
        CustomerName: ' Hải Minh ',
        MoneyCredit: 'C',
        IsActive: '0',
      }),
    ).toEqual({ CustomerTypeCode: 'FWD', CustomerLevelCode: 2, TaxCode: '0201', CustomerName: 'Hải Minh', MoneyCredit: 'C', IsActive: 0 });
  });

  it("keeps 'Thu ngay' (M) and 'Hoạt động' (1) while the other filters stay All", () => {
    expect(customerListRequest({ ...initialCustomerFilter, MoneyCredit: 'M', IsActive: '1' })).toEqual({ MoneyCredit: 'M', IsActive: 1 });
  });
});

describe('commodity links (spec 03 §4)', () => {
  const modes = [
    { JobModeCode: 'DONG', JobModeName: 'Đóng hàng', ConfigList: ['GAO', 'GO'] },
    { JobModeCode: 'RUT', JobModeName: 'Rút hàng', ConfigList: [] },
  ];

  it('shows the linked commodities of the selected job mode, none without a selection', () => {
    expect([...linkedCodes(modes, {}, 'DONG')]).toEqual(['GAO', 'GO']);
    expect(linkedCodes(modes, {}, null).size).toBe(0);
  });

  it('ticking links the commodity and marks the job mode edited; unticking back to the loaded list clears the mark', () => {
    const edited = toggleLink(modes, {}, 'RUT', 'THEP', true);
    expect(edited).toEqual({ RUT: ['THEP'] });
    expect([...linkedCodes(modes, edited, 'RUT')]).toEqual(['THEP']);
    const more = toggleLink(modes, edited, 'DONG', 'GO', false);
    expect(linksToSave(more)).toEqual({ RUT: ['THEP'], DONG: ['GAO'] });
    expect(toggleLink(modes, more, 'DONG', 'GO', true)).toEqual({ RUT: ['THEP'] });
  });
});

describe('vessel schedule saved filter (spec 03 §7)', () => {
  it('restores the saved filter without running it', () => {
    const storage = new MemoryStorage();
    saveVesselFilter({ VesselName: 'MAERSK', TerminalCode: 'TC128' }, storage);
    expect(openingFilter(storage)).toEqual({ fields: { VesselName: 'MAERSK', TerminalCode: 'TC128' }, runNow: false });
  });

  it('runs a filter that carries a Rowguid when the screen opens; once run, the Rowguid is cleared and the filter kept', () => {
    const storage = new MemoryStorage();
    requestVesselLookup({ VesselName: 'WAN HAI' }, storage);
    expect(readVesselFilter(storage).Rowguid).toMatch(/^[0-9a-f-]{36}$/);
    expect(openingFilter(storage)).toEqual({ fields: { VesselName: 'WAN HAI' }, runNow: true });
    // Opened again before it ran (a remount): it still runs.
    expect(openingFilter(storage).runNow).toBe(true);
    lookupDone(storage);
    expect(openingFilter(storage)).toEqual({ fields: { VesselName: 'WAN HAI' }, runNow: false });
  });

  it('ignores damaged storage and unknown fields', () => {
    const storage = new MemoryStorage();
    storage.setItem(VESSEL_FILTER_KEY, '{not json');
    expect(readVesselFilter(storage)).toEqual({});
    storage.setItem(VESSEL_FILTER_KEY, JSON.stringify({ VesselName: 42, FromDate: 'hôm qua', evil: '<script>' }));
    expect(readVesselFilter(storage)).toEqual({});
  });
});

describe('rows without a Rowguid', () => {
  it('get their grid id from the business key (vessel calls)', () => {
    const rows = fromServer([{ VesselKey: 'TC1282026001' }, { VesselKey: 'TC1282026002' }], ['VesselKey']);
    expect(rows.map((r) => r.id)).toEqual(['key:TC1282026001', 'key:TC1282026002']);
  });
});

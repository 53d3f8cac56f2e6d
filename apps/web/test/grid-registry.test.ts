import { calls, catalogs, paymentMessages, payPartnerGrid, vesselScheduleGrid } from '@smartport/contract';
import { describe, expect, it } from 'vitest';
import { firstMissingRequired, fromServer, newRows, rowsToSave } from '../src/components/data-grid/grid-rows';
import { newRowPreset } from '../src/components/data-grid/use-grid';
import { listBody } from '../src/components/data-grid/use-grid-list';
import { lookupOptions } from '../src/components/data-grid/use-grid-lookups';

// The web half of the grid registry: what a screen derives from an entry alone (list body, lookup choices,
// header merge, required fields), without screen code of its own.

const G1 = '11111111-1111-4111-8111-111111111111';

describe('the list call an entry makes', () => {
  it("sends the entry's own body, then the screen's filter and header; nothing before a lookup is asked", () => {
    expect(listBody(payPartnerGrid, undefined, undefined)).toEqual({ isAll: true });
    expect(listBody(catalogs.operation, undefined, undefined)).toEqual({});
    expect(listBody(vesselScheduleGrid, { VesselName: 'WAN HAI' }, undefined)).toEqual({ VesselName: 'WAN HAI' });
    expect(listBody(catalogs.exchange, {}, { OperationCode: 'MSC' })).toEqual({ OperationCode: 'MSC' });
    expect(listBody(vesselScheduleGrid, null, undefined)).toBeNull();
  });
});

describe('lookup columns: options from another call', () => {
  const terminal = payPartnerGrid.columns.find((c) => c.field === 'TerminalCode');

  it("the pay partner's terminal column reads the user's terminals from common/getTerminalList", () => {
    expect(terminal?.type).toBe('enum');
    expect(terminal?.lookup?.call).toBe(calls.shell.getTerminalList);
    expect(terminal?.lookup?.value).toBe('TerminalCode');
  });

  it('turns the rows of the lookup call into choices (value stored, label shown), and a new row starts at the first', () => {
    const lookup = { call: calls.catalogs.getOperationList, value: 'OperationCode', label: 'OperationName' };
    expect(
      lookupOptions(lookup, [
        { OperationCode: 'MSC', OperationName: 'Mediterranean Shipping' },
        { OperationCode: 'ONE', OperationName: null },
      ]),
    ).toEqual([
      { value: 'MSC', label: 'Mediterranean Shipping' },
      { value: 'ONE', label: '' },
    ]);
    const options = lookupOptions(terminal?.lookup ?? lookup, [{ TerminalCode: 'NDP' }, { TerminalCode: 'NDV' }]);
    expect(options).toEqual([
      { value: 'NDP', label: 'NDP' },
      { value: 'NDV', label: 'NDV' },
    ]);
    const columns = payPartnerGrid.columns.map((c) => (c.field === 'TerminalCode' ? { ...c, options } : c));
    const [row] = newRows(columns, [{}]);
    expect(row?.values).toMatchObject({ TerminalCode: 'NDP', partnerCode: '', isQR: false, visible: false, orderBy: null });
    // In a terminal-scoped grid a new row starts at the terminal the user works in, when it is a choice.
    expect(newRowPreset(payPartnerGrid, columns, 'NDV')).toEqual({ TerminalCode: 'NDV' });
    expect(newRows(columns, [{}], newRowPreset(payPartnerGrid, columns, 'NDV'))[0]?.values.TerminalCode).toBe('NDV');
    expect(newRowPreset(payPartnerGrid, columns, 'GML')).toEqual({});
    expect(newRowPreset(catalogs.method, catalogs.method.columns, 'NDV')).toEqual({});
  });
});

describe('header fields merged into every saved row', () => {
  it('new and edited rows get the header values (they win over the row), saved rows are not sent', () => {
    const loaded = fromServer([
      { Rowguid: G1, ProbeCode: 'A', OperationCode: 'OLD' },
      { Rowguid: '22222222-2222-4222-8222-222222222222', ProbeCode: 'B', OperationCode: 'MSC' },
    ]);
    const edited = { ...loaded[0], state: 'edited' as const, values: { ...loaded[0]?.values, ProbeCode: 'A2' } };
    const rows = [...newRows([], [{ ProbeCode: 'C', OperationCode: 'X' }]), edited, loaded[1]] as Parameters<typeof rowsToSave>[0];
    expect(rowsToSave(rows, { OperationCode: 'MSC', LaneCode: '*' })).toEqual([
      { ProbeCode: 'C', OperationCode: 'MSC', LaneCode: '*' },
      { Rowguid: G1, ProbeCode: 'A2', OperationCode: 'MSC', LaneCode: '*' },
    ]);
    expect(rowsToSave(rows)).toEqual([
      { ProbeCode: 'C', OperationCode: 'X' },
      { Rowguid: G1, ProbeCode: 'A2', OperationCode: 'OLD' },
    ]);
  });
});

describe("required fields: one message before the row schema's (spec 03 §5 payment partners)", () => {
  it('finds the first new or edited row missing terminal, partner or bank code', () => {
    const fields = payPartnerGrid.required?.fields ?? [];
    expect(payPartnerGrid.required?.message).toBe(paymentMessages.fillAll);
    const rows = [
      ...newRows([], [{ TerminalCode: 'NDP', partnerCode: 'MB', bankCode: 'MB' }]),
      ...newRows([], [{ TerminalCode: 'NDP', partnerCode: 'X', bankCode: '  ' }]),
    ];
    expect(firstMissingRequired(rows, fields)).toBe(rows[1]);
    expect(firstMissingRequired(rows.slice(0, 1), fields)).toBeNull();
    // A saved row is not checked: it is not sent.
    expect(firstMissingRequired(fromServer([{ Rowguid: G1, TerminalCode: null }]), fields)).toBeNull();
  });
});

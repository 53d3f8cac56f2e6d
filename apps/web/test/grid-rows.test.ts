import { dataShareGrid, methodCatalog, operationCatalog } from '@smartport/contract';
import { describe, expect, it } from 'vitest';
import {
  addRows,
  countStates,
  defaultValues,
  editCell,
  fromServer,
  type GridRow,
  hasUnsavedChanges,
  mergeReloaded,
  newRows,
  planDelete,
  removeRows,
  rowsToSave,
  withShownRowNumbers,
} from '../src/components/data-grid/grid-rows';

const G1 = '11111111-1111-4111-8111-111111111111';
const G2 = '22222222-2222-4222-8222-222222222222';
const G3 = '33333333-3333-4333-8333-333333333333';

const loaded = () =>
  fromServer([
    { Rowguid: G1, MethodCode: 'TRUCK', MethodName: 'Giao nhận bằng xe tải', MappingMethod: 'TR' },
    { Rowguid: G2, MethodCode: 'BARGE', MethodName: 'Giao nhận bằng sà lan', MappingMethod: null },
    { Rowguid: G3, MethodCode: 'RAIL', MethodName: 'Giao nhận bằng tàu hỏa', MappingMethod: 'RL' },
  ]);

const byId = (rows: GridRow[], id: string) => rows.find((r) => r.id === id) as GridRow;

describe('row states (spec 03 §1: new, editing, selected)', () => {
  it('loads saved rows keyed by their Rowguid, with nothing unsaved', () => {
    const rows = loaded();
    expect(rows.map((r) => [r.id, r.state])).toEqual([
      [G1, 'saved'],
      [G2, 'saved'],
      [G3, 'saved'],
    ]);
    expect(hasUnsavedChanges(rows)).toBe(false);
  });

  it("'Thêm dòng' puts a blank new row without Rowguid on top", () => {
    const rows = addRows(loaded(), newRows(methodCatalog.columns, [{}]));
    expect(rows).toHaveLength(4);
    expect(rows[0]?.state).toBe('new');
    expect(rows[0]?.id).toMatch(/^new-/);
    expect(rows[0]?.values).toEqual({ MethodCode: '', MethodName: '', MappingMethod: '' });
    expect('Rowguid' in (rows[0]?.values ?? {})).toBe(false);
  });

  it('a blank row holds unticked flags and the first meaning of each choice', () => {
    expect(defaultValues(operationCatalog.columns)).toEqual({
      OperationCode: '',
      OperationName: '',
      IsActive: false,
      IsEDO: false,
      IsLF: null,
      MoneyCredit: 'M',
    });
  });

  it("a read-only column's fixed value is in the new row from the start (EDO sharing: the delivery-order table)", () => {
    expect(defaultValues(dataShareGrid.columns)).toMatchObject({ DataTable: 'DELIVERY_ORDER', TerminalTarget: '', IsActive: false });
  });

  it('editing a saved row makes it edited; undoing the edit makes it saved again', () => {
    let rows = editCell(loaded(), G2, 'MethodName', 'Sà lan');
    expect(byId(rows, G2).state).toBe('edited');
    expect(byId(rows, G1).state).toBe('saved');
    rows = editCell(rows, G2, 'MethodName', 'Giao nhận bằng sà lan');
    expect(byId(rows, G2).state).toBe('saved');
    // An empty text and a missing value are the same thing.
    rows = editCell(rows, G2, 'MappingMethod', '');
    expect(byId(rows, G2).state).toBe('saved');
  });

  it('editing a new row keeps it new', () => {
    const [fresh] = newRows(methodCatalog.columns, [{}]);
    const rows = editCell(addRows(loaded(), [fresh as GridRow]), fresh?.id ?? '', 'MethodCode', 'SHIP');
    expect(rows[0]?.state).toBe('new');
    expect(rows[0]?.values.MethodCode).toBe('SHIP');
  });

  it("'Lưu' sends only new rows (no Rowguid) and edited rows (with Rowguid), in grid order", () => {
    let rows = addRows(loaded(), newRows(methodCatalog.columns, [{ MethodCode: 'SHIP', MethodName: 'Chuyển tàu', Rowguid: G1 }]));
    rows = editCell(rows, G3, 'MappingMethod', 'RX');
    expect(rowsToSave(rows)).toEqual([
      { MethodCode: 'SHIP', MethodName: 'Chuyển tàu', MappingMethod: '' },
      { Rowguid: G3, MethodCode: 'RAIL', MethodName: 'Giao nhận bằng tàu hỏa', MappingMethod: 'RX' },
    ]);
    expect(countStates(rows)).toEqual({ added: 1, edited: 1, unsaved: 2 });
  });

  it("untouched default rows (the free day's five) are sent on 'Lưu' but are nothing to lose until a cell changes", () => {
    const defaults = newRows(methodCatalog.columns, [{ MethodCode: 'A' }, { MethodCode: 'B' }]).map((r) => ({ ...r, untouched: true }));
    expect(countStates(defaults)).toEqual({ added: 2, edited: 0, unsaved: 0 });
    expect(rowsToSave(defaults)).toHaveLength(2);
    const typed = editCell(defaults, defaults[1]?.id ?? '', 'MethodName', 'Bè');
    expect(countStates(typed)).toEqual({ added: 2, edited: 0, unsaved: 1 });
  });

  it('delete drops selected rows without Rowguid locally and sends the selected saved rows with their Rowguid', () => {
    const added = newRows(methodCatalog.columns, [{ MethodCode: 'A' }, { MethodCode: 'B' }]);
    let rows = addRows(loaded(), added);
    rows = editCell(rows, G1, 'MethodName', 'Xe tải');
    const plan = planDelete(rows, [added[0]?.id ?? '', G1]);
    expect(plan.dropLocally).toEqual([added[0]?.id]);
    expect(plan.send).toEqual([{ Rowguid: G1, MethodCode: 'TRUCK', MethodName: 'Xe tải', MappingMethod: 'TR' }]);
    const left = removeRows(rows, [...plan.dropLocally, G1]);
    expect(left.map((r) => r.values.MethodCode)).toEqual(['B', 'BARGE', 'RAIL']);
  });

  it('nothing selected means nothing to drop or send', () => {
    expect(planDelete(loaded(), [])).toEqual({ dropLocally: [], send: [] });
  });

  it('a reload after a delete keeps new rows on top and edits of rows that still exist', () => {
    const added = newRows(methodCatalog.columns, [{ MethodCode: 'NEW' }]);
    let rows = addRows(loaded(), added);
    rows = editCell(rows, G3, 'MethodName', 'Tàu hỏa');
    rows = editCell(rows, G2, 'MethodName', 'Sà lan');
    // G2 was deleted on the server in the meantime.
    const fresh = [
      { Rowguid: G1, MethodCode: 'TRUCK', MethodName: 'Giao nhận bằng xe tải', MappingMethod: 'TR' },
      { Rowguid: G3, MethodCode: 'RAIL', MethodName: 'Giao nhận bằng tàu hỏa', MappingMethod: 'RL' },
    ];
    const merged = mergeReloaded(fresh, rows);
    expect(merged.map((r) => [r.values.MethodCode, r.state])).toEqual([
      ['NEW', 'new'],
      ['TRUCK', 'saved'],
      ['RAIL', 'edited'],
    ]);
    expect(byId(merged, G3).values.MethodName).toBe('Tàu hỏa');
  });
});

describe("the server's row numbers shown as the STT the user sees", () => {
  it('renames "Dòng N" (the N-th row sent) and "trùng với dòng M" to their STT on screen', () => {
    // Sent: the new row at STT 1, then edited rows at STT 4 and 7.
    const stt = [1, 4, 7];
    expect(withShownRowNumbers('Dòng 3: Mã hãng tàu "NEW" bị trùng với dòng 2. Chưa lưu dữ liệu nào.', stt)).toBe(
      'Dòng 7: Mã hãng tàu "NEW" bị trùng với dòng 4. Chưa lưu dữ liệu nào.',
    );
    expect(withShownRowNumbers('Dòng 2: Mã hãng tàu "MSC" đã tồn tại. Chưa lưu dữ liệu nào.', stt)).toBe(
      'Dòng 4: Mã hãng tàu "MSC" đã tồn tại. Chưa lưu dữ liệu nào.',
    );
  });

  it('leaves other messages, and numbers it cannot place, as they are', () => {
    expect(withShownRowNumbers('Không thể xóa: Mã phương án "TRAR" đang được sử dụng trong lệnh.', [5])).toBe(
      'Không thể xóa: Mã phương án "TRAR" đang được sử dụng trong lệnh.',
    );
    expect(withShownRowNumbers('Dòng 9: không tìm thấy dữ liệu cần sửa', [5])).toBe('Dòng 9: không tìm thấy dữ liệu cần sửa');
  });
});

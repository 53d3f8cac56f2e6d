import type { LineContainer, MenuNode } from '@smartport/contract';
import ExcelJS from 'exceljs';
import { describe, expect, it } from 'vitest';
import { resolveView } from '../src/app/resolve-view';
import { readGridSheet } from '../src/components/data-grid/grid-excel';
import {
  containerNosToSend,
  defaultTicked,
  edoDay,
  exportRowsOf,
  importColumns,
  importRowsOf,
  showDay,
} from '../src/features/edo/edo-rows';

const yard = (no: string, EdoNo: string | null = null): LineContainer => ({
  TerminalCode: 'NDP',
  ContainerNo: no,
  IsoSizetype: '22G1',
  FE: 'F',
  ClassCode: '1',
  BLNo: 'MEDUHP2611001',
  BookingNo: null,
  DateIn: '2026-11-01T00:00:00.000Z',
  CustomsStatus: null,
  CustomsHold: null,
  EdoNo,
});

describe('eDO days', () => {
  it.each([
    ['2026-12-15', '2026-12-15'],
    ['2026-1-5', '2026-01-05'],
    ['15/12/2026', '2026-12-15'],
    ['5/1/2026 00:00:00', '2026-01-05'],
    ['46371', '2026-12-15'],
    ['mai', 'mai'],
    ['', ''],
  ])('reads %s as %s', (raw, day) => expect(edoDay(raw)).toBe(day));

  it('shows a day as DD/MM/YYYY', () => {
    expect(showDay('2026-12-15')).toBe('15/12/2026');
    expect(showDay(null)).toBe('');
  });
});

describe('the issue dialog’s containers', () => {
  const free = [yard('MSCU2610010'), yard('MSCU2610025')];

  it('ticks every container not already on an eDO', () => {
    expect(defaultTicked([...free, yard('MSCU2610031', 'EDO0000001')])).toEqual(['MSCU2610010', 'MSCU2610025']);
  });

  it('sends [] for the whole bill: nothing loaded, every container ticked, or none could be ticked', () => {
    expect(containerNosToSend(null, [])).toEqual([]);
    expect(containerNosToSend(free, ['MSCU2610010', 'MSCU2610025'])).toEqual([]);
    expect(containerNosToSend([yard('MSCU2610010', 'EDO0000001')], [])).toEqual([]);
  });

  it('sends the ticked ones when some are left out, and refuses none ticked when some could be', () => {
    expect(containerNosToSend(free, ['MSCU2610025'])).toEqual(['MSCU2610025']);
    expect(containerNosToSend([...free, yard('MSCU2610031', 'EDO0000001')], ['MSCU2610010', 'MSCU2610025'])).toEqual([
      'MSCU2610010',
      'MSCU2610025',
    ]);
    expect(containerNosToSend(free, [])).toBeNull();
  });
});

describe('the eDO import sheet', () => {
  it('reads the template’s titles, a text day and a date cell into edo/import rows', async () => {
    const wb = new ExcelJS.Workbook();
    const ws = wb.addWorksheet('eDO');
    ws.addRow(['STT', ...importColumns.map((c) => c.title)]);
    ws.addRow([1, 'ndp', 'meduhp2611004', '0100112437', '', '2026-12-15', '']);
    ws.addRow([2, 'NDP', 'MEDUHP2611005', '0100112437', '0301234567', new Date(Date.UTC(2026, 11, 20)), 'mscu2610010']);
    const data = (await wb.xlsx.writeBuffer()) as unknown as ArrayBuffer;
    const sheet = await readGridSheet(data, importColumns);
    expect(importRowsOf(sheet.map((s) => s.values))).toEqual([
      { TerminalCode: 'NDP', BLNo: 'MEDUHP2611004', ConsigneeTaxCode: '0100112437', ValidUntil: '2026-12-15' },
      {
        TerminalCode: 'NDP',
        BLNo: 'MEDUHP2611005',
        ConsigneeTaxCode: '0100112437',
        AgentTaxCode: '0301234567',
        ValidUntil: '2026-12-20',
        ContainerNo: 'MSCU2610010',
      },
    ]);
  });

  it('exports a row as the screen shows it', () => {
    const [row] = exportRowsOf([
      {
        EdoNo: 'EDO0000001',
        TerminalCode: 'NDP',
        OperationCode: 'MSC',
        BLNo: 'MEDUHP2611001',
        ConsigneeTaxCode: '0100112437',
        ConsigneeName: 'Công ty A',
        AgentTaxCode: null,
        AgentName: null,
        ValidUntil: '2026-12-15',
        Status: 'A',
        StatusName: 'Hiệu lực',
        Note: null,
        IssuedBy: 'hangtau',
        IssuedTime: '2026-11-20T03:04:00.000Z',
        RevokedBy: null,
        RevokedTime: null,
        RevokeReason: null,
        SharedWith: ['GML'],
        containers: [
          { ContainerNo: 'MSCU2610010', IsoSizetype: '22G1', OrderNo: null, PinCode: null, OrderStatus: null },
          { ContainerNo: 'MSCU2610025', IsoSizetype: '45G1', OrderNo: null, PinCode: null, OrderStatus: null },
        ],
      },
    ]);
    expect(row).toMatchObject({
      ValidUntil: '15/12/2026',
      ContainerCount: 2,
      Containers: 'MSCU2610010, MSCU2610025',
      SharedWith: 'GML',
      IssuedTime: '20/11/2026 10:04',
      AgentTaxCode: '',
    });
  });
});

describe('the Line view group', () => {
  const node = (MenuID: string, Path: string | null, children: MenuNode[] = []): MenuNode => ({
    MenuID,
    ParentID: null,
    MenuName: MenuID,
    Path,
    ViewClass: null,
    ViewPage: null,
    Icon: null,
    OrderBy: 1,
    children,
  });
  const menu = [
    node('LINE', null, [node('LINE_EDO', '/Line/Edo'), node('LINE_CONTAINERS', '/Line/Containers'), node('LINE_ORDERS', '/Line/Orders')]),
  ];

  it.each([
    ['/Line/Edo', 'Edo'],
    ['/line/containers', 'Containers'],
    ['/Line/Orders/', 'Orders'],
  ])('resolves %s to the Line group', (path, page) => {
    const v = resolveView(path, menu);
    expect(v.group).toBe('Line');
    expect(v.page?.toLowerCase()).toBe(page.toLowerCase());
  });
});

import dayjs from 'dayjs';
import ExcelJS from 'exceljs';
import { describe, expect, it } from 'vitest';
import { buildReportWorkbook } from '../src/features/stats/shared/excel-export';
import { currentPeriod, requestRange, startOfQuarter } from '../src/features/stats/shared/period';
import { axisMaxAbovePeak, formatShare, sharePercent } from '../src/features/stats/shared/stats-format';
import { allToggleAction } from '../src/features/stats/shared/TerminalToggles';
import { terminalColor } from '../src/features/stats/shared/terminal-colors';

describe('statistics shared pieces', () => {
  it('the select-all button reads "deselect all" unless more than half of the terminals are off', () => {
    expect(allToggleAction(13, 13)).toBe('deselect');
    expect(allToggleAction(7, 13)).toBe('deselect'); // 6 off of 13: not more than half
    expect(allToggleAction(6, 13)).toBe('select'); // 7 off
    expect(allToggleAction(2, 4)).toBe('deselect'); // exactly half off
    expect(allToggleAction(1, 4)).toBe('select');
    expect(allToggleAction(0, 13)).toBe('select');
  });

  it('quarters start at months 1, 4, 7 and 10', () => {
    expect(startOfQuarter(dayjs('2026-02-17')).format('YYYY-MM-DD')).toBe('2026-01-01');
    expect(startOfQuarter(dayjs('2026-06-30')).format('YYYY-MM-DD')).toBe('2026-04-01');
    expect(startOfQuarter(dayjs('2026-09-01')).format('YYYY-MM-DD')).toBe('2026-07-01');
    expect(startOfQuarter(dayjs('2026-12-31')).format('YYYY-MM-DD')).toBe('2026-10-01');
    const q = { type: 'quarter' as const, from: dayjs('2026-02-10'), to: dayjs('2026-05-03') };
    expect(requestRange(q)).toEqual({ fromTime: '2026-01-01 00:00:00', toTime: '2026-06-30 23:59:59' });
  });

  it('sends whole months and years as YYYY-MM-DD HH:mm:ss and the day pickers as their own text', () => {
    expect(requestRange({ type: 'month', from: dayjs('2026-02-14'), to: dayjs('2026-02-14') })).toEqual({
      fromTime: '2026-02-01 00:00:00',
      toTime: '2026-02-28 23:59:59',
    });
    expect(requestRange({ type: 'year', from: dayjs('2024-07-01'), to: dayjs('2025-01-01') })).toEqual({
      fromTime: '2024-01-01 00:00:00',
      toTime: '2025-12-31 23:59:59',
    });
    expect(requestRange({ type: 'day', from: dayjs('2026-03-05'), to: dayjs('2026-03-09') })).toEqual({
      fromTime: '2026-03-05',
      toTime: '2026-03-09',
    });
    const now = dayjs('2026-08-20 10:00');
    expect(currentPeriod('month', now).from.format('YYYY-MM-DD')).toBe('2026-08-01');
    expect(currentPeriod('quarter', now).from.format('YYYY-MM-DD')).toBe('2026-07-01');
  });

  it('shares have 2 decimals and are zero when the total is zero; the y axis tops 10% above the peak', () => {
    expect(sharePercent(1, 3)).toBe(33.33);
    expect(sharePercent(2, 3)).toBe(66.67);
    expect(sharePercent(5, 0)).toBe(0);
    expect(formatShare(100)).toBe('100,00%');
    expect(formatShare(33.33)).toBe('33,33%');
    expect(axisMaxAbovePeak(200)).toBe(220);
    expect(axisMaxAbovePeak(0)).toBeUndefined();
  });

  it('every terminal keeps one colour, the server’s when it sends one', () => {
    expect(terminalColor('NDP')).toBe('#1f77b4');
    expect(terminalColor('NDP', '#123456')).toBe('#123456');
    expect(terminalColor('XYZ')).toBe(terminalColor('XYZ'));
  });

  it('an export carries the letterhead, the title, the range, the header row and the signature areas', async () => {
    const data = await buildReportWorkbook(
      {
        title: 'THỐNG KÊ TỔNG LỆNH THEO KHÁCH HÀNG',
        range: { from: '01/03/2026 00:00:00', to: '31/03/2026 23:59:59' },
        terminal: {
          TerminalName: 'Cảng Nam Đình Vũ',
          TerminalNameEnglish: 'Nam Dinh Vu Port',
          Address: 'Hải Phòng',
          Tel: '1',
          Fax: '2',
          Web: 'x.vn',
        },
      },
      [{ title: 'Hạng' }, { title: 'Kỳ' }, { title: 'Tổng', numFmt: '#,##0' }],
      [
        { cells: ['', 'Tháng 3 năm 2026', 10], bold: true },
        { cells: [1, 'Công ty A', 10], level: 2 },
      ],
    );
    const wb = new ExcelJS.Workbook();
    await wb.xlsx.load(data as never);
    const sheet = wb.worksheets[0];
    const texts: string[] = [];
    sheet?.eachRow((row) => {
      const cells: string[] = [];
      // A merged range is read once, from its master cell.
      row.eachCell((cell) => {
        if (cell.master === cell && cell.value !== null) cells.push(String(cell.value));
      });
      texts.push(cells.join('|'));
    });
    expect(texts[0]).toBe('Cảng Nam Đình Vũ');
    expect(texts).toContain('THỐNG KÊ TỔNG LỆNH THEO KHÁCH HÀNG');
    expect(texts).toContain('Từ ngày 01/03/2026 00:00:00 đến ngày 31/03/2026 23:59:59');
    expect(texts).toContain('Hạng|Kỳ|Tổng');
    expect(texts).toContain('1|Công ty A|10');
    expect(texts.some((t) => t.includes('Người nhận') && t.includes('Người lập'))).toBe(true);
    expect(texts.some((t) => /^Ngày xuất: \d{2}\/\d{2}\/\d{4} \d{2}:\d{2}:\d{2}$/.test(t))).toBe(true);
  });
});

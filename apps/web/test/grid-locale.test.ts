import { describe, expect, it } from 'vitest';
import { defaultGridLanguage, gridLocales, gridLocaleText } from '../src/components/data-grid/grid-locale';

describe('AG Grid texts', () => {
  const vi = gridLocales.vi;

  it('says in Vietnamese that a live search matched nothing, and that there is nothing to show', () => {
    expect(vi.noMatchingRows).toBe('Không có dòng nào khớp với nội dung tìm kiếm');
    expect(vi.noRowsToShow).toBe('Không có dữ liệu');
  });

  it('has no English default left in the Vietnamese table', () => {
    const english = /(?<!\p{L})(No|Rows?|Page|Press|Loading|Filter|Invalid|Must|Column|Cell|of|to|more)(?!\p{L})/u;
    for (const [key, text] of Object.entries(vi)) expect(text, key).not.toMatch(english);
  });

  it('keeps every language on the same keys, so a new one cannot leave a text in English', () => {
    const keys = Object.keys(vi).sort();
    for (const [language, table] of Object.entries(gridLocales)) expect(Object.keys(table).sort(), language).toEqual(keys);
  });

  it('falls back to the default language and takes a screen’s own empty text', () => {
    expect(defaultGridLanguage).toBe('vi');
    expect(gridLocaleText('xx').noMatchingRows).toBe(vi.noMatchingRows);
    expect(gridLocaleText('vi', { noRowsToShow: 'Chưa truy vấn' }).noRowsToShow).toBe('Chưa truy vấn');
    expect(vi.noRowsToShow).toBe('Không có dữ liệu');
  });
});

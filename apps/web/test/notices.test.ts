// @vitest-environment jsdom
import { describe, expect, it } from 'vitest';
import { safeNoticeFragment, safeNoticeHtml } from '../src/features/shell/notice-html';
import { markSeen, noticeFingerprint, readSeen, unseenNotices } from '../src/features/shell/seen-notices';

const PNG = 'data:image/png;base64,iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNk+M9QDwADhgGAWjR9awAAAABJRU5ErkJggg==';

describe('notice content rendered in the page', () => {
  it('drops scripts, event handlers and javascript: links, and keeps formatting, links and a PNG', () => {
    const html = safeNoticeHtml(
      `<p onclick="window.__xss=1">Cảng <strong>thông báo</strong></p><script>window.__xss=1</script>` +
        `<img src=x onerror="window.__xss=1"><a href="javascript:window.__xss=1">bấm</a>` +
        `<a href="https://smartport.vn">trang chủ</a><img src="${PNG}" alt="logo">` +
        `<iframe src="https://example.com"></iframe><svg onload="window.__xss=1"></svg>`,
    );
    expect(html).not.toMatch(/script|onclick|onerror|onload|javascript:|iframe|svg/i);
    expect(html).toContain('<strong>thông báo</strong>');
    expect(html).toContain(`<img src="${PNG}" alt="logo">`);
    expect(html).toContain('<a href="https://smartport.vn" target="_blank" rel="noopener noreferrer">trang chủ</a>');
    expect(html).toContain('<a target="_blank" rel="noopener noreferrer">bấm</a>');
  });

  it('drops style names that are inherited object keys instead of failing', () => {
    const html = safeNoticeHtml('<p style="constructor: x; __proto__: y; color:#c00">x</p>');
    expect(html).toContain('style="color: #c00"');
    expect(html).not.toContain('constructor');
  });

  it('keeps only raster data images and only alignment and colour styles', () => {
    const html = safeNoticeHtml(
      `<img src="data:image/svg+xml;base64,PHN2ZyBvbmxvYWQ9YWxlcnQoMSk+"><p style="color:#c00; position:fixed; text-align:center">x</p>` +
        `<a href="data:text/html;base64,PHNjcmlwdD4=">d</a>`,
    );
    expect(html).not.toContain('svg');
    expect(html).not.toContain('position');
    expect(html).toContain('style="color: #c00; text-align: center"');
    expect(html).not.toContain('data:text');
  });

  it('hands the page nodes, not text to parse', () => {
    const fragment = safeNoticeFragment(`<p>Xin chào</p><img src="${PNG}" onerror="window.__xss=1">`);
    expect(fragment).toBeInstanceOf(DocumentFragment);
    const img = fragment.querySelector('img');
    expect(img?.getAttribute('src')).toBe(PNG);
    expect(img?.hasAttribute('onerror')).toBe(false);
    expect(safeNoticeFragment(null).childNodes).toHaveLength(0);
  });
});

describe('notices read by a user in this browser', () => {
  const store = () => {
    const m = new Map<string, string>();
    return { getItem: (k: string) => m.get(k) ?? null, setItem: (k: string, v: string) => void m.set(k, v), m };
  };
  const a = { Rowguid: 'a', MailTitle: 'Bảo trì', NotifyContent: '<p>23:00</p>' };
  const b = { Rowguid: 'b', MailTitle: 'Giá mới', NotifyContent: null };

  it('shows a notice until it is read, per user', () => {
    const s = store();
    expect(unseenNotices([a, b], readSeen(s, 'khachhang'))).toEqual([a, b]);
    markSeen(s, 'khachhang', [a], [a, b]);
    expect(unseenNotices([a, b], readSeen(s, 'khachhang'))).toEqual([b]);
    expect(unseenNotices([a, b], readSeen(s, 'admin'))).toEqual([a, b]);
  });

  it('shows an edited notice again', () => {
    const s = store();
    markSeen(s, 'u', [a], [a]);
    const edited = { ...a, NotifyContent: '<p>23:30</p>' };
    expect(noticeFingerprint(edited)).not.toBe(noticeFingerprint(a));
    expect(unseenNotices([edited], readSeen(s, 'u'))).toEqual([edited]);
  });

  it('forgets notices that are no longer active, and survives a damaged store', () => {
    const s = store();
    markSeen(s, 'u', [a, b], [a, b]);
    markSeen(s, 'u', [], [b]);
    expect([...readSeen(s, 'u')]).toEqual([noticeFingerprint(b)]);
    s.setItem('sp.notices.seen.u', '{hỏng');
    expect(readSeen(s, 'u').size).toBe(0);
  });
});

import { type HelpDoc, helpDocs, type MenuId, menuCatalog, userGuideFor } from '@smartport/contract';
import { getDocument } from 'pdfjs-dist/legacy/build/pdf.mjs';
import { beforeAll, describe, expect, it } from 'vitest';
import { readHelpSource, renderHelpPdfs } from '../tools/help-pdfs';

interface Extracted {
  pages: number;
  title: string;
  text: string;
}

/** Text of every page as a reader would copy it (lines joined by one space). */
async function extract(pdf: Buffer): Promise<Extracted> {
  const doc = await getDocument({ data: new Uint8Array(pdf), useSystemFonts: false }).promise;
  let text = '';
  for (let n = 1; n <= doc.numPages; n++) {
    const content = await (await doc.getPage(n)).getTextContent();
    for (const item of content.items) {
      if ('str' in item) text += item.str + (item.hasEOL ? ' ' : '');
    }
    text += ' ';
  }
  const { info } = (await doc.getMetadata()) as { info: { Title?: string } };
  const pages = doc.numPages;
  await doc.destroy();
  return { pages, title: info.Title ?? '', text: text.normalize('NFC').replace(/\s+/g, ' ') };
}

const menuTitle = (id: MenuId) => menuCatalog.find((m) => m.id === id)?.title ?? id;

describe('help PDFs (spec 03 §2.2, spec 01 §2 customs advice)', () => {
  const docs = new Map<HelpDoc, Extracted>();
  const files = new Map<string, Buffer>();

  beforeAll(async () => {
    for (const [path, pdf] of await renderHelpPdfs()) files.set(path, pdf);
    for (const name of Object.keys(helpDocs) as HelpDoc[]) {
      const pdf = files.get(helpDocs[name]);
      if (pdf) docs.set(name, await extract(pdf));
    }
  }, 60_000);

  const doc = (name: HelpDoc) => {
    const d = docs.get(name);
    if (!d) throw new Error(`${name} was not rendered`);
    return d;
  };

  it('renders one valid PDF per public path under /docs/', () => {
    expect([...files.keys()].sort()).toEqual(Object.values(helpDocs).sort());
    for (const [path, pdf] of files) {
      expect(path).toMatch(/^\/docs\/[a-z-]+\.pdf$/);
      expect(pdf.subarray(0, 5).toString('latin1')).toBe('%PDF-');
      expect(pdf.subarray(-8).toString('latin1')).toContain('%%EOF');
    }
  });

  it('FAQ: at least 15 questions, each readable in Vietnamese in the PDF', async () => {
    const faq = doc('faq');
    expect(faq.title).toBe('Câu hỏi thường gặp khi sử dụng SmartPort');
    expect(faq.pages).toBeGreaterThanOrEqual(3);
    const questions = (await readHelpSource('faq'))
      .split('\n')
      .filter((l) => l.startsWith('### '))
      .map((l) => l.slice(4).trim());
    expect(questions.length).toBeGreaterThanOrEqual(15);
    for (const q of questions) expect(faq.text).toContain(q);
    for (const phrase of [
      'Bạn đã đăng nhập sai quá nhiều lần. Vui lòng thử lại sau 15 phút.',
      'Lệnh chờ thanh toán',
      'Xác nhận thanh toán ?',
      'thẻ ngân hàng kèm mã OTP',
      'Quá thời gian đợi phản hồi từ ngân hàng!',
      'VietQR',
      'Xuất hóa đơn thành công !',
      'Lỗi xuất hóa đơn',
      'Đăng ký tờ khai hàng xuất',
      'Xác nhận quét tờ khai này?',
      'quét lại được sau 5 phút',
      'Thông báo của cảng',
      'hotro@smartport.vn',
    ]) {
      expect(faq.text).toContain(phrase);
    }
  });

  it("customer guide: several pages naming the customer's screens and the spec's texts", () => {
    const guide = doc('customerGuide');
    expect(guide.title).toBe('Hướng dẫn sử dụng SmartPort dành cho khách hàng');
    expect(guide.pages).toBeGreaterThanOrEqual(4);
    const screens: MenuId[] = [
      'TASK_FCL_PRE_ADVICE',
      'TASK_PRE_ADVICE',
      'TASK_IMPORT_PICKUP',
      'TASK_EMPTY_PICKUP',
      'TASK_STUFFING',
      'TASK_UNSTUFFING',
      'TASK_SERVICE',
      'CUSTOMS_EXPORT_REG',
      'CUSTOMS_IMPORT_REG',
      'CUSTOMS_RELEASE',
      'CUSTOMS_RELEASE_BATCH',
      'CAT_VESSEL_SCHEDULE',
      'SUP_FAQ',
      'PERSONAL_PROFILE',
    ];
    for (const id of screens) expect(guide.text).toContain(menuTitle(id));
    for (const phrase of [
      "'Lệnh chờ thanh toán'",
      "'Nạp dữ liệu'",
      "'Lệnh sẽ được xóa?'",
      'Vui lòng nhập mã doanh nghiệp !',
      'Vui lòng upload file !',
      "'Tổng dung lượng không được quá 5MB !!'",
      "'Vui lòng nhập mã OTP!'",
      "'Giao dịch thất bại!'",
      "'Không tìm thấy dữ liệu.'",
      'Mang hàng về bảo quản',
    ]) {
      expect(guide.text).toContain(phrase);
    }
  });

  it("shipping-line guide: the Operation group's screens and the gate scan steps", () => {
    const guide = doc('operationGuide');
    expect(guide.title).toBe('Hướng dẫn sử dụng SmartPort dành cho hãng tàu');
    expect(guide.pages).toBeGreaterThanOrEqual(4);
    for (const id of ['TASK_EMPTY_PICKUP', 'TASK_PRE_ADVICE', 'CUSTOMS_RELEASE', 'CUSTOMS_GATE_SCAN', 'CAT_VESSEL_SCHEDULE'] as MenuId[]) {
      expect(guide.text).toContain(menuTitle(id));
    }
    for (const phrase of [
      "'Chọn tàu - Chuyến'",
      "'Nhập đầy đủ thông tin tàu/chuyến và số container'",
      "'Container đã có trong danh sách quét'",
      "'Làm mới'",
      "'Quản lý hãng tàu'",
      'thu sau theo hợp đồng',
    ]) {
      expect(guide.text).toContain(phrase);
    }
    expect(guide.text).not.toContain('Đăng ký tờ khai hàng xuất');
  });

  it('customs advice: every status code with its meaning, contacting customs, re-scan after 5 minutes', () => {
    const advice = doc('customsAdvice');
    expect(advice.title).toBe('Tư vấn khi quét thông quan không thành công');
    expect(advice.pages).toBeGreaterThanOrEqual(2);
    for (const [code, meaning] of [
      ['TQ', 'Thông quan'],
      ['MHBQ', 'Mang hàng về bảo quản'],
      ['GPH', 'Giải phóng hàng'],
      ['CCK', 'Chuyển địa điểm kiểm tra'],
      ['KHH', 'Chờ thông quan sau kiểm tra hộ chủ hàng'],
      ['NA', 'Không đủ điều kiện qua khu vực giám sát'],
    ]) {
      expect(advice.text).toContain(`${code} ${meaning}`);
    }
    expect(advice.text).toContain('Quét lại sau 5 phút');
    expect(advice.text).toContain('Liên hệ cơ quan hải quan');
    expect(advice.text).toContain('chi cục hải quan nơi mở tờ khai');
  });
});

describe('userGuideFor (spec 03 §2.2, §6)', () => {
  it("gives the shipping-line guide to group codes containing 'Operation'", () => {
    expect(userGuideFor('Operation')).toBe(helpDocs.operationGuide);
    expect(userGuideFor('MSC_Operation')).toBe(helpDocs.operationGuide);
  });
  it('gives the customer guide to any other non-empty group, none to an empty one', () => {
    for (const group of ['CUSTOMER', 'STAFF', 'ADMIN', 'operation']) expect(userGuideFor(group)).toBe(helpDocs.customerGuide);
    for (const group of ['', '  ', null, undefined]) expect(userGuideFor(group)).toBeNull();
  });
});
